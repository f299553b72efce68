// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { PriceField } from './price-field';

function PriceForm({ error }: { error?: string }) {
  const form = useForm({ defaultValues: { priceGbp: '12.50' } });
  return (
    <form>
      <PriceField label="Price (£)" name="priceGbp" error={error} registration={form.register('priceGbp')} />
    </form>
  );
}

describe('the price field (component, happy-dom)', () => {
  afterEach(cleanup);

  it('is a decimal input with the value, neither invalid nor described while it has no error', () => {
    render(<PriceForm />);
    const input = screen.getByRole('spinbutton');
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0');
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect((input as HTMLInputElement).value).toBe('12.50');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(input.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('with an error, is marked invalid and described by the error text', () => {
    render(<PriceForm error="Enter the price as a number." />);
    const input = screen.getByRole('spinbutton');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy).toBe('priceGbp-error');
    expect(document.getElementById(describedBy ?? '')?.textContent).toBe('Enter the price as a number.');
    expect(screen.getByRole('alert').textContent).toBe('Enter the price as a number.');
  });
});

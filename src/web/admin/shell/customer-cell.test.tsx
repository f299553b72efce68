// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CustomerCell } from './customer-cell';

describe('a list row’s customer cell (component, happy-dom)', () => {
  afterEach(cleanup);

  it('shows name, e-mail and organisation as text', () => {
    render(
      <CustomerCell
        row={{ customerName: '<i>Ada</i>', customerEmail: 'ada@example.com', customerCompany: 'Lab & Co' }}
      />,
    );
    expect(screen.getByText('<i>Ada</i>')).toBeTruthy();
    expect(screen.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Lab & Co')).toBeTruthy();
  });

  it('says what is missing, and words a missing name as the list asks', () => {
    const { rerender } = render(<CustomerCell row={{ customerName: ' ', customerEmail: null, customerCompany: '' }} />);
    expect(screen.getByText('No name')).toBeTruthy();
    expect(screen.getByText('No email')).toBeTruthy();
    expect(screen.getByText('Not provided')).toBeTruthy();
    rerender(
      <CustomerCell row={{ customerName: null, customerEmail: null, customerCompany: null }} name="Guest Order">
        <div>guest tag</div>
      </CustomerCell>,
    );
    expect(screen.getByText('Guest Order')).toBeTruthy();
    expect(screen.queryByText('No name')).toBeNull();
    expect(screen.getByText('guest tag')).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PaymentBadge } from './badges';

describe('the admin payment badge (component, happy-dom)', () => {
  afterEach(cleanup);

  it('names what is still due on a part-paid deposit invoice, never "Deposit Paid"', () => {
    render(<PaymentBadge status="deposit_part_paid" depositDue={{ amount: 72500, currency: 'EUR' }} />);
    expect(screen.getByText('Deposit part-paid (€725.00 due)')).toBeTruthy();
    expect(screen.queryByText('Deposit Paid')).toBeNull();
  });

  it('says "Deposit part-paid" where the figure is not at hand (the list), and "Deposit Paid" once covered', () => {
    render(<PaymentBadge status="deposit_part_paid" />);
    expect(screen.getByText('Deposit part-paid')).toBeTruthy();
    cleanup();
    render(<PaymentBadge status="deposit_paid" depositDue={{ amount: 0, currency: 'EUR' }} />);
    expect(screen.getByText('Deposit Paid')).toBeTruthy();
  });

  it('a repair order (paid in full, no deposit) reads "Payment …"; a sale keeps its labels word for word', () => {
    const labels = (kind: 'repair' | 'instrument') =>
      (['pending', 'deposit_part_paid', 'deposit_paid', 'fully_paid'] as const).map((status) => {
        render(<PaymentBadge status={status} kind={kind} />);
        const text = document.body.textContent ?? '';
        cleanup();
        return text;
      });
    expect(labels('repair')).toEqual([
      'Payment awaiting',
      'Payment part-paid',
      'Payment part-paid',
      'Payment received',
    ]);
    expect(labels('instrument')).toEqual(['Pending', 'Deposit part-paid', 'Deposit Paid', 'Fully Paid']);
    render(<PaymentBadge status="deposit_part_paid" depositDue={{ amount: 14000, currency: 'GBP' }} kind="repair" />);
    expect(screen.getByText('Payment part-paid (£140.00 due)')).toBeTruthy();
  });
});

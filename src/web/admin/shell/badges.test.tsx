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
});

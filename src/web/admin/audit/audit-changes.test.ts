import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-changes';

describe('auditChanges', () => {
  it('shows only the changed fields, money in pounds or euros, and readable labels', () => {
    expect(
      auditChanges(
        { name: 'Lamp', priceGbp: 12345, priceEur: 14000, active: true },
        { name: 'Lamp', priceGbp: 13000, priceEur: 14000, active: false },
      ),
    ).toEqual([
      { field: 'Price gbp', before: '£123.45', after: '£130.00' },
      { field: 'Active', before: 'Yes', after: 'No' },
    ]);
  });

  it('takes the entry’s currency for an amount, and shows a create’s values', () => {
    expect(auditChanges(null, { amount: 50000, currency: 'EUR', paymentMethod: 'bank_transfer' })).toEqual([
      { field: 'Amount', before: '', after: '€500.00' },
      { field: 'Currency', before: '', after: 'EUR' },
      { field: 'Payment method', before: '', after: 'bank_transfer' },
    ]);
  });

  it('names order and payment statuses by their labels, and a recorded payment by its fields', () => {
    expect(
      auditChanges(
        { status: 'confirmed', paymentStatus: 'deposit_paid', payment: null },
        {
          status: 'shipped',
          paymentStatus: 'fully_paid',
          payment: { id: 'a4', amount: 242805, reference: null, transactionType: 'balance' },
        },
      ),
    ).toEqual([
      { field: 'Status', before: 'Confirmed', after: 'Shipped' },
      { field: 'Payment status', before: 'Deposit Paid', after: 'Fully Paid' },
      { field: 'Payment', before: '—', after: 'Amount £2,428.05, Transaction type balance' },
    ]);
  });
});

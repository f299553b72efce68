import { describe, expect, it } from 'vitest';
import { customerHistoryMessage, customerHistoryText, paymentNote, refundNote } from './customer-history';

describe('customerHistoryText', () => {
  const order = { trackingNumber: 'RM123456785GB' };
  it('says what each row means to the customer, with no staff wording, method or reference', () => {
    expect(customerHistoryText({ oldStatus: null, newStatus: 'pending', notes: 'Order created' }, order)).toBe(
      'Order placed',
    );
    expect(
      customerHistoryText(
        { oldStatus: 'confirmed', newStatus: 'processing', notes: 'Status updated via admin panel' },
        order,
      ),
    ).toBe('In production');
    expect(customerHistoryText({ oldStatus: 'processing', newStatus: 'shipped', notes: null }, order)).toBe(
      'Shipped, tracking number RM123456785GB',
    );
    expect(
      customerHistoryText(
        {
          oldStatus: 'confirmed',
          newStatus: 'confirmed',
          notes: paymentNote('deposit', '£2,801.25', 'Bank transfer, ref UNICAM BACS 884512'),
        },
        order,
      ),
    ).toBe('Deposit of £2,801.25 received');
    expect(
      customerHistoryText(
        {
          oldStatus: 'cancelled',
          newStatus: 'cancelled',
          notes: `${refundNote('€1,638.75', 'deposit', '€1,725.00', 'Bank transfer, 3 December 2026')}: fee kept`,
        },
        order,
      ),
    ).toBe('Refund of €1,638.75 sent');
  });

  it('a repair order (paid in full, no deposit): its payment reads "Payment of £240.00 received"; a sale keeps "Deposit of …"', () => {
    const row = {
      oldStatus: 'confirmed',
      newStatus: 'confirmed',
      notes: paymentNote('deposit', '£240.00', 'Bank transfer, ref REPAIR'),
    };
    expect(customerHistoryText(row, { ...order, kind: 'repair' })).toBe('Payment of £240.00 received');
    expect(customerHistoryText(row, { ...order, kind: 'instrument' })).toBe('Deposit of £240.00 received');
  });

  it('leaves out a same-status row that is neither a payment nor a refund', () => {
    expect(
      customerHistoryText({ oldStatus: 'confirmed', newStatus: 'confirmed', notes: 'Called the lab' }, order),
    ).toBe(null);
  });

  it('says each row by message id with its values, the amount in minor units for the page to write in its language (issue 53)', () => {
    const paid = customerHistoryMessage(
      { oldStatus: 'confirmed', newStatus: 'confirmed', notes: paymentNote('deposit', '€2,403.95', 'Bank transfer') },
      order,
    );
    expect(paid).toMatchObject({
      id: 'history.depositReceived',
      values: { amount: 240395 },
      english: 'Deposit of €2,403.95 received',
    });
    const refunded = customerHistoryMessage(
      {
        oldStatus: 'cancelled',
        newStatus: 'cancelled',
        notes: refundNote('£12,345.67', 'balance', '£20,000.00', 'Bank transfer, 3 December 2026'),
      },
      order,
    );
    expect(refunded).toMatchObject({ id: 'history.refundSent', values: { amount: 1234567 } });
    expect(customerHistoryMessage({ oldStatus: 'processing', newStatus: 'shipped', notes: null }, order)).toMatchObject(
      { id: 'history.shippedTracking', values: { tracking: 'RM123456785GB' } },
    );
    expect(customerHistoryMessage({ oldStatus: null, newStatus: 'pending', notes: 'Order created' }, order)?.id).toBe(
      'history.placed',
    );
  });
});

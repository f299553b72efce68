import { describe, expect, it } from 'vitest';
import {
  defaultPaymentReminderTexts,
  fillPaymentReminder,
  latestReminderStage,
  unknownPlaceholders,
} from './payment-reminders';

const values = {
  firstName: 'Ada {orderUrl}',
  orderNumber: 'O2026-00007',
  invoiceNumber: 'INV2026-00013',
  amountDue: '€725.00',
  dueDate: '16 March 2026',
  daysOverdue: '7',
  orderUrl: 'https://shop.example/order-details/1',
};

describe('payment reminder stages and texts', () => {
  it('names the latest stage reached on each day around the due date', () => {
    // Issue 51: past 21 days the stages go on to 30, 60 and 90 days, then the final notice at 100.
    expect([-4, -3, -1, 0, 6, 7, 20, 21, 29, 30, 59, 60, 89, 90, 99, 100, 400].map(latestReminderStage)).toEqual([
      null,
      'before_3',
      'before_3',
      'due',
      'due',
      'after_7',
      'after_7',
      'after_21',
      'after_21',
      'after_30',
      'after_30',
      'after_60',
      'after_60',
      'after_90',
      'after_90',
      'final',
      'final',
    ]);
  });

  it('fills placeholders once, as plain text, and leaves other braces alone', () => {
    expect(fillPaymentReminder('Dear {firstName}: {amountDue} on {invoiceNumber} {x} {', values)).toBe(
      'Dear Ada {orderUrl}: €725.00 on INV2026-00013 {x} {',
    );
  });

  it('finds unknown placeholders, each once; the defaults have none', () => {
    expect(unknownPlaceholders('Pay {amount} by {dueDate} or {amount} {Total}')).toEqual(['amount', 'Total']);
    for (const text of Object.values(defaultPaymentReminderTexts)) expect(unknownPlaceholders(text)).toEqual([]);
  });
});

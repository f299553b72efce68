import { formatUkDateTime } from '../../shared/dates';
import type { SystemSettings } from '../../shared/settings';
import type { Db } from '../db/client';
import { enqueueMails } from '../mail/outbox';

/** The four payment-reminder texts of the System Settings (decision 0052). */
export const paymentReminderTextKeys = [
  'paymentReminderDueSubject',
  'paymentReminderDueBody',
  'paymentReminderOverdueSubject',
  'paymentReminderOverdueBody',
] as const satisfies readonly (keyof SystemSettings)[];
export type PaymentReminderTextKey = (typeof paymentReminderTextKeys)[number];

const labels: Record<PaymentReminderTextKey, string> = {
  paymentReminderDueSubject: 'Reminder subject (before or on the due date)',
  paymentReminderDueBody: 'Reminder text (before or on the due date)',
  paymentReminderOverdueSubject: 'Reminder subject (overdue)',
  paymentReminderOverdueBody: 'Reminder text (overdue)',
};

/**
 * Every admin is told that a payment-reminder text changed, with the old and the new text, as they
 * are of a bank change (bank-change.ts): the daily job mails these texts to every customer with an
 * invoice falling due, so a changed one is how a stolen session would ask them to pay elsewhere.
 */
export async function queueReminderTextChangeAlert(
  tx: Db,
  alert: {
    to: string[];
    by: string;
    texts: readonly PaymentReminderTextKey[];
    before: SystemSettings;
    after: SystemSettings;
    now: Date;
  },
) {
  const { to, by, texts, before, after, now } = alert;
  const text = [
    `The payment reminder texts e-mailed to customers were changed by ${by} on ${formatUkDateTime(now)}.`,
    ...texts.flatMap((key) => ['', labels[key], '', 'Before:', before[key], '', 'After:', after[key]]),
    '',
    'If you did not expect this change, check the System Settings in the admin and the audit log now.',
  ].join('\n');
  await enqueueMails(
    tx,
    to.map((email) => ({
      kind: 'payment_reminder_text_changed',
      language: 'en',
      to: email,
      subject: 'Security notice: the payment reminder texts were changed',
      text,
    })),
  );
}

import type { BankAccounts } from '../../shared/business-profile';
import { formatUkDateTime } from '../../shared/dates';
import type { Db } from '../db/client';
import { enqueueMails } from '../mail/outbox';

/** The last four characters of an account identifier: enough for the audit trail and the alert. */
const tail = (value: string) => `…${value.replace(/\s+/g, '').slice(-4)}`;

export const maskedBank = (bank: BankAccounts) => ({
  GBP: { ...bank.GBP, accountNumber: tail(bank.GBP.accountNumber) },
  EUR: { ...bank.EUR, iban: tail(bank.EUR.iban) },
});

/** Every admin is told that the bank accounts changed: a changed account on an invoice is the classic invoice fraud. */
export async function queueBankChangeAlert(
  tx: Db,
  alert: { to: string[]; by: string; before: BankAccounts; after: BankAccounts; now: Date },
) {
  const { to, by, before, after, now } = alert;
  const describe = (bank: BankAccounts) => [
    `GBP: ${bank.GBP.accountName}, ${bank.GBP.bankName}, sort code ${bank.GBP.sortCode}, account ${tail(bank.GBP.accountNumber)}`,
    `EUR: ${bank.EUR.accountName}, ${bank.EUR.bankName}, IBAN ${tail(bank.EUR.iban)}, BIC ${bank.EUR.bic}`,
  ];
  const text = [
    `The bank accounts printed on quotes, order acknowledgements and invoices were changed by ${by} on ${formatUkDateTime(now)}.`,
    '',
    'Before:',
    ...describe(before),
    '',
    'After:',
    ...describe(after),
    '',
    'If you did not expect this change, check the business profile in the admin and the audit log now.',
  ].join('\n');
  await enqueueMails(
    tx,
    to.map((email) => ({
      kind: 'bank_details_changed',
      language: 'en',
      to: email,
      subject: 'Security notice: the bank accounts in the business profile were changed',
      text,
    })),
  );
}

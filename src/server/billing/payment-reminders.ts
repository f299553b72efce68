import type { Title } from '../../shared/accounts/title';
import { recipientLanguage } from '../accounts/recipient-language';
import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import {
  fillPaymentReminder,
  lastReminderStage,
  latestReminderStage,
  type PaymentReminderPlaceholder,
  type PaymentReminderStage,
  paymentReminderOffsets,
  paymentReminderStageLabels,
} from '../../shared/orders/payment-reminders';
import type { SystemSettings } from '../../shared/settings';
import { type Db, queryRows } from '../db/client';
import { auditLog, orders, orderStatusHistory, paymentReminders } from '../db/schema';
import type { DailyJob, JobResult } from '../jobs/scheduler';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { accountsPayableEmails } from '../organisations/organisation-access';
import { getCachedSettings } from '../settings/settings-service';
import { documentFacts } from '../terms/terms-service';
import { lockOrder, orderRecipient } from '../order-records/order-admin-context';
import { type InvoiceBalance, loadInvoiceBalances, orderLedgerSql } from '../order-records/order-ledger';
import { footer, greeting } from '../order-records/order-status-mail';
import { todayOf } from './overdue';
import { isPaused, pausedSql } from './reminder-pauses';
import type { OrderKind } from '../../shared/orders/order-kind';
import type { Language } from '../../shared/i18n/languages';
import { type Translator, translator } from '../../shared/i18n/translator';

export const PAYMENT_REMINDERS_JOB = 'payment-reminders';

const DAY_MS = 24 * 3600 * 1000;

/** Whole days from the due date to today (negative before it). */
const daysPastDue = (dueDate: string, today: string) =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / DAY_MS);

/** The catalogue's reminder wording per stage (issue 40, decision 0064): subject, body and closing sentence. */
const catalogueStage: Record<PaymentReminderStage, { key: string; reference: string }> = {
  before_3: { key: 'mail.reminder.before', reference: 'mail.reminder.dueReference' },
  due: { key: 'mail.reminder.onDay', reference: 'mail.reminder.dueReference' },
  after_7: { key: 'mail.reminder.after7', reference: 'mail.reminder.overdueReference' },
  after_21: { key: 'mail.reminder.after21', reference: 'mail.reminder.overdueReference' },
  after_30: { key: 'mail.reminder.after30', reference: 'mail.reminder.overdueReference' },
  after_60: { key: 'mail.reminder.after60', reference: 'mail.reminder.overdueReference' },
  after_90: { key: 'mail.reminder.after90', reference: 'mail.reminder.overdueReference' },
  final: { key: 'mail.reminder.final', reference: 'mail.reminder.finalReference' },
};

/**
 * Issue 51: the stages past 21 days speak in the shop's own wording in every language (the settings'
 * two English texts cover the first four): each escalates, and the final notice names the terms'
 * late-payment interest, the invoice's own sentence.
 */
const shopWordedStages: ReadonlySet<PaymentReminderStage> = new Set(['after_30', 'after_60', 'after_90', 'final']);

/**
 * The reminder e-mail of a German or French order: the shop's translated wording for the stage (the
 * staff's settings texts are English and apply to English orders only), the greeting, the order's
 * link and the signature in the order's language. `values` are already formatted for the language.
 */
function translatedReminderMail(input: {
  to: string;
  tr: Translator;
  stage: PaymentReminderStage;
  title?: Title | null;
  firstName: string | null;
  lastName?: string | null;
  /** Issue 51: addressed to the organisation's accounts payable (the orderer in copy). */
  toAccountsPayable?: boolean;
  values: Record<PaymentReminderPlaceholder, string>;
  facts: Awaited<ReturnType<typeof documentFacts>>;
  order?: { kind?: OrderKind };
}): OutgoingMail {
  const { tr, values } = input;
  const { key, reference } = catalogueStage[input.stage];
  const oneLine = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')]),
  ) as Record<PaymentReminderPlaceholder, string>;
  return {
    kind: 'payment_reminder',
    language: tr.language,
    to: input.to,
    subject: tr.t(`${key}.subject`, oneLine),
    text: [
      input.toAccountsPayable ? tr.t('mail.greetingAccountsPayable') : greeting(input, tr),
      '',
      tr.t(`${key}.body`, values),
      '',
      tr.t(reference, values),
      ...(input.stage === 'final' ? ['', tr.t('doc.invoice.latePayment', { url: input.facts.termsUrl })] : []),
      '',
      tr.t('mail.yourOrder', { url: values.orderUrl }),
      '',
      ...footer(input.facts, input.order, tr),
    ].join('\n'),
  };
}

/**
 * The reminder e-mail: the settings' "before or on the due date" text until the due date, their
 * "overdue" text after it (chosen by the day it goes, so a stage sent late reads as it stands), with
 * the placeholders filled as plain text, then the shop's signature. A German or French order reads
 * the shop's translated wording for its stage instead (decision 0064).
 */
export function paymentReminderMail(input: {
  to: string;
  texts: Pick<
    SystemSettings,
    | 'paymentReminderDueSubject'
    | 'paymentReminderDueBody'
    | 'paymentReminderOverdueSubject'
    | 'paymentReminderOverdueBody'
  >;
  values: Record<PaymentReminderPlaceholder, string>;
  overdue: boolean;
  facts: Awaited<ReturnType<typeof documentFacts>>;
  /** The order's kind: a repair's reminder names the support mailbox (decision 0062). */
  order?: { kind?: OrderKind; language?: Language | null };
  /** The stage being sent and the customer's own first name (null: none given), for a translated reminder. */
  stage?: PaymentReminderStage;
  title?: Title | null;
  firstName?: string | null;
  lastName?: string | null;
  toAccountsPayable?: boolean;
}): OutgoingMail {
  const tr = translator(recipientLanguage(input.order ?? {}));
  if (input.stage && (tr.language !== 'en' || shopWordedStages.has(input.stage))) {
    return translatedReminderMail({ ...input, tr, stage: input.stage, firstName: input.firstName ?? null });
  }
  const subject = input.overdue ? input.texts.paymentReminderOverdueSubject : input.texts.paymentReminderDueSubject;
  const body = input.overdue ? input.texts.paymentReminderOverdueBody : input.texts.paymentReminderDueBody;
  // A subject is one line whatever a value holds (a first name is the customer's own text).
  const oneLine = Object.fromEntries(
    Object.entries(input.values).map(([name, value]) => [name, value.replace(/[\r\n]+/g, ' ')]),
  ) as Record<PaymentReminderPlaceholder, string>;
  return {
    kind: 'payment_reminder',
    language: tr.language,
    to: input.to,
    subject: fillPaymentReminder(subject, oneLine),
    text: [fillPaymentReminder(body, input.values), '', ...footer(input.facts, input.order)].join('\n'),
  };
}

/** The timeline's words for a reminder sent, e.g. "Payment reminder sent (7 days overdue): INV2026-00013, €725.00 outstanding". */
export function reminderHistoryNote(stage: PaymentReminderStage, invoiceNumber: string, amount: string, days: number) {
  const late =
    days === paymentReminderOffsets[stage]
      ? ''
      : `; sent ${days} days ${days < 0 ? 'before' : 'after'} the due date, the job having not run on the stage's day`;
  return `Payment reminder sent (${paymentReminderStageLabels[stage]}${late}): ${invoiceNumber}, ${amount} outstanding`;
}

/**
 * The orders that may have an invoice to remind about today: not cancelled, not excluded, not paused
 * (issue 51: the order's or its customer's pause holds today), not kept only for the law after their
 * customer's erasure (or purged), with something outstanding on the ledger and a deposit or balance
 * invoice that has reached its first stage (due within 3 days) and not yet its last (no final notice).
 */
async function candidateOrderIds(tx: Db, today: string): Promise<string[]> {
  const firstStageDue = -paymentReminderOffsets.before_3;
  const rows = await queryRows<{ order_id: string }>(
    tx,
    sql`select distinct o.id as order_id
        from orders o
        join (${orderLedgerSql}) l on l.order_id = o.id
        join invoices i on i.order_id = o.id and i.kind in ('deposit', 'balance')
        where o.status <> 'cancelled' and o.reminders_excluded_reason is null
          and o.legal_hold_until is null and o.personal_data_purged_at is null
          and l.outstanding > 0
          and i.due_date <= (${today}::date + ${firstStageDue}::int)
          and not exists (select 1 from payment_reminders r where r.invoice_id = i.id and r.stage = ${lastReminderStage})
          and not ${pausedSql(sql`o`, today)}
        order by o.id`,
  );
  return rows.map((row) => row.order_id);
}

/** The hour of `now` in London (the shop's clock), 0–23. */
export const londonHour = (now: Date) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Europe/London' }).format(now),
  );

/**
 * The reminder's recipients (issue 51): the organisation's accounts payable when it has any (the first
 * addressed, the others and the orderer in copy), else the orderer alone.
 */
async function reminderRecipients(tx: Db, ownerId: string | null, orderer: string) {
  const payables = (await accountsPayableEmails(tx, ownerId)).filter(
    (email) => email.toLowerCase() !== orderer.toLowerCase(),
  );
  const [first, ...others] = payables;
  if (!first) return { to: orderer, cc: [] as string[], toAccountsPayable: false };
  return { to: first, cc: [...others, orderer], toAccountsPayable: true };
}

/**
 * Each day (decisions 0052, 0081), from the hour staff set (`paymentReminderHour`, London; the
 * scheduler asks `ready` first, so a check before it claims nothing): every live deposit or balance
 * invoice with money outstanding gets the latest reminder stage it has reached (3 days before its due
 * date, on it, 7, 21, 30, 60 and 90 days after, the final notice at 100), once. The (invoice, stage)
 * row of payment_reminders is claimed first and the e-mail (outbox) and the staff-only timeline entry
 * commit with it, so a reminder goes once whatever the number of processes or runs. A stage missed
 * while the job did not run is not sent later: only the latest reached is. The order row is locked
 * while its invoices are read, so the ledger is read at the moment of sending: a receipt keyed that
 * morning is seen (no reminder), and one recorded at the same moment waits.
 */
export async function runPaymentReminders(tx: Db, now: Date, publicUrl: string): Promise<JobResult> {
  const today = todayOf(now);
  const result: JobResult = { reminders: 0, noRecipient: 0 };
  const orderIds = await candidateOrderIds(tx, today);
  const [settings, facts] = await Promise.all([getCachedSettings(tx), documentFacts(tx, publicUrl)]);
  for (const orderId of orderIds) {
    const order = await lockOrder(tx, orders, orderId);
    // Read again under the lock: staff may have excluded, paused or cancelled it since the candidates were chosen.
    if (!order || order.status === 'cancelled' || order.remindersExcludedReason !== null) continue;
    if (await isPaused(tx, order, today)) continue;
    const due = (await loadInvoiceBalances(tx, orderId))
      .map((balance) => ({ balance, days: daysPastDue(balance.dueDate, today) }))
      .map(({ balance, days }) => ({ balance, days, stage: latestReminderStage(days) }))
      .filter(
        (entry): entry is { balance: InvoiceBalance; days: number; stage: PaymentReminderStage } =>
          entry.stage !== null && entry.balance.outstanding > 0 && entry.balance.state !== 'credited',
      );
    if (due.length === 0) continue;
    const recipient = await orderRecipient(tx, order, publicUrl);
    if (!recipient) {
      result.noRecipient = (result.noRecipient ?? 0) + due.length;
      continue;
    }
    const sendTo = await reminderRecipients(tx, order.userId, recipient.to);
    for (const { balance, days, stage } of due) {
      const [claimed] = await tx
        .insert(paymentReminders)
        .values({ orderId, invoiceId: balance.id, stage, outstanding: balance.outstanding, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: paymentReminders.id });
      if (!claimed) continue;
      const amountDue = formatMoney(balance.outstanding, order.currency, { decimals: 2 });
      // The e-mail's money and dates in the order's language (English: the shop's own, as before).
      const tr = translator(recipientLanguage(order));
      const mail = paymentReminderMail({
        to: sendTo.to,
        texts: settings,
        overdue: days > 0,
        stage,
        title: recipient.title,
        firstName: recipient.firstName,
        lastName: recipient.lastName,
        toAccountsPayable: sendTo.toAccountsPayable,
        values: {
          firstName: sendTo.toAccountsPayable ? 'Accounts Payable' : (recipient.firstName ?? 'customer'),
          orderNumber: order.orderNumber,
          invoiceNumber: balance.number,
          amountDue: tr.money(balance.outstanding, order.currency),
          dueDate: tr.date(balance.dueDate),
          daysOverdue: String(Math.max(days, 0)),
          orderUrl: recipient.orderUrl,
        },
        facts,
        order,
      });
      await enqueueMail(tx, { ...mail, cc: sendTo.cc });
      await tx.insert(orderStatusHistory).values({
        orderId,
        oldStatus: order.status,
        newStatus: order.status,
        changedBy: null,
        notes: reminderHistoryNote(stage, balance.number, amountDue, days),
        staffOnly: true,
        createdAt: now,
      });
      result.reminders = (result.reminders ?? 0) + 1;
    }
  }
  await tx.insert(auditLog).values({
    adminId: null,
    adminEmail: 'system: payment reminders',
    action: 'orders.payment_reminders',
    entityType: 'payment_reminders',
    entityId: today,
    before: null,
    after: result,
    createdAt: now,
  });
  return result;
}

/** The daily job, with the shop's public address for the order links. */
export const paymentRemindersJob = (publicUrl: string): DailyJob => ({
  name: PAYMENT_REMINDERS_JOB,
  ready: async (db, now) => londonHour(now) >= (await getCachedSettings(db)).paymentReminderHour,
  run: (tx, now) => runPaymentReminders(tx, now, publicUrl),
});

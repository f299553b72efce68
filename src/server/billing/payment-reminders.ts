import { recipientLanguage } from '../accounts/recipient-language';
import { sql } from 'drizzle-orm';
import { formatMoney } from '../../shared/money';
import {
  fillPaymentReminder,
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
import { enqueueMails, type OutgoingMail } from '../mail/outbox';
import { withAccountsPayable } from '../organisations/organisation-access';
import { getCachedSettings } from '../settings/settings-service';
import { documentFacts } from '../terms/terms-service';
import { lockOrder, orderRecipient } from '../order-records/order-admin-context';
import { type InvoiceBalance, loadInvoiceBalances, orderLedgerSql } from '../order-records/order-ledger';
import { footer, greeting } from '../order-records/order-status-mail';
import { todayOf } from './overdue';
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
};

/**
 * The reminder e-mail of a German or French order: the shop's translated wording for the stage (the
 * staff's settings texts are English and apply to English orders only), the greeting, the order's
 * link and the signature in the order's language. `values` are already formatted for the language.
 */
function translatedReminderMail(input: {
  to: string;
  tr: Translator;
  stage: PaymentReminderStage;
  firstName: string | null;
  lastName?: string | null;
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
    to: input.to,
    subject: tr.t(`${key}.subject`, oneLine),
    text: [
      greeting(input, tr),
      '',
      tr.t(`${key}.body`, values),
      '',
      tr.t(reference, values),
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
  firstName?: string | null;
  lastName?: string | null;
}): OutgoingMail {
  const tr = translator(recipientLanguage(input.order ?? {}));
  if (tr.language !== 'en' && input.stage) {
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
 * The orders that may have an invoice to remind about today: not cancelled, not excluded, not kept
 * only for the law after their customer's erasure (or purged), with something outstanding on the
 * ledger and a deposit or balance invoice that has reached its first stage (due within 3 days) and
 * not yet its last (no 'after_21' reminder).
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
          and not exists (select 1 from payment_reminders r where r.invoice_id = i.id and r.stage = 'after_21')
        order by o.id`,
  );
  return rows.map((row) => row.order_id);
}

/**
 * Each day (decision 0052): every live deposit or balance invoice with money outstanding gets the
 * latest reminder stage it has reached (3 days before its due date, on it, 7 and 21 days after),
 * once. The (invoice, stage) row of payment_reminders is claimed first and the e-mail (outbox) and
 * the staff-only timeline entry commit with it, so a reminder goes once whatever the number of
 * processes or runs. A stage missed while the job did not run is not sent later: only the latest
 * reached is. The order row is locked while its invoices are read, so a payment recorded at the same
 * moment is either seen (no reminder) or waits.
 */
export async function runPaymentReminders(tx: Db, now: Date, publicUrl: string): Promise<JobResult> {
  const today = todayOf(now);
  const result: JobResult = { reminders: 0, noRecipient: 0 };
  const orderIds = await candidateOrderIds(tx, today);
  const [settings, facts] = await Promise.all([getCachedSettings(tx), documentFacts(tx, publicUrl)]);
  for (const orderId of orderIds) {
    const order = await lockOrder(tx, orders, orderId);
    // Read again under the lock: staff may have excluded or cancelled it since the candidates were chosen.
    if (!order || order.status === 'cancelled' || order.remindersExcludedReason !== null) continue;
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
      // The organisation's accounts payable receive it too (decision 0068).
      await enqueueMails(
        tx,
        await withAccountsPayable(
          tx,
          order.userId,
          paymentReminderMail({
            to: recipient.to,
            texts: settings,
            overdue: days > 0,
            stage,
            firstName: recipient.firstName,
            lastName: recipient.lastName,
            values: {
              firstName: recipient.firstName ?? 'customer',
              orderNumber: order.orderNumber,
              invoiceNumber: balance.number,
              amountDue: tr.money(balance.outstanding, order.currency),
              dueDate: tr.date(balance.dueDate),
              daysOverdue: String(Math.max(days, 0)),
              orderUrl: recipient.orderUrl,
            },
            facts,
            order,
          }),
          tr,
        ),
      );
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
  run: (tx, now) => runPaymentReminders(tx, now, publicUrl),
});

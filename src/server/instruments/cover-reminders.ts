import type { Title } from '../../shared/accounts/title';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { and, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, instrumentReminders, instruments, orders } from '../db/schema';
import type { InstrumentReminderKind } from '../db/schema';
import type { DailyJob, JobResult } from '../jobs/scheduler';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { orderRecipient } from '../order-records/order-admin-context';
import { footer, greeting } from '../order-records/order-status-mail';
import type { Language } from '../../shared/i18n/languages';
import { splitStoredConfiguration } from '../quotes/quote-resource';
import { getCachedSettings } from '../settings/settings-service';
import { documentFacts } from '../terms/terms-service';
import { isoDay } from './instrument-life';
import { createServiceQuote } from './service-quote';

export const COVER_REMINDERS_JOB = 'cover-reminders';

const coverKey: Record<InstrumentReminderKind, string> = {
  warranty_end: 'mail.cover.warranty',
  service_plan_end: 'mail.cover.plan',
};

/** The customer's reminder: which instrument, what ends when, and the renewal quote to order. */
export function coverReminderMail(input: {
  to: string;
  title?: Title | null;
  firstName: string | null;
  lastName?: string | null;
  serialNumber: string;
  model: string;
  kind: InstrumentReminderKind;
  endsOn: string;
  quoteNumber: string;
  /** The renewal's total in minor units, formatted in the language of the instrument's order (issue 40). */
  total: { amount: number; currency: string };
  quoteUrl: string;
  facts: Awaited<ReturnType<typeof documentFacts>>;
  language?: Language | null;
}): OutgoingMail {
  const tr = translator(recipientLanguage({ language: input.language ?? null }));
  const key = coverKey[input.kind];
  const values = { serial: input.serialNumber, model: input.model, date: tr.date(input.endsOn) };
  const text = [
    greeting(input, tr),
    '',
    tr.t(`${key}.ends`, values),
    tr.t('mail.cover.renew', { quote: input.quoteNumber, total: tr.money(input.total.amount, input.total.currency) }),
    tr.t('mail.cover.order', { url: input.quoteUrl }),
    '',
    ...footer(input.facts, null, tr),
  ].join('\n');
  return {
    language: tr.language,
    kind: 'instrument_cover_reminder',
    to: input.to,
    subject: tr.t(`${key}.subject`, values),
    text,
  };
}

/**
 * Each day (decision 0043): every delivered instrument whose warranty or servicing plan ends within
 * the `coverReminderDays` setting from today gets one reminder per end date. The reminder row's
 * unique key (instrument, kind, due date) is claimed first, so a reminder is never made twice, even
 * by two processes; the renewal quote and the e-mail (outbox) commit with it. Orders under legal hold
 * or purged are left out: their customer asked to be erased.
 */
export async function runCoverReminders(tx: Db, now: Date, publicUrl: string): Promise<JobResult> {
  const settings = await getCachedSettings(tx);
  const today = isoDay(now);
  const horizon = new Date(now.getTime() + settings.coverReminderDays * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const within = (column: typeof instruments.warrantyEndsOn | typeof instruments.servicePlanEndsOn) =>
    and(isNotNull(column), gte(column, today), lte(column, horizon));
  const due = await tx
    .select({ instrument: instruments, order: orders })
    .from(instruments)
    .innerJoin(orders, eq(orders.id, instruments.orderId))
    .where(
      and(
        isNotNull(instruments.deliveredOn),
        // An order kept under legal hold after its customer's erasure (or purged after it) writes to no one.
        isNull(orders.legalHoldUntil),
        isNull(orders.personalDataPurgedAt),
        or(within(instruments.warrantyEndsOn), within(instruments.servicePlanEndsOn)),
      ),
    );
  const result: JobResult = { reminders: 0, emails: 0 };
  const facts = await documentFacts(tx, publicUrl);
  for (const { instrument, order } of due) {
    const ends: [InstrumentReminderKind, string | null][] = [
      ['warranty_end', instrument.warrantyEndsOn],
      ['service_plan_end', instrument.servicePlanEndsOn],
    ];
    for (const [kind, endsOn] of ends) {
      if (!endsOn || endsOn < today || endsOn > horizon) continue;
      // A warranty that a service plan already outlasts needs no reminder of its own.
      if (kind === 'warranty_end' && instrument.servicePlanEndsOn && instrument.servicePlanEndsOn > endsOn) continue;
      const [claimed] = await tx
        .insert(instrumentReminders)
        .values({ instrumentId: instrument.id, kind, dueOn: endsOn, sentAt: now })
        .onConflictDoNothing()
        .returning({ id: instrumentReminders.id });
      if (!claimed) continue;
      result.reminders = (result.reminders ?? 0) + 1;
      const recipient = await orderRecipient(tx, order, publicUrl);
      if (!recipient) continue;
      const quote = await createServiceQuote(tx, { kind: 'servicing_renewal', instrumentId: instrument.id, now });
      await tx.update(instrumentReminders).set({ quoteId: quote.id }).where(eq(instrumentReminders.id, claimed.id));
      const total = splitStoredConfiguration(quote.configuration).pricing?.totals.total ?? 0;
      await enqueueMail(
        tx,
        coverReminderMail({
          to: recipient.to,
          title: recipient.title,
          firstName: recipient.firstName,
          lastName: recipient.lastName,
          serialNumber: instrument.serialNumber,
          model: instrument.model,
          kind,
          endsOn,
          quoteNumber: quote.quoteNumber,
          total: { amount: total, currency: quote.currency },
          language: recipientLanguage(order),
          quoteUrl: `${publicUrl}/quote/${quote.quoteReference}`,
          facts,
        }),
      );
      result.emails = (result.emails ?? 0) + 1;
    }
  }
  await tx.insert(auditLog).values({
    adminId: null,
    adminEmail: 'system: cover reminders',
    action: 'instruments.cover_reminders',
    entityType: 'cover_reminders',
    entityId: today,
    before: null,
    after: result,
    createdAt: now,
  });
  return result;
}

/** The daily job, with the shop's public address for the quote links. */
export const coverRemindersJob = (publicUrl: string): DailyJob => ({
  name: COVER_REMINDERS_JOB,
  run: (tx, now) => runCoverReminders(tx, now, publicUrl),
});

import type { Title } from '../../shared/accounts/title';
import { recipientLanguage } from '../accounts/recipient-language';
import { and, eq } from 'drizzle-orm';
import { SHIP_DATE_TO_BE_CONFIRMED } from '../../shared/batches/ship-date';
import { localTerms } from '../../shared/documents/document-language';
import { type Translator, translator } from '../../shared/i18n/translator';
import { PRODUCT_KEY } from '../catalogue/catalogue-service';
import { holdingOrders } from '../catalogue/catalogue-editing';
import type { Db } from '../db/client';
import { batchDateChanges, orders, productBatches, products } from '../db/schema';
import { notFound } from '../http/http-error';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { orderRecipient } from '../order-records/order-admin-context';
import { orderNoticeText } from '../order-records/order-status-mail';

type OrderRow = typeof orders.$inferSelect;

const dateText = (date: string | null, tr: Translator) =>
  date ? tr.date(date) : tr.language === 'en' ? SHIP_DATE_TO_BE_CONFIRMED : tr.t('mail.batch.dateToBeConfirmed');

/** The holder's notice: the batch's old and new dates, and the choice to keep the place or cancel under the terms. */
export function batchDateChangedMail(context: {
  order: OrderRow;
  batchName: string;
  oldDate: string | null;
  newDate: string | null;
  to: string;
  title?: Title | null;
  firstName: string | null;
  lastName?: string | null;
  orderUrl: string;
  facts: Awaited<ReturnType<typeof documentFacts>>;
}): OutgoingMail {
  const { order } = context;
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const text = orderNoticeText(
    context,
    [
      tr.t('mail.batch.dateChanged', { batch: context.batchName, number }),
      tr.t('mail.batch.before', { value: dateText(context.oldDate, tr) }),
      tr.t('mail.batch.now', { value: dateText(context.newDate, tr) }),
      '',
      tr.t('mail.batch.keepPlace'),
      `${tr.t('mail.batch.mayCancelDate')} ${localTerms(tr).cancellation}`,
      tr.t('mail.batch.toCancel', { email: context.facts.profile.salesEmail }),
    ],
    tr,
  );
  return {
    kind: 'batch_date_changed',
    language: tr.language,
    to: context.to,
    subject: tr.t('mail.batch.dateChangedSubject', { number }),
    text,
  };
}

/**
 * E-mails every order holding places in the batch (confirmed or in production) the date change,
 * once: the change row is locked and stamped `notified_at` in the same transaction as the queued
 * e-mails, so a second request (in any process) sends nothing. Each customer's "Before" is the date
 * they were last told (`orders.ship_date_told`, issue 38), else the change's old date; an order already
 * told the new date gets nothing, and each told order is stamped with the new date.
 */
export async function notifyBatchDateChange(
  tx: Db,
  input: { batchId: string; changeId: string; now: Date; publicUrl: string },
) {
  const [found] = await tx
    .select({ change: batchDateChanges, batch: productBatches })
    .from(batchDateChanges)
    .innerJoin(productBatches, eq(productBatches.id, batchDateChanges.batchId))
    .innerJoin(products, eq(products.id, productBatches.productId))
    .where(
      and(
        eq(batchDateChanges.id, input.changeId),
        eq(productBatches.batchId, input.batchId),
        eq(products.productKey, PRODUCT_KEY),
      ),
    )
    .for('update', { of: batchDateChanges });
  if (!found) throw notFound('Date change not found');
  const { change, batch } = found;
  const dates = { oldDate: change.oldDate, newDate: change.newDate };
  if (change.notifiedAt) return { ...dates, notified: 0, alreadySent: true };
  const holders = await tx
    .select()
    .from(orders)
    .where(holdingOrders([batch.id]));
  const facts = await documentFacts(tx, input.publicUrl);
  let notified = 0;
  for (const order of holders) {
    const recipient = await orderRecipient(tx, order, input.publicUrl);
    if (!recipient) continue;
    const oldDate = order.shipDateTold ?? change.oldDate;
    if (order.shipDateTold !== null && order.shipDateTold === change.newDate) continue;
    await enqueueMail(
      tx,
      batchDateChangedMail({ order, batchName: batch.name, oldDate, newDate: change.newDate, ...recipient, facts }),
    );
    await tx.update(orders).set({ shipDateTold: change.newDate }).where(eq(orders.id, order.id));
    notified += 1;
  }
  await tx
    .update(batchDateChanges)
    .set({ notifiedAt: input.now, notifiedCount: notified })
    .where(eq(batchDateChanges.id, change.id));
  return { ...dates, notified, alreadySent: false };
}

/** "ships in March 2027, estimated" or "ship date to be confirmed". */
const shipsText = (date: string | null, tr: Translator) =>
  date ? tr.t('mail.batch.shipsIn', { month: tr.month(date) }) : tr.t('mail.batch.shipToBeConfirmed');

/**
 * The customer's notice of a move to another batch (issue 38): the old and new batch with their
 * estimated ship months, and the choice to cancel under the terms.
 */
export function batchMovedMail(context: {
  order: OrderRow;
  from: { name: string; shipDate: string | null };
  to: { name: string; shipDate: string | null };
  recipient: { to: string; title?: Title | null; firstName: string | null; lastName?: string | null; orderUrl: string };
  facts: Awaited<ReturnType<typeof documentFacts>>;
}): OutgoingMail {
  const { order } = context;
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const text = orderNoticeText(
    { ...context.recipient, facts: context.facts },
    [
      tr.t('mail.batch.moved', { number }),
      tr.t('mail.batch.before', { value: `${context.from.name}, ${shipsText(context.from.shipDate, tr)}` }),
      tr.t('mail.batch.now', { value: `${context.to.name}, ${shipsText(context.to.shipDate, tr)}` }),
      '',
      tr.t('mail.batch.nothingToDo'),
      `${tr.t('mail.batch.mayCancelBatch')} ${localTerms(tr).cancellation}`,
      tr.t('mail.batch.toCancel', { email: context.facts.profile.salesEmail }),
    ],
    tr,
  );
  return {
    kind: 'batch_moved',
    language: tr.language,
    to: context.recipient.to,
    subject: tr.t('mail.batch.movedSubject', { number, batch: context.to.name }),
    text,
  };
}

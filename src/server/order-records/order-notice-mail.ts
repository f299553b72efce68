import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import type { BusinessProfile } from '../../shared/business-profile';
import type { Carrier } from '../../shared/settings';
import type { orders } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { cancellationTerms, type OrderLedger } from './order-ledger';
import { ledgerLines } from '../../shared/orders/ledger-lines';
import { orderNoticeText } from './order-status-mail';
import { paysInFull } from '../../shared/orders/order-kind';
import { localTerms } from '../../shared/documents/document-language';

type OrderRow = typeof orders.$inferSelect;

interface NoticeContext {
  order: OrderRow;
  to: string;
  firstName: string | null;
  orderUrl: string;
  /** The business profile in force (its mailbox, phone and name sign every notice). */
  facts: { profile: BusinessProfile };
}

const money = (order: OrderRow, minor: number) => translator(recipientLanguage(order)).money(minor, order.currency);

/** The carrier's name and tracking link for the order's tracking number, from the settings' carriers list. */
export function trackingOf(order: Pick<OrderRow, 'carrier' | 'trackingNumber'>, carriers: readonly Carrier[]) {
  const carrier = order.carrier ? carriers.find((candidate) => candidate.id === order.carrier) : undefined;
  const number = order.trackingNumber;
  return {
    carrierName: carrier?.name ?? null,
    url: carrier && number ? carrier.trackingUrl.replace('{tracking}', encodeURIComponent(number)) : null,
  };
}

/** The ledger's figures under the names every page uses (deposit due, paid, credit held…), one a line; Outstanding last. */
const ledgerText = (order: OrderRow, ledger: OrderLedger) => {
  const tr = translator(recipientLanguage(order));
  return ledgerLines({ status: order.status, depositAmount: order.depositAmount, kind: order.kind, ledger })
    .filter((line) => line.key !== 'outstanding')
    .map((line) => `${tr.t(`ledger.${line.key}`)}${tr.colon} ${money(order, line.amount)}.`);
};

/** Payment received: the amount, the ledger's figures after it, and what is still outstanding. */
export function paymentReceivedMail(
  context: NoticeContext & { amount: number; receivedOn: string; ledger: OrderLedger },
): OutgoingMail {
  const { order, ledger } = context;
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const text = orderNoticeText(
    context,
    [
      tr.t('mail.payment.received', {
        amount: money(order, context.amount),
        number,
        date: tr.date(context.receivedOn),
      }),
      ...ledgerText(order, ledger),
      ledger.outstanding > 0
        ? `${tr.t('ledger.outstanding')}${tr.colon} ${money(order, ledger.outstanding)}.`
        : tr.t('mail.payment.paidInFull'),
    ],
    tr,
  );
  return {
    kind: 'payment_received',
    language: tr.language,
    to: context.to,
    subject: tr.t('mail.payment.subject', { number }),
    text,
  };
}

/**
 * Cancellation: what happens to the money. Money held is refunded less the terms' cancellation fee
 * (cancellationTerms); with nothing held, what the ledger still holds due, or that nothing is.
 */
export function orderCancelledMail(context: NoticeContext & { ledger: OrderLedger }): OutgoingMail {
  const { order, ledger } = context;
  const money_ = (minor: number) => money(order, minor);
  const held = cancellationTerms(order, ledger);
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  // A repair has no deposit: its one invoice is the payment in full (decision 0062).
  const which = (held: { held: number; deposit: number }) =>
    held.held > held.deposit ? 'payments' : paysInFull(order) ? 'payment' : 'deposit';
  const text = orderNoticeText(
    context,
    [
      tr.t('mail.cancelled.cancelled', { number }),
      ...(held
        ? [
            held.fee > 0
              ? tr.t(`mail.cancelled.${which(held)}RefundedLessFee`, {
                  amount: money_(held.held),
                  percent: String(held.feePercent),
                  fee: money_(held.fee),
                })
              : tr.t(`mail.cancelled.${which(held)}RefundedInFull`, { amount: money_(held.held) }),
            ...(paysInFull(order) ? [localTerms(tr).repairCancellation] : []),
            tr.t('mail.cancelled.creditNoteAndRefund'),
          ]
        : ledger.refundDue > 0
          ? [tr.t('mail.cancelled.weRefund', { amount: money_(ledger.refundDue) })]
          : ledger.outstanding > 0
            ? [tr.t('mail.cancelled.remainsDue', { amount: money_(ledger.outstanding) })]
            : [tr.t('mail.nothingOutstanding')]),
      // Staff's message is printed as they wrote it, never translated.
      ...(order.customerMessage ? ['', order.customerMessage] : []),
    ],
    tr,
  );
  return {
    language: tr.language,
    kind: 'order_cancelled',
    to: context.to,
    subject: tr.t('mail.cancelled.subject', { number }),
    text,
  };
}

/** A refund recorded: the amount, the day and the method, then what the ledger holds and owes after it. */
export function refundMadeMail(
  context: NoticeContext & {
    amount: number;
    refundedOn: string;
    method: string;
    reference: string | null;
    ledger: OrderLedger;
  },
): OutgoingMail {
  const { order, ledger } = context;
  const money_ = (minor: number) => money(order, minor);
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const refund = {
    amount: money_(context.amount),
    number,
    date: tr.date(context.refundedOn),
    // A bank transfer in the buyer's language; any other method as staff typed it.
    method:
      context.method === 'bank_transfer' ? tr.t('payment.method.bank_transfer') : context.method.replaceAll('_', ' '),
  };
  const text = orderNoticeText(
    context,
    [
      context.reference
        ? tr.t('mail.refund.madeWithReference', { ...refund, reference: context.reference })
        : tr.t('mail.refund.made', refund),
      ...ledgerText(order, ledger),
      ledger.outstanding > 0
        ? `${tr.t('ledger.outstanding')}${tr.colon} ${money_(ledger.outstanding)}.`
        : tr.t('mail.nothingOutstanding'),
    ],
    tr,
  );
  return {
    kind: 'refund_made',
    language: tr.language,
    to: context.to,
    subject: tr.t('mail.refund.subject', { number }),
    text,
  };
}

/** Delivery: the order arrived. */
export function orderDeliveredMail(context: NoticeContext): OutgoingMail {
  const { order } = context;
  const tr = translator(recipientLanguage(order));
  const number = order.orderNumber;
  const text = orderNoticeText(
    context,
    [tr.t('mail.delivered.delivered', { number }), tr.t('mail.delivered.hope')],
    tr,
  );
  return {
    kind: 'order_delivered',
    language: tr.language,
    to: context.to,
    subject: tr.t('mail.delivered.subject', { number }),
    text,
  };
}

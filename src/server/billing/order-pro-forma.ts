import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from '../accounts/recipient-language';
import { eq } from 'drizzle-orm';
import { orderMessages } from '../../shared/orders/order-admin-contracts';
import { orderProFormaDocument } from '../../shared/documents/order-documents';
import { lifecycleMessages, orderActions } from '../../shared/orders/lifecycle';
import { localTerms } from '../../shared/documents/document-language';
import type { Db } from '../db/client';
import { orders } from '../db/schema';
import { renderDocumentPdf } from '../documents/document-pdf';
import { conflict, notFound } from '../http/http-error';
import { enqueueMail, pdfAttachment } from '../mail/outbox';
import { documentFacts } from '../terms/terms-service';
import { documentOrder } from './invoices';
import { orderRecipient } from '../order-records/order-admin-context';
import { footer, greeting } from '../order-records/order-status-mail';
import { documentFilename } from '../../shared/documents/document-filename';

export const proFormaMessages = {
  noRecipient: 'This order has no e-mail address to send the pro-forma to.',
} as const;

/**
 * Issue 39: the order's pro-forma as a PDF, drawn now from the order as it stands (it is not a tax
 * document, so it is neither numbered in the invoice series nor stored). 404 for an unknown order;
 * 409 for a cancelled one, which takes no invoice and so no pro-forma.
 */
export async function renderOrderProForma(db: Db, orderId: string, now: Date, publicUrl: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw notFound(orderMessages.orderNotFound);
  if (!orderActions({ status: row.status, outstanding: 0, currency: row.currency }).issueInvoice)
    throw conflict(lifecycleMessages.cancelledNoInvoice, { code: 'order_cancelled' });
  const { order } = await documentOrder(db, row);
  const facts = await documentFacts(db, publicUrl);
  const pdf = await renderDocumentPdf(orderProFormaDocument(order, { ...facts, issuedAt: now }));
  return {
    row,
    pdf,
    filename: documentFilename('proForma', recipientLanguage(row), { orderNumber: row.orderNumber }),
    facts,
  };
}

/** E-mails the pro-forma to the order's customer inside the caller's transaction; returns what the audit keeps. */
export async function sendOrderProForma(tx: Db, input: { orderId: string; now: Date; publicUrl: string }) {
  const { row, pdf, filename, facts } = await renderOrderProForma(tx, input.orderId, input.now, input.publicUrl);
  const recipient = await orderRecipient(tx, row, input.publicUrl);
  if (!recipient) throw conflict(proFormaMessages.noRecipient, { code: 'no_recipient' });
  const tr = translator(recipientLanguage(row));
  const number = row.orderNumber;
  await enqueueMail(tx, {
    kind: 'order_pro_forma',
    language: tr.language,
    to: recipient.to,
    subject: tr.t('mail.proForma.subject', { number }),
    text: [
      greeting(recipient, tr),
      '',
      tr.t('mail.proForma.attached', { number }),
      tr.t('mail.proForma.notVatInvoice'),
      tr.t('mail.invoice.reference', { order: number }),
      '',
      tr.t('mail.yourOrder', { url: recipient.orderUrl }),
      '',
      localTerms(tr).currency(row.currency),
      '',
      ...footer(facts, null, tr),
    ].join('\n'),
    attachments: [pdfAttachment(filename, pdf)],
  });
  return { orderNumber: row.orderNumber, filename };
}

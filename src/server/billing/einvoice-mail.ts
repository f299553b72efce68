import { cleanLine } from '../../shared/clean-text';
import { toCii } from '../../shared/einvoice/cii';
import type { EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';
import { buyerPeppolId, type EInvoice } from '../../shared/einvoice/einvoice-model';
import { toUbl } from '../../shared/einvoice/ubl';
import type { Translator } from '../../shared/i18n/translator';
import type { EInvoiceFormat } from '../../shared/orders/order-schema';
import type { Db } from '../db/client';
import type { MailAttachment } from '../db/schema';
import type { OutgoingMail } from '../mail/outbox';
import { einvoiceDeliveries, withAccountsPayable } from '../organisations/organisation-access';

/**
 * The UBL downloads carry the order's routing reference as it stands (staff may add a Leitweg-ID after
 * the invoice was issued); the CII is the one inside the PDF, as issued.
 */
export const withRoutingReference = (model: EInvoice, routing: string | null): EInvoice => {
  if (!routing) return model;
  const reference = cleanLine(routing);
  return {
    ...model,
    buyerReference: reference,
    buyerReferenceIsRouting: true,
    buyer: { ...model.buyer, peppolId: buyerPeppolId(reference, model.buyer.vatId) },
  };
};

export const einvoiceFilename = (number: string, format: EInvoiceFormat) =>
  `${number}-${format === 'cii' ? 'factur-x' : format}.xml`;

/**
 * The XML an e-mail carries beside the PDF for a delivery choice (issue 52): the XRechnung (UBL, with
 * the order's routing reference; none while BT-10 is empty, as the download refuses it), or the
 * Factur-X XML (CII, the one the PDF embeds). "PDF" carries none: the PDF embeds its Factur-X.
 */
export function einvoiceAttachment(
  delivery: EInvoiceDelivery,
  model: EInvoice,
  routing: string | null,
): { attachment: MailAttachment; format: string } | null {
  if (delivery === 'pdf_facturx')
    return {
      attachment: xmlAttachment(einvoiceFilename(model.number, 'cii'), toCii(model)),
      format: 'Factur-X',
    };
  if (delivery === 'pdf_xrechnung') {
    const xrechnung = withRoutingReference(model, routing);
    if (!xrechnung.buyerReference) return null;
    return {
      attachment: xmlAttachment(einvoiceFilename(model.number, 'xrechnung'), toUbl(xrechnung, 'xrechnung')),
      format: 'XRechnung',
    };
  }
  return null;
}

const xmlAttachment = (filename: string, xml: string): MailAttachment => ({
  filename,
  contentType: 'application/xml',
  contentBase64: Buffer.from(xml, 'utf8').toString('base64'),
});

/**
 * An invoice's or credit note's e-mail and its accounts-payable copies (decision 0068), each with the
 * e-invoice its receiver chose beside the PDF: the owner's choice for the owner's e-mail, the
 * organisation's for the copies (issue 52).
 */
export async function invoiceMails(
  db: Db,
  input: { ownerId: string | null; mail: OutgoingMail; einvoice: EInvoice; routing: string | null; tr: Translator },
): Promise<OutgoingMail[]> {
  const mails = await withAccountsPayable(db, input.ownerId, input.mail, input.tr);
  const deliveries = await einvoiceDeliveries(db, input.ownerId);
  return mails.map((mail, index) => {
    const chosen = einvoiceAttachment(
      index === 0 ? deliveries.owner : deliveries.accountsPayable,
      input.einvoice,
      input.routing,
    );
    if (!chosen) return mail;
    return {
      ...mail,
      text: `${mail.text}\n\n${input.tr.t('mail.invoice.einvoiceAttached', { format: chosen.format })}`,
      attachments: [...(mail.attachments ?? []), chosen.attachment],
    };
  });
}

import PDFDocument from 'pdfkit';
import { company, companyAddressLines, companyRegistrationLine } from '../../shared/company';
import { findCountry } from '../../shared/countries';
import { formatMoney } from '../../shared/money';
import { displayLines, type QuoteResource } from '../../shared/quote-flow';
import { formatUkDate } from '../../shared/dates';

const NAVY = '#0f1f3d';
const GREY = '#5b6478';

/** A one-page A4 quotation: company details, quote number, dates, customer, every priced line, VAT, total, deposit, validity. */
export function renderQuotePdf(quote: QuoteResource): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Quotation ${quote.quoteNumber}`, Author: company.legalName, Subject: `${company.productName} quotation` },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (minor: number) => formatMoney(minor, quote.currency, { decimals: 2 });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(20).text(company.legalName, left, 48);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text([...companyAddressLines, `${company.phone}  ·  ${company.salesEmail}`].join('\n'), { width: width / 2 });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(NAVY).text('QUOTATION', left, 48, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(NAVY);
  const meta = [
    `Quote number: ${quote.quoteNumber}`,
    `Date: ${formatUkDate(quote.createdAt)}`,
    `Valid until: ${quote.validUntil ? formatUkDate(quote.validUntil) : '-'}`,
    `Reference: ${quote.reference}`,
  ];
  doc.text(meta.join('\n'), left, 74, { width, align: 'right' });

  let y = 150;
  const customer = quote.customerInfo;
  doc.font('Helvetica-Bold').fontSize(11).text('Prepared for', left, y);
  doc.font('Helvetica').fontSize(10);
  if (customer) {
    const country = findCountry(customer.country)?.name ?? customer.country;
    doc.text([`${customer.firstName} ${customer.lastName}`, customer.organization, customer.email, country].join('\n'));
  }
  y = doc.y + 16;

  const columns = { item: left, quantity: left + width * 0.58, unit: left + width * 0.68, total: left + width * 0.84 };
  const columnWidth = { item: width * 0.56, quantity: width * 0.1, unit: width * 0.16, total: width * 0.16 };
  doc.rect(left, y, width, 20).fill('#eef1f6');
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(9);
  doc.text('Item', columns.item + 6, y + 6, { width: columnWidth.item });
  doc.text('Qty', columns.quantity, y + 6, { width: columnWidth.quantity, align: 'right' });
  doc.text('Unit price', columns.unit, y + 6, { width: columnWidth.unit, align: 'right' });
  doc.text('Amount', columns.total, y + 6, { width: columnWidth.total - 6, align: 'right' });
  y += 26;
  doc.font('Helvetica').fontSize(9);
  if (quote.pricing) {
    for (const line of displayLines(quote.pricing)) {
      doc.text(line.name, columns.item + 6, y, { width: columnWidth.item });
      const rowHeight = Math.max(doc.y - y, 12);
      doc.text(String(line.quantity), columns.quantity, y, { width: columnWidth.quantity, align: 'right' });
      doc.text(line.freeLabel ?? money(line.unitPrice), columns.unit, y, { width: columnWidth.unit, align: 'right' });
      doc.text(line.freeLabel ?? money(line.total), columns.total, y, { width: columnWidth.total - 6, align: 'right' });
      y += rowHeight + 6;
    }
    doc.moveTo(left, y).lineTo(left + width, y).strokeColor('#c9d0dc').stroke();
    y += 8;
    const totals = quote.pricing.totals;
    const rows: [string, string, boolean][] = [['Subtotal', money(totals.subtotal), false]];
    if (totals.showVAT) rows.push(['VAT', money(totals.vat), false]);
    rows.push(['Total', money(totals.total), true]);
    rows.push(['Deposit due on order (50%)', money(totals.deposit), false]);
    rows.push(['Balance due before dispatch', money(totals.total - totals.deposit), false]);
    for (const [label, value, bold] of rows) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 9);
      doc.text(label, columns.quantity - width * 0.2, y, { width: width * 0.3 + columnWidth.quantity, align: 'right' });
      doc.text(value, columns.total, y, { width: columnWidth.total - 6, align: 'right' });
      y += bold ? 18 : 14;
    }
    if (!totals.showVAT) {
      doc.font('Helvetica').fontSize(8).fillColor(GREY);
      doc.text('Prices exclude local VAT/tax, which is due on delivery.', left, y, { width, align: 'right' });
      y += 14;
    }
  } else {
    doc.text('No pricing information available for this quote.', left, y);
    y += 14;
  }

  y += 12;
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(10).text('Terms', left, y);
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(
    [
      `This quotation is valid until ${quote.validUntil ? formatUkDate(quote.validUntil) : 'further notice'}.`,
      'Payment: a 50% deposit by invoice when the order is placed; the balance is invoiced when the instrument is ready and is due before dispatch.',
      'Delivery: DDP for UK customers, DAP for international customers. Lead time depends on the production batch and order date.',
      `To order, open your quote online or contact ${company.salesEmail} quoting ${quote.quoteNumber}.`,
    ].join('\n'),
    left,
    doc.y + 4,
    { width },
  );

  doc.fontSize(8).text(companyRegistrationLine, left, doc.page.height - 72, { width, align: 'center' });
  doc.end();
  return done;
}

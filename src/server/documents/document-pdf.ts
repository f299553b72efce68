import PDFDocument from 'pdfkit';
import { company } from '../../shared/company';
import type { BusinessDocument, DocumentTable } from '../../shared/documents/document-model';
import { translator } from '../../shared/i18n/translator';

const NAVY = '#0f1f3d';
const GREY = '#5b6478';

/**
 * The one PDF layout of the shop's documents (quote, order confirmation, invoice, credit note,
 * delivery note):
 * the company's letterhead, the document's title and meta top right, the parties, the priced
 * lines, the totals, then its sections, with the registration line at the foot. Every text comes
 * from the document model; customer text is drawn as text.
 */
export function renderDocumentPdf(model: BusinessDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    info: {
      Title: model.name,
      Author: model.issuer.legalName,
      Subject: `${company.productName} ${model.title.toLowerCase()}`,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // The layout's own words and the money in the document's language (issue 40); English as it always was.
  const tr = translator(model.language ?? 'en');
  const money = (minor: number) => tr.money(minor, model.currency);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - 96;
  const ensureRoom = (y: number, needed: number) => {
    if (y + needed <= bottom) return y;
    doc.addPage();
    return doc.page.margins.top;
  };

  // Two columns with a gutter: the letterhead wraps in the left one, the title and meta in the right
  // one, so a long legal name or title wraps instead of running into the other (issue 38).
  const column = width / 2 - 8;
  const right = left + width - column;
  doc
    .fillColor(NAVY)
    .font('Helvetica-Bold')
    .fontSize(model.issuer.legalName.length > 40 ? 16 : 20)
    .text(model.issuer.legalName, left, 48, { width: column });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(model.issuer.lines.join('\n'), left, doc.y, { width: column });
  const letterheadBottom = doc.y;
  // The title stays on one line where a smaller size lets it (down to 12 pt), else it wraps in its column.
  let titleSize = 18;
  doc.font('Helvetica-Bold');
  while (titleSize > 12 && doc.fontSize(titleSize).widthOfString(model.title) > column - 4) titleSize -= 1;
  doc.fontSize(titleSize).fillColor(NAVY).text(model.title, right, 48, { width: column, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(NAVY);
  doc.text(model.meta.map(([label, value]) => `${label}: ${value}`).join('\n'), right, doc.y + 6, {
    width: column,
    align: 'right',
  });

  let y = Math.max(letterheadBottom, doc.y) + 20;
  const partyWidth = model.parties.length > 0 ? width / model.parties.length : width;
  let partiesBottom = y;
  model.parties.forEach((party, index) => {
    const x = left + index * partyWidth;
    doc
      .fillColor(NAVY)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(party.title, x, y, { width: partyWidth - 12 });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(party.lines.join('\n'), x, doc.y, { width: partyWidth - 12 });
    partiesBottom = Math.max(partiesBottom, doc.y);
  });
  y = partiesBottom + 16;

  const columns = { item: left, quantity: left + width * 0.58, unit: left + width * 0.68, total: left + width * 0.84 };
  const columnWidth = { item: width * 0.56, quantity: width * 0.1, unit: width * 0.16, total: width * 0.16 };
  // A delivery note lists what is in the box: quantities, no prices.
  const priced = model.kind !== 'delivery_note';
  if (model.lines.length > 0) {
    doc.rect(left, y, width, 20).fill('#eef1f6');
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(9);
    doc.text(tr.t('doc.pdf.item'), columns.item + 6, y + 6, { width: columnWidth.item });
    doc.text(tr.t('doc.pdf.qty'), columns.quantity, y + 6, { width: columnWidth.quantity, align: 'right' });
    if (priced) {
      doc.text(tr.t('doc.pdf.unitPrice'), columns.unit, y + 6, { width: columnWidth.unit, align: 'right' });
      doc.text(tr.t('doc.pdf.amount'), columns.total, y + 6, { width: columnWidth.total - 6, align: 'right' });
    }
    y += 26;
    doc.font('Helvetica').fontSize(9);
    for (const line of model.lines) {
      y = ensureRoom(y, 24);
      doc.text(line.name, columns.item + 6, y, { width: columnWidth.item });
      const rowHeight = Math.max(doc.y - y, 12);
      doc.text(String(line.quantity), columns.quantity, y, { width: columnWidth.quantity, align: 'right' });
      if (priced) {
        doc.text(line.freeLabel ?? money(line.unitPrice), columns.unit, y, { width: columnWidth.unit, align: 'right' });
        doc.text(line.freeLabel ?? money(line.total), columns.total, y, {
          width: columnWidth.total - 6,
          align: 'right',
        });
      }
      y += rowHeight + 6;
    }
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#c9d0dc')
      .stroke();
    y += 8;
  }
  for (const total of model.totals) {
    y = ensureRoom(y, 18);
    doc
      .fillColor(NAVY)
      .font(total.emphasis ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(total.emphasis ? 11 : 9);
    doc.text(total.label, columns.quantity - width * 0.3, y, {
      width: width * 0.4 + columnWidth.quantity,
      align: 'right',
    });
    doc.text(money(total.amount), columns.total, y, { width: columnWidth.total - 6, align: 'right' });
    y += total.emphasis ? 18 : 14;
  }
  for (const note of model.notes) {
    doc.font('Helvetica').fontSize(8).fillColor(GREY);
    doc.text(note, left, y, { width, align: 'right' });
    y = doc.y + 4;
  }

  for (const table of model.tables ?? [])
    y = drawTable(doc, table, { left, width, y: ensureRoom(y + 10, 60), ensureRoom });

  for (const section of model.sections) {
    y = ensureRoom(y + 10, 40);
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(10).text(section.title, left, y, { width });
    doc.font('Helvetica').fontSize(9).fillColor(GREY);
    doc.text(section.lines.join('\n'), left, doc.y + 4, { width });
    y = doc.y;
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(GREY)
      .text(model.issuer.registration, left, doc.page.height - 72, { width, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

/** A document's table: its title, a shaded header row, then each row's cells wrapped in their column; returns the y below it. */
function drawTable(
  doc: PDFKit.PDFDocument,
  table: DocumentTable,
  at: { left: number; width: number; y: number; ensureRoom: (y: number, needed: number) => number },
): number {
  const { left, width } = at;
  const total = table.columns.reduce((sum, column) => sum + column.width, 0);
  const xs: number[] = [];
  let x = left;
  for (const column of table.columns) {
    xs.push(x);
    x += (column.width / total) * width;
  }
  const widthOf = (index: number) => ((table.columns[index]?.width ?? 0) / total) * width - 8;
  const header = (top: number) => {
    doc.rect(left, top, width, 18).fill('#eef1f6');
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(8);
    table.columns.forEach((column, index) =>
      doc.text(column.label, (xs[index] ?? left) + 4, top + 5, {
        width: widthOf(index),
        align: column.align ?? 'left',
      }),
    );
    return top + 22;
  };
  let y = at.y;
  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(10).text(table.title, left, y, { width });
  y = header(doc.y + 4);
  for (const row of table.rows) {
    doc.font(row.emphasis ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    const height = Math.max(...row.cells.map((cell, index) => doc.heightOfString(cell, { width: widthOf(index) })), 10);
    const next = at.ensureRoom(y, height + 6);
    if (next !== y) y = header(next);
    doc
      .fillColor(NAVY)
      .font(row.emphasis ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(8);
    row.cells.forEach((cell, index) =>
      doc.text(cell, (xs[index] ?? left) + 4, y, {
        width: widthOf(index),
        align: table.columns[index]?.align ?? 'left',
      }),
    );
    y += height + 6;
  }
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c9d0dc')
    .stroke();
  return y + 8;
}

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { company } from '../../shared/company';
import type { BusinessDocument, DocumentTable } from '../../shared/documents/document-model';
import { translator } from '../../shared/i18n/translator';
import { toCii } from '../../shared/einvoice/cii';
import type { EInvoice } from '../../shared/einvoice/einvoice-model';

export interface RenderOptions {
  /** An invoice's or credit note's EN 16931 model: embedded as Factur-X (CII, EN 16931 profile). */
  einvoice?: EInvoice;
  /** An image drawn under a section's lines, by the section's title (a drawn signature, issue 39). */
  sectionImages?: Record<string, Buffer>;
}

/** The attachment's name the Factur-X specification fixes. */
export const FACTURX_FILENAME = 'factur-x.xml';

const pdfaProperty = (name: string, description: string) => `
              <rdf:li rdf:parseType="Resource">
                <pdfaProperty:name>${name}</pdfaProperty:name>
                <pdfaProperty:valueType>Text</pdfaProperty:valueType>
                <pdfaProperty:category>external</pdfaProperty:category>
                <pdfaProperty:description>${description}</pdfaProperty:description>
              </rdf:li>`;

/**
 * The Factur-X XMP metadata (Factur-X 1.0, section 6.2.2): the document's type, the attachment's name,
 * the version and the profile, with the PDF/A extension schema that declares them.
 */
const facturXmp = (conformance: string) => `
        <rdf:Description xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#" rdf:about="">
            <fx:DocumentType>INVOICE</fx:DocumentType>
            <fx:DocumentFileName>${FACTURX_FILENAME}</fx:DocumentFileName>
            <fx:Version>1.0</fx:Version>
            <fx:ConformanceLevel>${conformance}</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/" xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#" xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#" rdf:about="">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${pdfaProperty('DocumentFileName', 'The name of the embedded XML document')}${pdfaProperty('DocumentType', 'The type of the hybrid document in capital letters, e.g. INVOICE or ORDER')}${pdfaProperty('Version', 'The actual version of the standard applying to the embedded XML document')}${pdfaProperty('ConformanceLevel', 'The conformance level of the embedded XML document')}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>
        `;

/** Attaches the CII as factur-x.xml (AFRelationship Alternative: the XML is the invoice in another form) with its XMP. */
function embedFacturX(doc: PDFKit.PDFDocument, einvoice: EInvoice) {
  const issued = new Date(`${einvoice.issueDate}T00:00:00Z`);
  // pdfkit writes AFRelationship from `relationship`, which its typings do not list yet.
  const attachment = {
    name: FACTURX_FILENAME,
    type: 'text/xml',
    relationship: 'Alternative',
    description: `Factur-X (EN 16931) of ${einvoice.kind === 'credit_note' ? 'credit note' : 'invoice'} ${einvoice.number}`,
    creationDate: issued,
    modifiedDate: issued,
  };
  doc.file(Buffer.from(toCii(einvoice), 'utf8'), attachment);
  doc.appendXML(facturXmp('EN 16931'));
}

/**
 * PDF/A forbids the standard fonts, which a PDF names but does not carry: a PDF/A document (the
 * invoice and the credit note, Factur-X) embeds Arimo instead, whose widths are Helvetica's, so the
 * page reads and wraps as the other documents do (decision 0063). Loaded once, on the first PDF/A.
 */
let embeddedFonts: { regular: Buffer; bold: Buffer } | null = null;
function arimo() {
  if (!embeddedFonts) {
    const resolve = createRequire(import.meta.url).resolve;
    embeddedFonts = {
      regular: readFileSync(resolve('@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf')),
      bold: readFileSync(resolve('@expo-google-fonts/arimo/700Bold/Arimo_700Bold.ttf')),
    };
  }
  return embeddedFonts;
}

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A PDF/A's XMP repeats the document's title, author and subject, which pdfkit writes into the XML
 * unescaped: a legal name such as "Smith & Sons" would make the metadata malformed. The XMP gets the
 * escaped text; the Info dictionary, a PDF string, keeps the text as it is.
 */
function escapeXmpInfo(doc: PDFKit.PDFDocument) {
  const pdf = doc as unknown as { info: Record<string, unknown>; _addInfo: () => void };
  const addInfo = pdf._addInfo.bind(pdf);
  pdf._addInfo = () => {
    const info = pdf.info;
    const escaped: Record<string, unknown> = { ...info };
    for (const key of ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'])
      if (typeof info[key] === 'string') escaped[key] = xmlText(info[key]);
    pdf.info = escaped;
    try {
      addInfo();
    } finally {
      pdf.info = info;
    }
  };
}

/**
 * French typography puts a narrow no-break space (U+202F) before : ; ? ! and inside « » (issue 53),
 * which the PDFs' standard fonts cannot draw: on paper it becomes a no-break space (U+00A0), the same
 * look, as the translator does for French digit groups. E-mails keep the narrow one.
 */
function drawableModel<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\u202f/g, '\u00a0') as T;
  if (Array.isArray(value)) return value.map((item: unknown) => drawableModel(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, drawableModel(item)])) as T;
  return value;
}

const NAVY = '#0f1f3d';
const GREY = '#5b6478';

/**
 * The one PDF layout of the shop's documents (quote, order confirmation, invoice, credit note,
 * delivery note):
 * the company's letterhead, the document's title and meta top right, the parties, the priced
 * lines, the totals, then its sections, with the registration line at the foot. Every text comes
 * from the document model; customer text is drawn as text.
 */
export function renderDocumentPdf(drawn: BusinessDocument, options: RenderOptions = {}): Promise<Buffer> {
  const model = drawableModel(drawn);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    bufferPages: true,
    // Issue 40: an invoice or credit note is a PDF/A-3 carrying its CII as factur-x.xml (Factur-X).
    // Its default font is embedded too: pdfkit opens the default in the constructor, before any
    // registration, and accepts a font's bytes there (its typings say only a name).
    ...(options.einvoice
      ? { pdfVersion: '1.7' as const, subset: 'PDF/A-3b' as const, font: arimo().regular as unknown as string }
      : {}),
    info: {
      Title: model.name,
      Author: model.issuer.legalName,
      Subject: `${company.productName} ${model.title.toLowerCase()}`,
    },
  });
  if (options.einvoice) {
    embedFacturX(doc, options.einvoice);
    escapeXmpInfo(doc);
    // Registered under the standard names, the layout below draws in the embedded font unchanged.
    doc.registerFont('Helvetica', arimo().regular);
    doc.registerFont('Helvetica-Bold', arimo().bold);
  }
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
  // A banner (the pro-forma's "not a VAT invoice") sits above the margin of every page, drawn at the end.
  const top = model.banner ? doc.page.margins.top + 22 : doc.page.margins.top;
  const ensureRoom = (y: number, needed: number) => {
    if (y + needed <= bottom) return y;
    doc.addPage();
    return top;
  };

  // Two columns with a gutter: the letterhead wraps in the left one, the title and meta in the right
  // one, so a long legal name or title wraps instead of running into the other (issue 38).
  const column = width / 2 - 8;
  const right = left + width - column;
  doc
    .fillColor(NAVY)
    .font('Helvetica-Bold')
    .fontSize(model.issuer.legalName.length > 40 ? 16 : 20)
    .text(model.issuer.legalName, left, top, { width: column });
  doc.font('Helvetica').fontSize(9).fillColor(GREY);
  doc.text(model.issuer.lines.join('\n'), left, doc.y, { width: column });
  const letterheadBottom = doc.y;
  // The title stays on one line where a smaller size lets it (down to 12 pt), else it wraps in its column.
  let titleSize = 18;
  doc.font('Helvetica-Bold');
  while (titleSize > 12 && doc.fontSize(titleSize).widthOfString(model.title) > column - 4) titleSize -= 1;
  doc.fontSize(titleSize).fillColor(NAVY).text(model.title, right, top, { width: column, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor(NAVY);
  doc.text(
    model.meta.map(([label, value]) => `${label}${tr.colon.replace(/\u202f/g, '\u00a0')} ${value}`).join('\n'),
    right,
    doc.y + 6,
    {
      width: column,
      align: 'right',
    },
  );

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

  // Invoices, credit notes and the pro-forma show each line's net, VAT and gross (issue 39); the rest one amount.
  const vatColumns = model.lineColumns === 'net_vat_gross';
  const columns = vatColumns
    ? {
        item: left,
        quantity: left + width * 0.38,
        unit: left + width * 0.44,
        total: left + width * 0.58,
        vat: left + width * 0.72,
        gross: left + width * 0.86,
      }
    : {
        item: left,
        quantity: left + width * 0.58,
        unit: left + width * 0.68,
        total: left + width * 0.84,
        vat: 0,
        gross: 0,
      };
  const columnWidth = vatColumns
    ? {
        item: width * 0.37,
        quantity: width * 0.06,
        unit: width * 0.14,
        total: width * 0.14,
        vat: width * 0.14,
        gross: width * 0.14,
      }
    : { item: width * 0.56, quantity: width * 0.1, unit: width * 0.16, total: width * 0.16, vat: 0, gross: 0 };
  // A delivery note lists what is in the box: quantities, no prices.
  const priced = model.kind !== 'delivery_note';
  const lineHeader = (at: number) => {
    doc.rect(left, at, width, 20).fill('#eef1f6');
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(9);
    doc.text(tr.t('doc.pdf.item'), columns.item + 6, at + 6, { width: columnWidth.item });
    doc.text(tr.t('doc.pdf.qty'), columns.quantity, at + 6, { width: columnWidth.quantity, align: 'right' });
    if (priced) {
      doc.text(tr.t(vatColumns ? 'doc.pdf.unitNet' : 'doc.pdf.unitPrice'), columns.unit, at + 6, {
        width: columnWidth.unit,
        align: 'right',
      });
      if (vatColumns) {
        doc.text(tr.t('doc.pdf.net'), columns.total, at + 6, { width: columnWidth.total, align: 'right' });
        doc.text(tr.t('doc.pdf.vat'), columns.vat, at + 6, { width: columnWidth.vat, align: 'right' });
        doc.text(tr.t('doc.pdf.gross'), columns.gross, at + 6, { width: columnWidth.gross - 6, align: 'right' });
      } else doc.text(tr.t('doc.pdf.amount'), columns.total, at + 6, { width: columnWidth.total - 6, align: 'right' });
    }
    return at + 26;
  };
  if (model.lines.length > 0) {
    y = lineHeader(y);
    for (const line of model.lines) {
      const next = ensureRoom(y, 24);
      if (next !== y) y = lineHeader(next);
      doc
        .fillColor(NAVY)
        .font(line.emphasis ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9);
      doc.text(line.name, columns.item + 6, y, { width: columnWidth.item });
      const rowHeight = Math.max(doc.y - y, 12);
      if (!line.summary)
        doc.text(String(line.quantity), columns.quantity, y, { width: columnWidth.quantity, align: 'right' });
      if (priced) {
        if (!line.summary)
          doc.text(line.freeLabel ?? money(line.unitPrice), columns.unit, y, {
            width: columnWidth.unit,
            align: 'right',
          });
        if (vatColumns) {
          doc.text(line.freeLabel ?? money(line.total), columns.total, y, { width: columnWidth.total, align: 'right' });
          doc.text(line.freeLabel ?? money(line.vat ?? 0), columns.vat, y, { width: columnWidth.vat, align: 'right' });
          doc.text(line.freeLabel ?? money(line.gross ?? line.total), columns.gross, y, {
            width: columnWidth.gross - 6,
            align: 'right',
          });
        } else
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
  // The totals' amounts sit in the last column, their labels to its left.
  const amountX = vatColumns ? columns.gross : columns.total;
  const amountWidth = vatColumns ? columnWidth.gross : columnWidth.total;
  for (const total of model.totals) {
    y = ensureRoom(y, 18);
    doc
      .fillColor(NAVY)
      .font(total.emphasis ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(total.emphasis ? 11 : 9);
    doc.text(total.label, left + width * 0.2, y, { width: amountX - left - width * 0.2 - 8, align: 'right' });
    doc.text(money(total.amount), amountX, y, { width: amountWidth - 6, align: 'right' });
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
    const image = options.sectionImages?.[section.title];
    if (image) {
      y = ensureRoom(y + 4, 64);
      doc.image(image, left, y, { fit: [180, 60] });
      y += 64;
      doc.y = y;
    }
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    if (model.banner) {
      doc.rect(left, doc.page.margins.top - 14, width, 24).fill('#fdecea');
      doc
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor('#8a1c12')
        .text(model.banner, left, doc.page.margins.top - 7, { width, align: 'center', lineBreak: false });
    }
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

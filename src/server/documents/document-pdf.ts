import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { company } from '../../shared/company';
import type { BusinessDocument, DocumentTable } from '../../shared/documents/document-model';
import { translator } from '../../shared/i18n/translator';
import { toCii } from '../../shared/einvoice/cii';
import type { EInvoice } from '../../shared/einvoice/einvoice-model';
import {
  type Align,
  drawLine,
  type FontName,
  lineHeight,
  PageFlow,
  type Paragraph,
  paragraph,
  paragraphRows,
  type Row,
  type TextStyle,
  textWidth,
  wrapText,
} from './page-flow';

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
const RULE = '#c9d0dc';
const SHADE = '#eef1f6';

const style = (font: FontName, size: number, color = NAVY): TextStyle => ({ font, size, color });

/** The foot of every page ends here (the page's bottom margin); a one-line footer keeps its place of old. */
const FOOTER_BOTTOM_MARGIN = 48;
const FOOTER_LINE_TOP = 72;
/** The clear space between the last line of a page's content and the footer's band. */
const FOOTER_GAP = 20;

/**
 * The one PDF layout of the shop's documents (quote, acknowledgement, confirmation, invoices, credit
 * notes, pro-formas, delivery note, commercial invoice, statements, instrument papers, service papers,
 * supplier pack): the company's letterhead, the document's title and meta top right, the parties, the
 * priced lines, the totals with their VAT notes, the tables, then its sections, with the registration
 * line in the footer's band of every page. Every block is measured before it is drawn and goes where it
 * fits (page-flow.ts, decision 0078). Every text comes from the document model; customer text is drawn as text.
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
    // pdfkit (0.20) finds the registered regular font to be the constructor's default by its name and
    // returns it without remembering the registered name, so every later doc.font('Helvetica') would
    // parse the TrueType file again (most of an invoice's CPU): it is remembered here once.
    const fonts = doc.font('Helvetica') as unknown as { _font?: unknown; _fontFamilies?: Record<string, unknown> };
    if (fonts._fontFamilies && fonts._font) fonts._fontFamilies.Helvetica = fonts._font;
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
  const text = (value: string, x: number, columnWidth: number, at: TextStyle, align: Align = 'left') =>
    paragraph(doc, value, { x, width: columnWidth, align }, at);

  // The footer's band, measured first: the registration line wrapped to the page's width, its last line
  // on the bottom margin; every page's content ends FOOTER_GAP above it.
  const footerStyle = style('Helvetica', 8, GREY);
  const footer = text(model.issuer.registration, left, width, footerStyle, 'center');
  const footerTop = Math.min(doc.page.height - FOOTER_LINE_TOP, doc.page.height - FOOTER_BOTTOM_MARGIN - footer.height);
  // A banner (the pro-forma's "not a VAT invoice") sits above the margin of every page, drawn at the end.
  const top = model.banner ? doc.page.margins.top + 22 : doc.page.margins.top;
  const flow = new PageFlow(doc, top, footerTop - FOOTER_GAP);

  // Two columns with a gutter: the letterhead wraps in the left one, the title and meta in the right
  // one, so a long legal name or title wraps instead of running into the other (issue 38).
  const column = width / 2 - 8;
  const right = left + width - column;
  const legalName = text(
    model.issuer.legalName,
    left,
    column,
    style('Helvetica-Bold', model.issuer.legalName.length > 40 ? 16 : 20),
  );
  const letterhead = text(model.issuer.lines.join('\n'), left, column, style('Helvetica', 9, GREY));
  // The title stays on one line where a smaller size lets it (down to 12 pt), else it wraps in its column.
  let titleSize = 18;
  while (titleSize > 12 && textWidth(doc, model.title, style('Helvetica-Bold', titleSize)) > column - 4) titleSize -= 1;
  const title = text(model.title, right, column, style('Helvetica-Bold', titleSize), 'right');
  const meta = text(
    model.meta.map(([label, value]) => `${label}${tr.colon.replace(/\u202f/g, '\u00a0')} ${value}`).join('\n'),
    right,
    column,
    style('Helvetica', 10),
    'right',
  );
  flow.block([
    {
      height: Math.max(legalName.height + letterhead.height, title.height + 6 + meta.height),
      draw: (y) => {
        legalName.draw(y);
        letterhead.draw(y + legalName.height);
        title.draw(y);
        meta.draw(y + title.height + 6);
      },
    },
  ]);

  // The parties side by side, row by row, so a long address wraps in its column and the block breaks whole.
  const partyWidth = model.parties.length > 0 ? width / model.parties.length : width;
  const partyTitleStyle = style('Helvetica-Bold', 11);
  const partyStyle = style('Helvetica', 10);
  const parties = model.parties.map((party, index) => ({
    x: left + index * partyWidth,
    title: wrapText(doc, party.title, partyWidth - 12, partyTitleStyle),
    lines: wrapText(doc, party.lines.join('\n'), partyWidth - 12, partyStyle),
  }));
  const partyRows = (pick: 'title' | 'lines', at: TextStyle): Row[] => {
    const count = Math.max(0, ...parties.map((party) => party[pick].length));
    const step = lineHeight(doc, at);
    return Array.from({ length: count }, (_, index) => ({
      height: step,
      draw: (y: number) => {
        for (const party of parties)
          drawLine(doc, party[pick][index] ?? '', { x: party.x, y, width: partyWidth - 12 }, at);
      },
    }));
  };
  flow.block([...partyRows('title', partyTitleStyle), ...partyRows('lines', partyStyle)], { gap: 20, lead: 2 });

  // Invoices, credit notes and the pro-forma show each line's net, VAT and gross (issue 39); the rest one amount.
  const vatColumns = model.lineColumns === 'net_vat_gross';
  // A delivery note lists what is in the box: quantities, no prices.
  const priced = model.kind !== 'delivery_note';
  const share = vatColumns
    ? { item: 0.37, quantity: 0.06, unit: 0.14, total: 0.14, vat: 0.14, gross: 0.14 }
    : { item: 0.56, quantity: 0.1, unit: 0.16, total: 0.16, vat: 0, gross: 0 };
  const at = vatColumns
    ? { item: 0, quantity: 0.38, unit: 0.44, total: 0.58, vat: 0.72, gross: 0.86 }
    : { item: 0, quantity: 0.58, unit: 0.68, total: 0.84, vat: 0, gross: 0 };
  type Column = keyof typeof share;
  const cell = (name: Column) => ({
    x: left + width * at[name] + (name === 'item' ? 6 : 0),
    // The last column keeps clear of the table's right edge.
    width: width * share[name] - (name === (vatColumns ? 'gross' : 'total') ? 6 : 0),
  });
  const shown: Column[] = [
    'item',
    'quantity',
    ...(priced ? (vatColumns ? (['unit', 'total', 'vat', 'gross'] as const) : (['unit', 'total'] as const)) : []),
  ];
  const headerStyle = style('Helvetica-Bold', 9);
  const headings: Record<Column, string> = {
    item: tr.t('doc.pdf.item'),
    quantity: tr.t('doc.pdf.qty'),
    unit: tr.t(vatColumns ? 'doc.pdf.unitNet' : 'doc.pdf.unitPrice'),
    total: tr.t(vatColumns ? 'doc.pdf.net' : 'doc.pdf.amount'),
    vat: tr.t('doc.pdf.vat'),
    gross: tr.t('doc.pdf.gross'),
  };
  const headerCells = shown.map((name) => ({
    name,
    text: text(headings[name], cell(name).x, cell(name).width, headerStyle, name === 'item' ? 'left' : 'right'),
  }));
  const headerHeight = Math.max(...headerCells.map((header) => header.text.height)) + 12;
  const lineHeader: Row = {
    height: headerHeight + 6,
    draw: (y) => {
      doc.rect(left, y, width, headerHeight).fill(SHADE);
      for (const header of headerCells) header.text.draw(y + 6);
    },
  };
  // A figure keeps to one line in its column: a smaller size where it must (down to 6 pt), then it wraps.
  const figure = (value: string, name: Column, font: FontName): Paragraph => {
    let size = 9;
    while (size > 6 && textWidth(doc, value, style(font, size)) > cell(name).width) size -= 0.5;
    return text(value, cell(name).x, cell(name).width, style(font, size), 'right');
  };
  const lineRows: Row[] = model.lines.map((line, index) => {
    const font: FontName = line.emphasis ? 'Helvetica-Bold' : 'Helvetica';
    const amount = (minor: number) => line.freeLabel ?? money(minor);
    const cells: Paragraph[] = [
      text(line.name, cell('item').x, cell('item').width, style(font, 9)),
      ...(line.summary ? [] : [figure(String(line.quantity), 'quantity', font)]),
      ...(priced
        ? [
            ...(line.summary ? [] : [figure(amount(line.unitPrice), 'unit', font)]),
            figure(amount(line.total), 'total', font),
            ...(vatColumns
              ? [figure(amount(line.vat ?? 0), 'vat', font), figure(amount(line.gross ?? line.total), 'gross', font)]
              : []),
          ]
        : []),
    ];
    const height = Math.max(12, ...cells.map((part) => part.height)) + 6;
    const last = index === model.lines.length - 1;
    return {
      // The table's closing rule goes with its last line.
      height: last ? height + 8 : height,
      draw: (y) => {
        for (const part of cells) part.draw(y);
        if (last)
          doc
            .moveTo(left, y + height)
            .lineTo(left + width, y + height)
            .strokeColor(RULE)
            .stroke();
      },
    };
  });
  if (lineRows.length > 0)
    flow.block([lineHeader, ...lineRows], { gap: 16, keep: false, lead: 2, repeat: [lineHeader] });

  // The totals and their VAT notes: one block, never parted. The amounts sit in the last column (wider
  // where an amount needs it), their labels to its left.
  const totalsRight = left + width - 6;
  const totalStyle = (emphasis?: boolean) => style(emphasis ? 'Helvetica-Bold' : 'Helvetica', emphasis ? 11 : 9);
  const amountWidth = Math.max(
    cell(vatColumns ? 'gross' : 'total').width,
    ...model.totals.map((total) => textWidth(doc, money(total.amount), totalStyle(total.emphasis)) + 2),
  );
  const labelX = left + width * 0.2;
  const labelWidth = totalsRight - amountWidth - 8 - labelX;
  const totalRows: Row[] = model.totals.map((total) => {
    const label = text(total.label, labelX, labelWidth, totalStyle(total.emphasis), 'right');
    const amount = text(
      money(total.amount),
      totalsRight - amountWidth,
      amountWidth,
      totalStyle(total.emphasis),
      'right',
    );
    return {
      height: Math.max(label.height, amount.height) + (total.emphasis ? 5 : 4),
      draw: (y) => {
        label.draw(y);
        amount.draw(y);
      },
    };
  });
  const noteRows: Row[] = model.notes.map((note) => {
    const lines = text(note, left, width, style('Helvetica', 8, GREY), 'right');
    return { height: lines.height + 4, draw: lines.draw };
  });
  flow.block([...totalRows, ...noteRows], { gap: lineRows.length > 0 ? 0 : 16, lead: totalRows.length + 1 });

  for (const table of model.tables ?? []) drawTable(doc, flow, table, { left, width });

  for (const section of model.sections) {
    const titleStyle = style('Helvetica-Bold', 10);
    const bodyStyle = style('Helvetica', 9, GREY);
    const heading = text(section.title, left, width, titleStyle);
    const body = text(section.lines.join('\n'), left, width, bodyStyle);
    const image = options.sectionImages?.[section.title];
    const rows: Row[] = [
      ...paragraphRows(doc, heading, titleStyle, left, width),
      ...paragraphRows(doc, body, bodyStyle, left, width).map((row, index) =>
        index === 0 ? { height: row.height + 4, draw: (y: number) => row.draw(y + 4) } : row,
      ),
      // A drawn signature goes with its section.
      ...(image ? [{ height: 68, draw: (y: number) => void doc.image(image, left, y + 4, { fit: [180, 60] }) }] : []),
    ];
    // A section is kept whole (the payment and bank block, the signature); one taller than a page breaks
    // between its lines, its title with the first two.
    flow.block(rows, { gap: 10, lead: heading.lines.length + 2 });
  }

  const range = doc.bufferedPageRange();
  for (let page = range.start; page < range.start + range.count; page += 1) {
    doc.switchToPage(page);
    if (model.banner) {
      doc.rect(left, doc.page.margins.top - 14, width, 24).fill('#fdecea');
      let size = 11;
      while (size > 7 && textWidth(doc, model.banner, style('Helvetica-Bold', size)) > width - 8) size -= 0.5;
      drawLine(
        doc,
        model.banner,
        { x: left, y: doc.page.margins.top - 7, width, align: 'center' },
        style('Helvetica-Bold', size, '#8a1c12'),
      );
    }
    footer.draw(footerTop);
  }
  doc.end();
  return done;
}

/** A document's table: its title, a shaded header row, then each row's cells wrapped in their column; the header again on every page it continues on. */
function drawTable(doc: PDFKit.PDFDocument, flow: PageFlow, table: DocumentTable, at: { left: number; width: number }) {
  const { left, width } = at;
  const total = table.columns.reduce((sum, column) => sum + column.width, 0);
  const xs: number[] = [];
  let x = left;
  for (const column of table.columns) {
    xs.push(x);
    x += (column.width / total) * width;
  }
  const widthOf = (index: number) => ((table.columns[index]?.width ?? 0) / total) * width - 8;
  const cells = (values: string[], at: TextStyle) =>
    values.map((value, index) =>
      paragraph(
        doc,
        value,
        { x: (xs[index] ?? left) + 4, width: widthOf(index), align: table.columns[index]?.align ?? 'left' },
        at,
      ),
    );
  const headerCells = cells(
    table.columns.map((column) => column.label),
    style('Helvetica-Bold', 8),
  );
  const headerHeight = Math.max(0, ...headerCells.map((part) => part.height)) + 10;
  const header: Row = {
    height: headerHeight + 4,
    draw: (y) => {
      doc.rect(left, y, width, headerHeight).fill(SHADE);
      for (const part of headerCells) part.draw(y + 5);
    },
  };
  const titleStyle = style('Helvetica-Bold', 10);
  const title = paragraph(doc, table.title, { x: left, width }, titleStyle);
  const rows: Row[] = table.rows.map((row, index) => {
    const parts = cells(row.cells, style(row.emphasis ? 'Helvetica-Bold' : 'Helvetica', 8));
    const height = Math.max(10, ...parts.map((part) => part.height)) + 6;
    const last = index === table.rows.length - 1;
    return {
      height: last ? height + 8 : height,
      draw: (y) => {
        for (const part of parts) part.draw(y);
        if (last)
          doc
            .moveTo(left, y + height)
            .lineTo(left + width, y + height)
            .strokeColor(RULE)
            .stroke();
      },
    };
  });
  flow.block([{ height: title.height + 4, draw: title.draw }, header, ...rows], {
    gap: 10,
    keep: false,
    lead: 3,
    repeat: [header],
  });
}

/**
 * The documents' page flow (issue 52, decision 0078): every piece of text is wrapped and measured
 * before it is drawn, each block goes where it fits above the footer's band or on the next page, and
 * blocks that belong together (a section such as the bank details, the totals with their VAT notes)
 * are kept whole. Text is drawn line by line at the position the flow gave it, never left to flow on
 * its own, so nothing can run past the band or over another block.
 */

export type FontName = 'Helvetica' | 'Helvetica-Bold';

export interface TextStyle {
  font: FontName;
  size: number;
  color: string;
}

export type Align = 'left' | 'right' | 'center';

const setStyle = (doc: PDFKit.PDFDocument, style: TextStyle) =>
  doc.font(style.font).fontSize(style.size).fillColor(style.color);

/** The distance from one line to the next in this style (the font's own line height, with its gap). */
export function lineHeight(doc: PDFKit.PDFDocument, style: TextStyle): number {
  return setStyle(doc, style).currentLineHeight(true);
}

/**
 * Widths already measured in a document, by style and text: an embedded font (the invoices' Arimo)
 * lays out every string it measures, and the same words come back on every page.
 */
const measured = new WeakMap<PDFKit.PDFDocument, Map<string, number>>();

export function textWidth(doc: PDFKit.PDFDocument, text: string, style: TextStyle): number {
  let widths = measured.get(doc);
  if (!widths) {
    widths = new Map();
    measured.set(doc, widths);
  }
  const key = `${style.font}|${style.size}|${text}`;
  let width = widths.get(key);
  if (width === undefined) {
    width = setStyle(doc, style).widthOfString(text);
    widths.set(key, width);
  }
  return width;
}

/** The longest start of a word that fits in `width` (at least one character), found by halving. */
function fittingStart(doc: PDFKit.PDFDocument, word: string, width: number, style: TextStyle): number {
  setStyle(doc, style);
  let low = 1;
  let high = word.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (doc.widthOfString(word.slice(0, middle)) <= width) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The text as the lines it takes within `width`: its own line breaks kept, then words to a line as
 * many as fit; a word wider than the width alone (a long e-mail address, a PO number without spaces)
 * is broken where it must be, so no line is ever wider than its column. A line's width is the sum of
 * its words and spaces, which the kerning between them can only make narrower when drawn.
 */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number, style: TextStyle): string[] {
  const space = textWidth(doc, ' ', style);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/g, ' ').split('\n')) {
    let line = '';
    let lineWidth = 0;
    const words = paragraph.split(' ').filter((part) => part !== '');
    for (const [index, part] of words.entries()) {
      let word = part;
      let wordWidth = textWidth(doc, word, style);
      // As pdfkit's own wrapping did, a word but the paragraph's last fits with the space after it.
      const trailing = index < words.length - 1 ? space : 0;
      if (line !== '' && lineWidth + space + wordWidth + trailing <= width) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      while (wordWidth > width && word.length > 1) {
        const cut = fittingStart(doc, word, width, style);
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
        wordWidth = textWidth(doc, word, style);
      }
      line = word;
      lineWidth = wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

/** One line of text at (x, y), aligned within `width` by its measured width: drawn where it is told, never wrapped again. */
export function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; y: number; width: number; align?: Align },
  style: TextStyle,
) {
  if (text === '') return;
  const align = at.align ?? 'left';
  const width = align === 'left' ? 0 : textWidth(doc, text, style);
  const x = align === 'right' ? at.x + at.width - width : align === 'center' ? at.x + (at.width - width) / 2 : at.x;
  setStyle(doc, style).text(text, x, at.y, { lineBreak: false });
}

/** A wrapped text: its lines, their height, and how to draw them from a top. */
export interface Paragraph {
  lines: string[];
  lineHeight: number;
  height: number;
  draw: (y: number) => void;
}

export function paragraph(
  doc: PDFKit.PDFDocument,
  text: string,
  at: { x: number; width: number; align?: Align },
  style: TextStyle,
): Paragraph {
  const lines = wrapText(doc, text, at.width, style);
  const step = lineHeight(doc, style);
  return {
    lines,
    lineHeight: step,
    height: lines.length * step,
    draw: (y: number) =>
      lines.forEach((line, index) =>
        drawLine(doc, line, { x: at.x, y: y + index * step, width: at.width, align: at.align ?? 'left' }, style),
      ),
  };
}

/** Each line of a paragraph as a row of its own, so a block taller than a page can break between lines. */
export const paragraphRows = (
  doc: PDFKit.PDFDocument,
  text: Paragraph,
  style: TextStyle,
  x: number,
  width: number,
  align: Align = 'left',
): Row[] =>
  text.lines.map((line) => ({
    height: text.lineHeight,
    draw: (y: number) => drawLine(doc, line, { x, y, width, align }, style),
  }));

/** The smallest piece the flow places: never split, never drawn across the footer's band. */
export interface Row {
  height: number;
  draw: (y: number) => void;
}

export interface BlockOptions {
  /** Space above the block, left out at the top of a page. */
  gap?: number;
  /** Keep the whole block on one page when it fits on a page (default true). */
  keep?: boolean;
  /** The rows that stay with the block's start when it must break (a title and its first lines). */
  lead?: number;
  /** Rows drawn again at the top of each page the block continues on (a table's header). */
  repeat?: Row[];
}

/**
 * The flow down the pages between `top` and `bottom` (the top of the footer's band, less its gap).
 * `newPage` adds a page; the flow starts again at `top`.
 */
export class PageFlow {
  y: number;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    readonly top: number,
    readonly bottom: number,
  ) {
    this.y = top;
  }

  private get atTop() {
    return this.y === this.top;
  }

  newPage() {
    this.doc.addPage();
    this.y = this.top;
  }

  /**
   * Places a block of rows: whole on this page when it fits, whole on the next when it does not but
   * fits on a page, else row by row from here (its lead kept together), repeating its header rows on
   * every page it continues on.
   */
  block(rows: Row[], options: BlockOptions = {}) {
    if (rows.length === 0) return;
    const { gap = 0, keep = true, lead = 1, repeat = [] } = options;
    const sum = (list: Row[]) => list.reduce((total, row) => total + row.height, 0);
    const area = this.bottom - this.top;
    const whole = sum(rows);
    const needed = keep && whole <= area ? whole : sum(rows.slice(0, Math.max(lead, 1)));
    if (!this.atTop) {
      if (this.y + gap + needed > this.bottom) this.newPage();
      else this.y += gap;
    }
    let first = true;
    for (const row of rows) {
      if (!first && this.y + row.height > this.bottom) {
        this.newPage();
        for (const header of repeat) this.place(header);
      }
      this.place(row);
      first = false;
    }
  }

  private place(row: Row) {
    row.draw(this.y);
    this.y += row.height;
  }
}

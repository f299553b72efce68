import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's text as pdftotext reads it (layout kept): what a reader of the document sees. */
export function pdfText(pdf: Buffer | Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-text-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** One word pdftotext found, with its box in points (origin top left), and its page. */
export interface WordBox {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word of the PDF with its position (`pdftotext -bbox`): where a reader sees it on the page. */
export function pdfWordBoxes(pdf: Buffer | Uint8Array): WordBox[] {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-boxes-')), 'document.pdf');
  writeFileSync(file, pdf);
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words: WordBox[] = [];
  let page = 0;
  for (const match of html.matchAll(
    /<page\b|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (match[0] === '<page') {
      page += 1;
      continue;
    }
    words.push({
      page,
      text: match[5] ?? '',
      xMin: Number(match[1]),
      yMin: Number(match[2]),
      xMax: Number(match[3]),
      yMax: Number(match[4]),
    });
  }
  return words;
}

/** The pairs of words whose boxes overlap by more than `tolerance` points each way (text drawn over text). */
export function overlappingWords(words: WordBox[], tolerance = 0.5): [WordBox, WordBox][] {
  const pairs: [WordBox, WordBox][] = [];
  for (let i = 0; i < words.length; i += 1)
    for (let j = i + 1; j < words.length; j += 1) {
      const a = words[i];
      const b = words[j];
      if (!a || !b || a.page !== b.page) continue;
      const across = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
      const down = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
      if (across > tolerance && down > tolerance) pairs.push([a, b]);
    }
  return pairs;
}

/** A PDF's text page by page (pdftotext ends each page with a form feed): what a reader sees on each page. */
export function pdfPageTexts(pdf: Buffer | Uint8Array): string[] {
  const pages = pdfText(pdf).split('\f');
  // The form feed after the last page leaves an empty tail.
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages;
}

/** The images of a PDF as `pdfimages -list` lists them: one entry per image drawn, with its size in pixels. */
export function pdfImages(pdf: Buffer | Uint8Array): { page: number; width: number; height: number; type: string }[] {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-images-')), 'document.pdf');
  writeFileSync(file, pdf);
  const listing = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
  return listing
    .split('\n')
    .slice(2)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [page, , type, width, height] = line.trim().split(/\s+/);
      return { page: Number(page), type: type ?? '', width: Number(width), height: Number(height) };
    });
}

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

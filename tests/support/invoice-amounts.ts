import { expect } from 'vitest';

/** An amount of money as a document prints it: '£1,234.56', '-€12.00'. */
export const MONEY = /-?[£€][\d,]+\.\d{2}/g;

/** A printed amount in minor units. */
export const minor = (text: string) => Math.round(Number(text.replace(/[^\d.-]/g, '')) * 100);

/**
 * The amounts printed on the line of a document's text (pdftotext -layout) where `label` starts (a
 * long label wraps in its column; its amounts stay on its first line), as minor units; the whole
 * label must be in the text.
 */
export function amountsOn(text: string, label: string): number[] {
  expect(text.replace(MONEY, '').replace(/\s+/g, ' ')).toContain(label);
  const line = text.split('\n').find((candidate) => candidate.includes(label.slice(0, 28)));
  if (!line) throw new Error(`no line with "${label}" in:\n${text}`);
  return [...line.matchAll(MONEY)].map((match) => minor(match[0]));
}

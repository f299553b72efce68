import { describe, expect, it } from 'vitest';
import {
  addresses,
  einvoiceFacts,
  instrumentLines,
  invoicesOf,
  pricedOrder,
} from '../../../tests/support/einvoice-orders';
import { hasUnsafeCharacter } from '../xml-characters';
import { toCii } from './cii';
import { einvoiceOf } from './einvoice-model';
import { toUbl } from './ubl';

/** XML 1.0's Char production: outside it a document is not well-formed. */
const XML_CHARS = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

describe('characters no text may hold (security issue 48, F7)', () => {
  it('F7: finds U+FFFE/U+FFFF, every non-character, C0 controls and lone surrogates, and lets text through', () => {
    for (const bad of [
      'a\uFFFE',
      'a\uFFFF',
      '\u{1FFFE}',
      '\u{10FFFF}',
      '\uFDD0',
      '\uFDEF',
      'a\u0007',
      '\u0000',
      'x\uD800',
    ])
      expect(hasUnsafeCharacter(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['Zoë 🧪 Smith & Sons', 'line\none\ttab\r', '\uFDCF\uFDF0\uFFFD', '\u{1FFFD}'])
      expect(hasUnsafeCharacter(good), JSON.stringify(good)).toBe(false);
  });

  it('F7: an invoice of a billing name stored with U+FFFE and U+0001 is still well-formed XML, CII and UBL', () => {
    const order = pricedOrder({
      orderNumber: 'O2026-00177',
      currency: 'EUR',
      address: { ...addresses.de, company: 'Universität\uFFFE Heidel\u0001berg\uFFFF' },
      lines: instrumentLines,
    });
    const invoice = einvoiceOf(order, invoicesOf(order).deposit, einvoiceFacts);
    for (const xml of [toCii(invoice), toUbl(invoice)]) {
      expect(XML_CHARS.test(xml)).toBe(true);
      expect(xml).toContain('Universität Heidelberg');
    }
  });
});

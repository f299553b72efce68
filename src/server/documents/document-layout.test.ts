import { describe, expect, it } from 'vitest';
import { overlappingWords, pdfWordBoxes } from '../../../tests/support/pdf-text';
import type { BusinessDocument, DocumentKind } from '../../shared/documents/document-model';
import { renderDocumentPdf } from './document-pdf';

/** A legal name of 60 characters, as a company may register. */
const longName = 'Dropwise Instruments for Regulated Laboratories Holdings Ltd';

/** Every document the shop draws, by its kind and heading (src/shared/documents and the server's builders). */
const headings: [DocumentKind, string][] = [
  ['quote', 'QUOTATION'],
  ['acknowledgement', 'ORDER ACKNOWLEDGEMENT'],
  ['confirmation', 'ORDER CONFIRMATION'],
  ['invoice', 'INVOICE'],
  ['credit_note', 'CREDIT NOTE'],
  ['delivery_note', 'DELIVERY NOTE'],
  ['rma', 'RETURN AUTHORISATION'],
  ['statement', 'STATEMENT OF ACCOUNT'],
  ['invoice', 'COMMERCIAL INVOICE'],
  ['invoice', 'PRO-FORMA INVOICE'],
  ['order_pro_forma', 'PRO-FORMA INVOICE'],
  ['test_certificate', 'FACTORY TEST CERTIFICATE'],
  ['declaration_of_conformity', 'DECLARATION OF CONFORMITY'],
  ['iq_oq_protocol', 'IQ/OQ PROTOCOL'],
  ['decontamination_declaration', 'DECONTAMINATION DECLARATION'],
];

function documentOf(kind: DocumentKind, title: string): BusinessDocument {
  // Issue 39: invoices, credit notes and the order's pro-forma show net, VAT and gross per line.
  const vatColumns = kind === 'invoice' || kind === 'credit_note' || kind === 'order_pro_forma';
  return {
    ...(vatColumns ? { lineColumns: 'net_vat_gross' as const } : {}),
    ...(kind === 'order_pro_forma' ? { banner: 'Pro-forma: not a VAT invoice' } : {}),
    kind,
    issuer: {
      legalName: longName,
      lines: [
        'Unit 4, Bailrigg Science Park, Gordon Manley Building',
        'Lancaster LA1 4YW',
        'United Kingdom',
        '+44 1524 000000',
        'sales@dropwise-instruments-regulated.co.uk',
      ],
      registration: `${longName}. Registered in England and Wales, company number 12345678. VAT GB123456782.`,
    },
    title,
    name: `${title} 1`,
    currency: 'EUR',
    meta: [
      ['Order number', 'O2026-00007'],
      ['Order date', '28 November 2026'],
      ['Your PO number', 'PO-UNIVERSITÄT-HEIDELBERG-2026-000123456'],
      ['Valid until', '28 December 2026'],
    ],
    parties: [
      {
        title: 'Bill to',
        lines: [
          'Universitätsklinikum Heidelberg Zentrum für Molekularbiologie',
          'Im Neuenheimer Feld 282',
          '69120 Heidelberg',
          'Germany',
        ],
      },
      {
        title: 'Deliver to',
        lines: ['Wareneingang Labor 3.14', 'Im Neuenheimer Feld 282', '69120 Heidelberg', 'Germany'],
      },
    ],
    lines: [
      {
        name: 'Dropwise Pro with programmable addition profiles and run logs for regulated laboratories',
        quantity: 2,
        unitPrice: 404000,
        total: 808000,
        freeLabel: null,
        ...(vatColumns ? { vat: 0, gross: 808000 } : {}),
      },
      ...(vatColumns
        ? [
            {
              name: 'Advance payment agreed in quote Q2026-0042: 50%',
              quantity: 1,
              unitPrice: 1_234_567,
              total: 1_234_567,
              vat: 246_913,
              gross: 1_481_480,
              freeLabel: null,
              emphasis: true,
              summary: true,
            },
          ]
        : []),
      { name: '24 V mains adaptor (EU plug)', quantity: 2, unitPrice: 0, total: 0, freeLabel: 'Included' },
    ],
    totals: [
      { label: 'Subtotal', amount: 808000 },
      { label: 'Zero-rated export of goods (VAT Notice 703)', amount: 0 },
      { label: 'Total', amount: 808000, emphasis: true },
    ],
    notes: ['Zero-rated export of goods (VAT Notice 703).'],
    sections: [
      { title: 'Terms', lines: ['This confirmation forms the contract under our terms of sale (version 3.0).'] },
    ],
    ...(kind === 'statement'
      ? {
          tables: [
            {
              title: 'Account in EUR',
              columns: [
                { label: 'Date', width: 0.2 },
                { label: 'Description', width: 0.5 },
                { label: 'Amount', width: 0.3, align: 'right' as const },
              ],
              rows: [
                { cells: ['28 November 2026', 'Invoice INV2026-00013, deposit for order O2026-00007', '€4,040.00'] },
              ],
            },
          ],
        }
      : {}),
  };
}

describe('documents lay out whatever the business profile holds (issue 38)', () => {
  it.each(headings)('%s “%s” with a 60-character legal name: no two words of the page overlap', async (kind, title) => {
    const words = pdfWordBoxes(await renderDocumentPdf(documentOf(kind, title)));
    // The whole name and the whole heading are there to read.
    const text = words.map((word) => word.text).join(' ');
    expect(text).toContain(longName);
    expect(text).toContain(title);
    // The heading reads on one line: a smaller size before it wraps.
    const headingWords = title.split(' ');
    const tops = words.filter((word) => headingWords.includes(word.text) && word.page === 1).map((word) => word.yMin);
    expect(new Set(tops.slice(0, headingWords.length).map(Math.round)).size).toBe(1);
    expect(overlappingWords(words).map(([a, b]) => `${a.text} / ${b.text}`)).toEqual([]);
  });
});

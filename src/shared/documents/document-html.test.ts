import { describe, expect, it } from 'vitest';
import { documentHtml } from './document-html';
import { exampleBusinessProfile } from '../business-profile';
import type { BusinessDocument } from './document-model';
import { issuerOf } from './issuer';

const model: BusinessDocument = {
  kind: 'quote',
  issuer: issuerOf(exampleBusinessProfile),
  title: 'QUOTATION',
  name: 'Quotation Q2026-0001',
  currency: 'GBP',
  meta: [['Quote number', 'Q2026-0001']],
  parties: [{ title: 'Prepared for', lines: ['Ada <script>alert(1)</script>', "O'Brien & Sons"] }],
  lines: [{ name: 'Dropwise', quantity: 1, unitPrice: 285000, total: 285000, freeLabel: null }],
  totals: [
    { label: 'Total', amount: 342000, emphasis: true },
    { label: 'Balance due before dispatch', amount: 171000 },
  ],
  notes: [],
  sections: [{ title: 'Terms', lines: ['This quotation is valid until 09/03/2026.'] }],
};

describe('documentHtml', () => {
  it('draws every line, total and section of the model, with customer text escaped', () => {
    const html = documentHtml(model);
    expect(html).toContain('Balance due before dispatch');
    expect(html).toContain('£1,710.00');
    expect(html).toContain('This quotation is valid until 09/03/2026.');
    expect(html).toContain('Ada &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('O&#39;Brien &amp; Sons');
    expect(html).not.toContain('<script>');
  });
});

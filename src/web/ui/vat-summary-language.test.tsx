// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetWebTest } from '../../../tests/support/web-render';
import { chooseLanguage } from '../i18n/language';
import { VatRows } from './vat-summary';

/** Issue 53: the VAT lines of a price in the page's language and money format, not English beside German money. */
const summary = [{ supply: 'services', treatment: 'standard', rate: 20, net: 126990, vat: 25398 }] as const;
const both = [{ supply: 'goods', treatment: 'standard', rate: 20, net: 300000, vat: 60000 }, ...summary] as const;

describe('the VAT lines in German and French (issue 53)', () => {
  afterEach(resetWebTest);

  it('English keeps the documents’ wording: "VAT 20% on services (net €1,269.90)"', () => {
    render(<dl>{<VatRows summary={[...summary]} currency="EUR" />}</dl>);
    expect(screen.getByText('VAT 20% on services (net €1,269.90)')).toBeTruthy();
  });

  it('German: "USt. 20 % auf Dienstleistungen (netto 1.269,90 €)" with "253,98 €"; goods and services at one rate, one line', async () => {
    await chooseLanguage('de');
    const { unmount } = render(<dl>{<VatRows summary={[...summary]} currency="EUR" />}</dl>);
    expect(screen.getByText('USt. 20 % auf Dienstleistungen (netto 1.269,90 €)')).toBeTruthy();
    expect(screen.getByText('253,98 €')).toBeTruthy();
    unmount();
    render(<dl>{<VatRows summary={[...both]} currency="EUR" />}</dl>);
    expect(screen.getByText('USt. 20 % auf Waren und Dienstleistungen (netto 4.269,90 €)')).toBeTruthy();
  });

  it('French: "TVA 20 % sur prestations de services (HT 1 269,90 €)"', async () => {
    await chooseLanguage('fr');
    render(<dl>{<VatRows summary={[...summary]} currency="EUR" />}</dl>);
    const row = screen.getByText(/^TVA 20/);
    expect(row.textContent?.replace(/\s/g, ' ')).toBe('TVA 20 % sur prestations de services (HT 1 269,90 €)');
  });
});

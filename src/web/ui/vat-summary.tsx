import { Link } from 'react-router';
import { vatPartsByTreatment, vatSummaryParts } from '../../shared/documents/vat-summary';
import type { VatGroup } from '../../shared/tax/line-vat';
import { terms } from '../../shared/terms';
import { type PageText, useT } from '../i18n/use-t';

/**
 * The VAT lines of a price in the page's language (issue 37, issue 53): one per treatment and rate,
 * naming what it covers and its net, then the total VAT when there are several. English keeps the
 * documents' own wording word for word; German and French say it from the pages' catalogue in their
 * money format ("USt. 20 % auf Dienstleistungen (netto 1.269,90 €)").
 */
export function vatRowsIn(text: PageText, summary: readonly VatGroup[], currency: string) {
  const { t } = text;
  if (text.language === 'en') return vatSummaryParts(summary, currency).totals;
  const money = (minor: number) => text.money(minor, currency, { decimals: 2 });
  const shown = vatPartsByTreatment(summary);
  return [
    ...shown.map((part) => ({
      label: t('vat.part', 'VAT {rate}% on {what} (net {net})', {
        rate: Number.isInteger(part.rate) ? String(part.rate) : part.rate.toFixed(2),
        what:
          part.supplies.length > 1
            ? t('vat.goodsAndServices', 'goods and services')
            : part.supplies[0] === 'services'
              ? t('vat.services', 'services')
              : t('vat.goods', 'goods'),
        net: money(part.net),
      }),
      amount: part.vat,
    })),
    ...(shown.length > 1
      ? [{ label: t('vat.total', 'Total VAT'), amount: shown.reduce((sum, part) => sum + part.vat, 0) }]
      : []),
  ];
}

/** An order's one VAT rate, for one placed before lines had VAT (order-lines.ts `vatLabel`), in the page's language. */
export const vatLabelIn = ({ t }: PageText, vatRate: number | null) =>
  vatRate === null
    ? t('vat.labelNoRate', 'VAT')
    : t('vat.label', 'VAT ({rate}%)', { rate: Number.isInteger(vatRate) ? String(vatRate) : vatRate.toFixed(2) });

/**
 * Why a part carries no VAT, in the rule's words ("Goods (net €3,450.00): Zero-rated export of goods
 * (VAT Notice 703)"), in the page's language: English keeps the documents' sentences word for word.
 */
export function vatNotesIn(text: PageText, summary: readonly VatGroup[] | null, currency: string): string[] {
  if (!summary) return [];
  if (text.language === 'en') return vatSummaryParts(summary, currency).notes;
  const { t } = text;
  const wordings = {
    zero_rated_export: t('vat.wording.zero_rated_export', 'Zero-rated export of goods (VAT Notice 703)'),
    reverse_charge: t(
      'vat.wording.reverse_charge',
      'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)',
    ),
  };
  return vatPartsByTreatment(summary).flatMap((part) => {
    if (part.treatment === 'standard') return [];
    const values = { net: text.money(part.net, currency, { decimals: 2 }), wording: wordings[part.treatment] };
    return [
      part.supplies.length > 1
        ? t('vat.note.goodsAndServices', 'Goods and services (net {net}): {wording}', values)
        : part.supplies[0] === 'services'
          ? t('vat.note.services', 'Services (net {net}): {wording}', values)
          : t('vat.note.goods', 'Goods (net {net}): {wording}', values),
    ];
  });
}

/** The VAT lines of a price as rows of a description list; the last row (the VAT in all) takes `totalTestId`. */
export function VatRows({
  summary,
  currency,
  totalTestId,
}: {
  summary: readonly VatGroup[];
  currency: string;
  totalTestId?: string;
}) {
  const text = useT();
  const money = (minor: number) => text.money(minor, currency, { decimals: 2 });
  const rows = vatRowsIn(text, summary, currency);
  return (
    <>
      {rows.map((row, index) => (
        <div key={row.label} className="flex justify-between gap-4">
          <dt>{row.label}</dt>
          <dd data-testid={index === rows.length - 1 ? totalTestId : undefined}>{money(row.amount)}</dd>
        </div>
      ))}
    </>
  );
}

/**
 * Why a part carries no VAT, in the rule's words, and for a delivery outside the UK the DAP sentence
 * with a link to the terms: said wherever a price is shown, in the page's language (issue 53).
 */
export function VatNotes({
  summary,
  currency,
  deliveryCountry,
}: {
  summary: readonly VatGroup[] | null;
  currency: string;
  deliveryCountry: string | null | undefined;
}) {
  const text = useT();
  const { t } = text;
  const notes = vatNotesIn(text, summary, currency);
  const importVat = terms.importVat(deliveryCountry)
    ? t('vat.importVat', 'Delivered DAP. Import VAT, and any duty, are payable by you on import.')
    : null;
  if (notes.length === 0 && !importVat) return null;
  return (
    <div className="mt-2 space-y-1 text-sm text-navy-600" data-testid="vat-notes">
      {notes.map((note) => (
        <p key={note}>{note}</p>
      ))}
      {importVat ? (
        <p>
          {importVat}{' '}
          <Link
            to="/terms-of-sale"
            target="_blank"
            rel="noopener"
            className="font-medium text-accent-700 underline underline-offset-2"
          >
            {t('terms.termsOfSale', 'Terms of Sale')}
            <span className="sr-only"> {t('common.opensInNewTab', '(opens in a new tab)')}</span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

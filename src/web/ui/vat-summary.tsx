import { Link } from 'react-router';
import { vatPartsByTreatment, vatSummaryParts } from '../../shared/documents/vat-summary';
import type { VatGroup } from '../../shared/tax/line-vat';
import { terms } from '../../shared/terms';
import { useT } from '../i18n/use-t';

/**
 * The VAT lines of a price as the documents print them (issue 37): one per treatment and rate, naming
 * what it covers and its net, each with its amount, then the total VAT when there are several. The
 * last row (the VAT in all) takes `totalTestId`.
 */
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
  const { t, language } = text;
  const money = (minor: number) => text.money(minor, currency, { decimals: 2 });
  // English keeps the documents' own wording word for word; German and French say it from the pages'
  // catalogue in their money format ("20 % MwSt. auf Dienstleistungen (netto 1.269,90 €)", issue 53).
  const english = language === 'en' ? vatSummaryParts(summary, currency).totals : null;
  const shown = vatPartsByTreatment(summary);
  const rows = english ?? [
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
 * with a link to the terms: said wherever a price is shown.
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
  const notes = summary ? vatSummaryParts(summary, currency).notes : [];
  const importVat = terms.importVat(deliveryCountry);
  const { t, language } = useT();
  if (notes.length === 0 && !importVat) return null;
  // The notes are the tax rules' and the terms' own sentences: English in every language, the binding text.
  return (
    <div
      className="mt-2 space-y-1 text-sm text-navy-600"
      data-testid="vat-notes"
      lang={language === 'en' ? undefined : 'en'}
    >
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
            <span lang={language}>
              {t('terms.termsOfSale', 'Terms of Sale')}
              <span className="sr-only"> {t('common.opensInNewTab', '(opens in a new tab)')}</span>
            </span>
          </Link>
        </p>
      ) : null}
    </div>
  );
}

import { Link } from 'react-router';
import { vatSummaryParts } from '../../shared/documents/vat-summary';
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
  const { totals } = vatSummaryParts(summary, currency);
  const text = useT();
  return (
    <>
      {totals.map((row, index) => (
        <div key={row.label} className="flex justify-between gap-4">
          {/* The VAT lines name their treatment as the tax rules do: English, the documents' binding words. */}
          <dt lang={text.language === 'en' ? undefined : 'en'}>{row.label}</dt>
          <dd data-testid={index === totals.length - 1 ? totalTestId : undefined}>
            {text.money(row.amount, currency, { decimals: 2 })}
          </dd>
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

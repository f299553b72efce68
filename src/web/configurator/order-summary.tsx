import { nameIn } from '../../shared/catalogue/option-translations';
import type { PricedLine, Pricing } from '../../shared/pricing';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { type PageText, pageText, useT } from '../i18n/use-t';

interface SummaryLine {
  key: string;
  label: string;
  amount: string;
}

// Counts are written one way across the shop: "1 × Dropwise Standard".
// Issue 53: the line's name in the page's language when the catalogue has one (the English otherwise).
const times = (line: PricedLine, text: PageText) =>
  `${line.quantity} × ${nameIn(text.language, line.name, line.names)}`;

/** The priced lines of storefront spec section 9: free parts read 'Included' or 'Free'; servicing and shipping only when charged. */
export function summaryLines(pricing: Pricing, text: PageText = pageText('en')): SummaryLine[] {
  const money = (minor: number) => text.money(minor, pricing.currency);
  const { items } = pricing;
  const words = { Included: text.t('configure.included', 'Included'), Free: text.t('configure.free', 'Free') };
  const line = (key: string, item: PricedLine, free: 'Included' | 'Free'): SummaryLine => ({
    key,
    label: times(item, text),
    amount: item.total === 0 ? words[free] : money(item.total),
  });
  return [
    line('base', items.baseConfiguration, 'Included'),
    line('power', items.powerAdaptor, 'Included'),
    ...items.syringeHolders.map((item) => line(`holder-${item.id}`, item, 'Included')),
    ...items.adaptors.map((item) => line(`adaptor-${item.id}`, item, 'Free')),
    ...(items.servicing.total > 0 ? [line('servicing', items.servicing, 'Included')] : []),
    ...items.accessories.map((item) => line(`accessory-${item.id}`, item, 'Free')),
    ...(items.shipping.total > 0 ? [line('shipping', items.shipping, 'Free')] : []),
  ];
}

export function TotalsList({ pricing, vatRate }: { pricing: Pricing; vatRate: number }) {
  const text = useT();
  const { t } = text;
  const money = (minor: number) => text.money(minor, pricing.currency);
  const { totals } = pricing;
  return (
    <dl className="tabular grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
      <dt className="text-navy-700">{t('totals.subtotal', 'Subtotal')}</dt>
      <dd className="text-right text-navy-900">{money(totals.subtotal)}</dd>
      {totals.showVAT && (
        <>
          <dt className="text-navy-700">{t('totals.vat', 'VAT ({rate}%)', { rate: vatRate })}</dt>
          <dd className="text-right text-navy-900">{money(totals.vat)}</dd>
        </>
      )}
      <dt className="font-semibold text-navy-900">
        {totals.showVAT ? t('totals.totalIncVat', 'Total (inc. VAT)') : t('totals.total', 'Total')}
      </dt>
      <dd className="text-right font-semibold text-navy-900">{money(totals.total)}</dd>
      <dt className="text-navy-700">
        {t('totals.deposit', 'Deposit, due on our written confirmation ({percent}%)', { percent: DEPOSIT_PERCENT })}
      </dt>
      <dd className="text-right text-navy-900">{money(totals.deposit)}</dd>
      <dt className="text-navy-700">{t('totals.balance', 'Balance due before dispatch')}</dt>
      <dd className="text-right text-navy-900">{money(totals.total - totals.deposit)}</dd>
    </dl>
  );
}

/** The order summary section: every priced line, then the totals. */
export function OrderSummary({ pricing, vatRate }: { pricing: Pricing | null; vatRate: number }) {
  const text = useT();
  const { t } = text;
  return (
    <section aria-labelledby="summary-heading" className="rounded-lg border border-navy-200 bg-navy-50 p-5">
      <h2 id="summary-heading" className="text-lg font-semibold text-navy-900">
        {t('summary.heading', 'Order summary')}
      </h2>
      {pricing ? (
        <>
          <ul className="tabular mt-4 grid gap-2 border-b border-navy-200 pb-4 text-sm">
            {summaryLines(pricing, text).map((line) => (
              <li key={line.key} className="flex justify-between gap-4">
                <span className="text-navy-800">{line.label}</span>
                <span className="shrink-0 text-navy-900">{line.amount}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            <TotalsList pricing={pricing} vatRate={vatRate} />
          </div>
        </>
      ) : (
        <p className="mt-4 text-sm text-navy-700">{t('price.loading', 'Loading pricing...')}</p>
      )}
    </section>
  );
}

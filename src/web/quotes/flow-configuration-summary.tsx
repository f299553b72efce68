import { Link } from 'react-router';
import type { Product } from '../../shared/catalogue';
import type { SelectedConfiguration } from '../../shared/configuration';
import { encodeConfiguration } from '../lib/configuration-url';
import { useProduct } from '../lib/get-product';
import type { QuoteFlowHandoff } from '../lib/flow-storage';
import { type PageText, pageText, useT } from '../i18n/use-t';
import type { CurrencyCode } from '../../shared/countries';
import { priceConfiguration } from '../../shared/pricing/price-configuration';
import { validateSelection } from '../../shared/pricing/validate-selection';
import { vatCustomer } from '../../shared/tax/vat-customer';

/** "2 × Luer-lock adaptor": counts are written one way everywhere, a number, a space, ×, a space. */
export const times = (count: number, name: string) => `${count} × ${name}`;

/** The configuration's options by name, as the buyer chose them (ids the catalogue no longer has are left out). */
export function configurationLines(
  product: Product,
  selection: SelectedConfiguration,
  { t }: PageText = pageText('en'),
): { label: string; value: string }[] {
  const name = (list: { id: string; name: string }[], id: string) => list.find((option) => option.id === id)?.name;
  const names = (list: { id: string; name: string }[], ids: string[]) =>
    ids.map((id) => name(list, id)).filter((item): item is string => item !== undefined);
  const lines: { label: string; value: string }[] = [];
  const add = (label: string, value: string | undefined) => {
    if (value) lines.push({ label, value });
  };
  add(t('configure.model', 'Model'), name(product.configurations, selection.model));
  add(t('configure.power', 'Power adaptor'), name(product.powerAdaptors, selection.powerAdaptor));
  add(t('configure.holders', 'Syringe holders'), names(product.syringeHolders, selection.syringeHolders).join(', '));
  add(t('lines.adaptors', 'Adaptors'), names(product.adaptors, selection.adaptors).join(', '));
  add(
    t('configure.accessories', 'Accessories'),
    selection.accessories
      .map((id) => {
        const accessory = name(product.accessories, id);
        return accessory ? times(selection.accessoryQuantities[id] ?? 1, accessory) : undefined;
      })
      .filter((item): item is string => item !== undefined)
      .join(', '),
  );
  add(t('configure.servicing', 'Servicing'), name(product.servicing, selection.servicing));
  add(t('configure.shipping', 'Shipping'), name(product.shipping, selection.shipping));
  add(t('configure.quantity', 'Quantity'), String(selection.quantity));
  return lines;
}

/**
 * The sidebar's figures: the configurator's, or, once the buyer gives another billing country or
 * currency (decision 0085), the same estimate for a buyer there in that currency (the quote is priced
 * on the server).
 */
function useFigures(
  handoff: QuoteFlowHandoff,
  invoice: { billingCountry: string; currency: CurrencyCode | null } | undefined,
) {
  const data = useProduct().data;
  const deliveryCountry = handoff.configuration.customerCountry;
  const other =
    invoice &&
    invoice.currency &&
    (invoice.billingCountry !== deliveryCountry || invoice.currency !== handoff.currency);
  if (!other || !data || validateSelection(data.product, handoff.configuration).length > 0) return handoff;
  const { currency, totals } = priceConfiguration(
    data.product,
    handoff.configuration,
    data.vatRate,
    vatCustomer(invoice.billingCountry, ''),
    invoice.currency ?? undefined,
  );
  return { currency, total: totals.total, subtotal: totals.subtotal, vat: totals.vat, showVAT: totals.showVAT };
}

/** The flow's sidebar: what is being bought, the totals, and the way back to the configurator with this selection. */
export function FlowConfigurationSummary({
  handoff,
  invoice,
}: {
  handoff: QuoteFlowHandoff;
  /** The billing country and currency chosen in the details step (decision 0085). */
  invoice?: { billingCountry: string; currency: CurrencyCode | null };
}) {
  const product = useProduct().data?.product;
  const figures = useFigures(handoff, invoice);
  const text = useT();
  const { t } = text;
  const money = (minor: number) => text.money(minor, figures.currency, { decimals: 2 });
  const heading = t('flowSummary.heading', 'Your configuration');
  return (
    <aside aria-label={heading} className="h-fit rounded-lg border border-navy-100 bg-navy-50 p-6 text-sm">
      <h2 className="text-base font-semibold">{heading}</h2>
      <dl className="mt-3 space-y-2">
        {product ? (
          configurationLines(product, handoff.configuration, text).map((line) => (
            <div key={line.label} className="grid gap-0.5">
              <dt className="text-navy-600">{line.label}</dt>
              <dd className="text-navy-900">{line.value}</dd>
            </div>
          ))
        ) : (
          <div className="flex justify-between gap-4">
            <dt>{t('configure.quantity', 'Quantity')}</dt>
            <dd>{handoff.configuration.quantity}</dd>
          </div>
        )}
      </dl>
      <dl className="tabular mt-4 space-y-2 border-t border-navy-200 pt-3">
        {figures.showVAT ? (
          <>
            <div className="flex justify-between gap-4">
              <dt>{t('totals.subtotal', 'Subtotal')}</dt>
              <dd>{money(figures.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('flowSummary.vat', 'VAT')}</dt>
              <dd>{money(figures.vat)}</dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t('flowSummary.estTotal', 'Est. total')}</dt>
          <dd data-testid="flow-estimated-total">{money(figures.total)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-navy-600">
        {handoff.type === 'order'
          ? t('flowSummary.confirmedOnOrder', 'Prices are confirmed when you place the order.')
          : t('flowSummary.confirmedOnQuote', 'Prices are confirmed on your quote.')}
      </p>
      <Link
        to={`/configure?${encodeConfiguration(handoff.configuration)}`}
        className="mt-3 inline-block font-medium text-accent-700 underline underline-offset-2 hover:text-accent-800"
      >
        {t('flowSummary.change', 'Change configuration')}
      </Link>
    </aside>
  );
}

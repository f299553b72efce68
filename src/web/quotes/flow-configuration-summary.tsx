import { Link } from 'react-router';
import type { Product } from '../../shared/catalogue';
import type { SelectedConfiguration } from '../../shared/configuration';
import { encodeConfiguration } from '../lib/configuration-url';
import { useProduct } from '../lib/get-product';
import type { QuoteFlowHandoff } from '../lib/flow-storage';
import { type PageText, pageText, useT } from '../i18n/use-t';

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

/** The flow's sidebar: what is being bought, the totals, and the way back to the configurator with this selection. */
export function FlowConfigurationSummary({ handoff }: { handoff: QuoteFlowHandoff }) {
  const product = useProduct().data?.product;
  const text = useT();
  const { t } = text;
  const money = (minor: number) => text.money(minor, handoff.currency, { decimals: 2 });
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
        {handoff.showVAT ? (
          <>
            <div className="flex justify-between gap-4">
              <dt>{t('totals.subtotal', 'Subtotal')}</dt>
              <dd>{money(handoff.subtotal)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>{t('flowSummary.vat', 'VAT')}</dt>
              <dd>{money(handoff.vat)}</dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between gap-4 font-semibold">
          <dt>{t('flowSummary.estTotal', 'Est. total')}</dt>
          <dd>{money(handoff.total)}</dd>
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

import type { PricedLine, PricingItems } from '../pricing/types';
import { type TaxContext, treatmentLabel } from './line-vat';

const percent = (rate: number) => (Number.isInteger(rate) ? String(rate) : rate.toFixed(2));

/** Why a line has its treatment, in a sentence's second half. */
function because(line: PricedLine, context: TaxContext): string {
  if (line.supply === 'services') {
    if (line.vatTreatment === 'reverse_charge')
      return 'you are a business established in the EU with a VAT number: you account for the VAT by reverse charge (Article 196, Directive 2006/112/EC)';
    return context.customerCountry === 'GB'
      ? 'services sold to a customer in the UK carry UK VAT wherever the instrument goes'
      : 'services sold to a customer without a valid EU VAT number carry UK VAT';
  }
  if (line.vatTreatment === 'zero_rated_export') return 'goods we deliver outside the UK are zero-rated exports';
  return context.collected
    ? 'goods collected in the UK have not been exported'
    : 'goods delivered in the UK carry UK VAT';
}

const keyed = (items: PricingItems): [string, PricedLine][] => [
  ['base', items.baseConfiguration],
  ['power', items.powerAdaptor],
  ...items.syringeHolders.map((line): [string, PricedLine] => [`holder:${line.id}`, line]),
  ...items.adaptors.map((line): [string, PricedLine] => [`adaptor:${line.id}`, line]),
  ['servicing', items.servicing],
  ...items.accessories.map((line): [string, PricedLine] => [`accessory:${line.id}`, line]),
  ['shipping', items.shipping],
];

/**
 * What the order's re-price changed against the quote or estimate the buyer saw, line by line, and
 * why (issue 37): "3-year servicing now carries UK VAT at 20% because services sold to a customer
 * without a valid EU VAT number carry UK VAT." Lines that cost nothing, or whose VAT did not change, say nothing.
 */
export function vatChanges(
  before: { items: PricingItems },
  after: { items: PricingItems },
  context: TaxContext,
): string[] {
  const earlier = new Map(keyed(before.items));
  const changes: string[] = [];
  for (const [key, line] of keyed(after.items)) {
    const was = earlier.get(key);
    if (line.total === 0 || !was || (was.vatTreatment === line.vatTreatment && was.vat === line.vat)) continue;
    const now =
      line.vatTreatment === 'standard'
        ? `now carries UK VAT at ${percent(line.vatRate)}%`
        : line.vatTreatment === 'reverse_charge'
          ? 'no longer carries UK VAT'
          : `is now ${treatmentLabel(line.vatTreatment, line.vatRate).toLowerCase()}`;
    changes.push(`${line.name} ${now} because ${because(line, context)}.`);
  }
  return changes;
}

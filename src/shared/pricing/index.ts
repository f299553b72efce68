export { DEPOSIT_PERCENT, priceConfiguration } from './price-configuration';
export type { PricedLine, Pricing, PricingItems, PricingTotals } from './types';
export { type SelectionProblem, validateSelection } from './validate-selection';

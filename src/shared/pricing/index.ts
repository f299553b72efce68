export { DEPOSIT_PERCENT } from './deposit';
export { priceConfiguration, priceServiceLine } from './price-configuration';
export type { PricedLine, Pricing, PricingItems, PricingTotals } from './types';
export { type SelectionProblem, validateSelection } from './validate-selection';

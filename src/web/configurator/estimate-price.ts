import type { Product } from '../../shared/catalogue';
import type { SelectedConfiguration } from '../../shared/configuration';
import { type Pricing, priceConfiguration, validateSelection } from '../../shared/pricing';

/**
 * The price shown while configuring, from the same function the server prices with; null while
 * the selection cannot be priced (the product is not loaded, or a choice is not in the catalogue).
 */
export function estimatePrice(
  product: Product | undefined,
  selection: SelectedConfiguration,
  vatRate: number,
): Pricing | null {
  if (!product || validateSelection(product, selection).length > 0) return null;
  return priceConfiguration(product, selection, vatRate);
}

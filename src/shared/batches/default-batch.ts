import type { Product } from '../catalogue';

/**
 * The specification's default batch: the first batch with room (not sold out, which a full batch
 * is in the catalogue API, issue 26) whose date has not passed (issue 38: the next batch with a
 * future date), else the first with room, else the first batch. The configurator selects it.
 */
export function defaultBatch(product: Pick<Product, 'batches'>): string | null {
  const open = product.batches.find((batch) => !batch.soldOut && !batch.datePassed);
  return (open ?? product.batches.find((batch) => !batch.soldOut) ?? product.batches[0])?.id ?? null;
}

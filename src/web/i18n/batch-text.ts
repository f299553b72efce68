import { batchShipText } from '../../shared/batches/ship-date';
import type { PageText } from './use-t';

/** "Batch 2. Ships in March 2027, estimated" in the page's language (English: the shared text, word for word). */
export function batchShipTextIn({ language, t, month }: PageText, batch: { name: string; shipDate: string | null }) {
  if (language === 'en') return batchShipText(batch);
  return batch.shipDate
    ? t('batch.shipsIn', '{batch}. Ships in {month}, estimated', { batch: batch.name, month: month(batch.shipDate) })
    : t('batch.shipTbc', '{batch}, ship date to be confirmed', { batch: batch.name });
}

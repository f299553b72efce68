import { orderStatusLabel, paymentStatusLabel } from '../../../shared/orders/order-status';
import { money } from '../shell/format';

/** One field an audit entry changed, as staff read it. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** `priceGbp` → "Price gbp"; `paymentStatus` → "Payment status". */
const label = (key: string) => {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Keys holding money in minor units (pence, cents), as the server's tables name them. */
const moneyKey = /(amount|price|total|vat|paid|outstanding|deposit|balance|subtotal)/i;

/** The currency of a money field: its own suffix (`priceEur`), else the entry's `currency`, else pounds. */
const currencyOf = (key: string, values: Record<string, unknown>) => {
  if (/Eur$/.test(key)) return 'EUR';
  if (/Gbp$/.test(key)) return 'GBP';
  return typeof values.currency === 'string' ? values.currency : 'GBP';
};

function show(key: string, value: unknown, values: Record<string, unknown>): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number' && moneyKey.test(key) && Number.isInteger(value))
    return money(value, currencyOf(key, values));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((item) => show(key, item, values)).join(', ');
  if (typeof value === 'object')
    // A recorded payment or refund: its fields as "Amount £25.00, Reference BACS-778", ids left out.
    return Object.entries(value as Record<string, unknown>)
      .filter(([field, item]) => field !== 'id' && !field.endsWith('Id') && item !== null && item !== undefined)
      .map(([field, item]) => `${label(field)} ${show(field, item, { ...values, ...(value as object) })}`)
      .join(', ');
  if (typeof value === 'string' && key === 'status') return orderStatusLabel(value);
  if (typeof value === 'string' && key === 'paymentStatus') return paymentStatusLabel(value);
  return String(value);
}

/**
 * The fields an entry changed, readable: labels instead of keys, money with its currency instead
 * of pence, and only what differs when both sides are recorded (a create shows its values, a
 * delete what was removed).
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const was = before ?? {};
  const now = after ?? {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return keys
    .filter((key) => !(before && after) || JSON.stringify(was[key]) !== JSON.stringify(now[key]))
    .map((key) => ({
      field: label(key),
      before: before ? show(key, was[key], was) : '',
      after: after ? show(key, now[key], now) : '',
    }));
}

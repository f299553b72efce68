/** How the customer's order screens show statuses (accounts-and-admin spec, section 4). */

import {
  customerPaymentBadge,
  orderStatusClass,
  orderStatusLabel,
  otherBadgeClass,
} from '../../shared/orders/order-status';
import { formatUkDate } from '../../shared/dates';
import { type PageText, pageText } from '../i18n/use-t';

export { otherBadgeClass };
/** The order status badge's colour (the shared list of statuses, src/shared/orders/order-status). */
export const statusBadgeClassFor = orderStatusClass;
export const statusLabel = orderStatusLabel;

/** The customer's payment badge: Paid, Deposit Paid, or Pending Payment. */
export const paymentBadge = customerPaymentBadge;

export interface TimelineStep {
  title: string;
  detail: string;
}

/** "Order Placed" always; then Confirmed, Shipped and Delivered as the status has reached them. */
export function orderTimeline(status: string, placedOn: string, { t }: PageText = pageText('en')): TimelineStep[] {
  const steps: TimelineStep[] = [{ title: t('timeline.placed', 'Order Placed'), detail: placedOn }];
  if (status !== 'pending')
    steps.push({
      title: t('timeline.confirmed', 'Order Confirmed'),
      detail: t('timeline.inProcessing', 'In processing'),
    });
  if (status === 'shipped' || status === 'delivered')
    steps.push({ title: t('status.shipped', 'Shipped'), detail: t('timeline.inTransit', 'Package in transit') });
  if (status === 'delivered')
    steps.push({ title: t('status.delivered', 'Delivered'), detail: t('timeline.completed', 'Order completed') });
  return steps;
}

/** One UK date format across the shop (src/shared/dates.ts). */
export const formatDate = (iso: string) => formatUkDate(iso);

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What the order screens show about the product, from the order's items and its stored configuration. */
export function productSummary(order: {
  configuration: Record<string, unknown> | null;
  items: { itemName: string; itemType: string; quantity: number }[];
}) {
  const configuration = order.configuration;
  const base = order.items.find((item) => item.itemType === 'base_configuration');
  const accessoryItems = order.items
    .filter((item) => item.itemType === 'accessory')
    .map((item) => (item.quantity > 1 ? `${item.itemName} × ${item.quantity}` : item.itemName));
  const listed = Array.isArray(configuration?.accessories)
    ? configuration.accessories.filter((a): a is string => typeof a === 'string')
    : [];
  return {
    product: 'Dropwise',
    configuration: base?.itemName ?? text(configuration?.configuration) ?? text(configuration?.model),
    quantity: typeof configuration?.quantity === 'number' ? configuration.quantity : (base?.quantity ?? 1),
    batch: text(configuration?.batchName) ?? text(configuration?.batch),
    accessories: accessoryItems.length > 0 ? accessoryItems : listed,
  };
}

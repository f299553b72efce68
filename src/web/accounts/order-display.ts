/** How the customer's order screens show statuses (accounts-and-admin spec, section 4). */

export const statusBadgeClass: Record<string, string> = {
  pending: 'bg-yellow-100 text-yellow-900 border-yellow-300',
  confirmed: 'bg-blue-100 text-blue-900 border-blue-300',
  processing: 'bg-blue-100 text-blue-900 border-blue-300',
  shipped: 'bg-purple-100 text-purple-900 border-purple-300',
  delivered: 'bg-green-100 text-green-900 border-green-300',
  cancelled: 'bg-red-100 text-red-900 border-red-300',
};
export const otherBadgeClass = 'bg-navy-50 text-navy-800 border-navy-200';

export const statusLabel = (status: string) => (status ? status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ') : 'Unknown');

/** The customer's payment badge: Paid, Deposit Paid, or Pending Payment. */
export function paymentBadge(paymentStatus: string): { label: string; className: string } {
  if (paymentStatus === 'fully_paid') return { label: 'Paid', className: 'bg-green-100 text-green-900 border-green-300' };
  if (paymentStatus === 'deposit_paid') return { label: 'Deposit Paid', className: 'bg-yellow-100 text-yellow-900 border-yellow-300' };
  return { label: 'Pending Payment', className: otherBadgeClass };
}

export interface TimelineStep {
  title: string;
  detail: string;
}

/** "Order Placed" always; then Confirmed, Shipped and Delivered as the status has reached them. */
export function orderTimeline(status: string, placedOn: string): TimelineStep[] {
  const steps: TimelineStep[] = [{ title: 'Order Placed', detail: placedOn }];
  if (status !== 'pending') steps.push({ title: 'Order Confirmed', detail: 'In processing' });
  if (status === 'shipped' || status === 'delivered') steps.push({ title: 'Shipped', detail: 'Package in transit' });
  if (status === 'delivered') steps.push({ title: 'Delivered', detail: 'Order completed' });
  return steps;
}

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** What the order screens show about the product, from the order's items and its stored configuration. */
export function productSummary(order: {
  configuration: Record<string, unknown> | null;
  items: { itemName: string; itemType: string; quantity: number }[];
}) {
  const configuration = order.configuration;
  const base = order.items.find((item) => item.itemType === 'base_configuration');
  const accessoryItems = order.items.filter((item) => item.itemType === 'accessory').map((item) => (item.quantity > 1 ? `${item.itemName} × ${item.quantity}` : item.itemName));
  const listed = Array.isArray(configuration?.accessories) ? configuration.accessories.filter((a): a is string => typeof a === 'string') : [];
  return {
    product: 'Dropwise',
    configuration: base?.itemName ?? text(configuration?.configuration) ?? text(configuration?.model),
    quantity: typeof configuration?.quantity === 'number' ? configuration.quantity : (base?.quantity ?? 1),
    batch: text(configuration?.batch),
    accessories: accessoryItems.length > 0 ? accessoryItems : listed,
  };
}

import { describe, expect, it } from 'vitest';
import { orderTimeline, paymentBadge, productSummary } from './order-display';

describe('customer order display (spec section 4)', () => {
  it('builds the timeline from the status', () => {
    const titles = (status: string) => orderTimeline(status, '2 March 2026').map((s) => s.title);
    expect(titles('pending')).toEqual(['Order Placed']);
    expect(titles('confirmed')).toEqual(['Order Placed', 'Order Confirmed']);
    expect(titles('processing')).toEqual(['Order Placed', 'Order Confirmed']);
    expect(titles('shipped')).toEqual(['Order Placed', 'Order Confirmed', 'Shipped']);
    expect(titles('delivered')).toEqual(['Order Placed', 'Order Confirmed', 'Shipped', 'Delivered']);
    expect(titles('cancelled')).toEqual(['Order Placed', 'Order Confirmed']);
    expect(orderTimeline('delivered', 'x').map((s) => s.detail)).toEqual([
      'x',
      'In processing',
      'Package in transit',
      'Order completed',
    ]);
  });

  it('shows Paid, Deposit Paid or Pending Payment', () => {
    expect(paymentBadge('fully_paid').label).toBe('Paid');
    expect(paymentBadge('deposit_paid').label).toBe('Deposit Paid');
    for (const other of ['pending', 'refunded', 'failed', ''])
      expect(paymentBadge(other).label).toBe('Pending Payment');
  });

  it('summarises the product from items, falling back to the configuration', () => {
    expect(
      productSummary({
        configuration: { model: 'dropwise-standard', quantity: 2, batch: null, accessories: ['10x 2ml syringes'] },
        items: [
          { itemName: 'Dropwise Standard', itemType: 'base_configuration', quantity: 2 },
          { itemName: '10x 6ml syringes', itemType: 'accessory', quantity: 3 },
        ],
      }),
    ).toEqual({
      product: 'Dropwise',
      configuration: 'Dropwise Standard',
      quantity: 2,
      batch: null,
      accessories: ['10x 6ml syringes × 3'],
    });
    expect(
      productSummary({ configuration: { model: 'm', batch: 'B-7', accessories: ['a'] }, items: [] }),
    ).toMatchObject({ configuration: 'm', batch: 'B-7', accessories: ['a'], quantity: 1 });
    expect(productSummary({ configuration: null, items: [] })).toMatchObject({ configuration: null, accessories: [] });
  });
});

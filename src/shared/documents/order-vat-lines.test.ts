import { describe, expect, it } from 'vitest';
import { advancePaymentText, type DocumentOrder, orderVatLines } from './order-documents';

const item = (itemType: string, itemId: string, totalPrice: number, vatAmount: number | null = null) => ({
  id: itemId,
  itemType,
  itemId,
  itemName: itemId,
  quantity: 1,
  unitPrice: totalPrice,
  totalPrice,
  vatAmount,
});

const order = (items: DocumentOrder['items'], vatAmount: number): DocumentOrder => {
  const net = items.reduce((sum, line) => sum + line.totalPrice, 0);
  return {
    orderNumber: 'O2026-00001',
    kind: 'instrument',
    createdAt: '2026-11-20T09:00:00.000Z',
    currency: 'GBP',
    totalAmount: net + vatAmount,
    depositAmount: Math.round((net + vatAmount) / 2),
    remainingAmount: net + vatAmount - Math.round((net + vatAmount) / 2),
    subtotalAmount: net,
    vatAmount,
    vatRate: 20,
    items,
    billingAddress: null,
    shippingAddress: null,
    poNumber: null,
    vatNumber: null,
    customerEmail: null,
    quoteNumber: null,
  };
};

describe('an order’s lines with net, VAT and gross (issue 39)', () => {
  it('uses each line’s stored VAT, and its total adds up to the penny', () => {
    const lines = orderVatLines(
      order([item('base_configuration', 'std', 237_500, 47_500), item('servicing', '3y', 108_375, 21_675)], 69_175),
    );
    expect(lines.map((line) => [line.total, line.vat, line.gross])).toEqual([
      [237_500, 47_500, 285_000],
      [108_375, 21_675, 130_050],
      [345_875, 69_175, 415_050],
    ]);
    expect(lines.at(-1)?.name).toBe('Order O2026-00001 total');
  });

  it('shares an order placed before lines had VAT over its lines by their net, the last priced line taking the rounding', () => {
    // 1p, 1p and 1p of net at 20% is 0.6p VAT: rounded per share it would not sum to the order's 1p.
    const legacy = order(
      [item('accessory', 'a', 1), item('accessory', 'b', 1), item('accessory', 'c', 1), item('adaptor', 'free', 0)],
      1,
    );
    const lines = orderVatLines(legacy);
    const priced = lines.slice(0, -1);
    expect(priced.reduce((sum, line) => sum + (line.vat ?? 0), 0)).toBe(1);
    for (const line of lines) expect(line.total + (line.vat ?? 0)).toBe(line.gross);
    expect(lines.at(-1)?.gross).toBe(legacy.totalAmount);
  });

  it('names the quote the advance payment was agreed in, or the order when there was no quote', () => {
    const base = order([item('base_configuration', 'std', 100_000, 20_000)], 20_000);
    expect(advancePaymentText({ ...base, quoteNumber: 'Q2026-0042' })).toBe(
      'Advance payment agreed in quote Q2026-0042: 50%',
    );
    expect(advancePaymentText(base)).toBe('Advance payment agreed in order O2026-00001: 50%');
  });
});

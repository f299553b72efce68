import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfUp } from '../money';
import { DEPOSIT_PERCENT } from '../pricing/deposit';
import { priceConfiguration } from '../pricing/price-configuration';
import { defaultSelection, fixtureProduct } from '../pricing/pricing-fixture';
import { balanceInvoiceVat, creditVat, depositInvoiceVat, invoiceVatSummary } from './invoice-vat';

/**
 * Random baskets priced by the shop's one pricing function, in GBP (UK, VAT charged) and EUR. The
 * shop charges no VAT on EUR orders today, so for those the basket's VAT is recomputed at the drawn
 * rate (an EU-VAT case): the split must hold for any VAT an order stores.
 */
const basketArbitrary = fc
  .record({
    model: fc.constantFrom(...fixtureProduct.configurations.map((option) => option.id)),
    quantity: fc.integer({ min: 1, max: 5 }),
    accessoryQuantity: fc.integer({ min: 1, max: 5 }),
    accessories: fc.subarray(['10x-2ml-syringes', '10x-6ml-syringes', 'odd-item']),
    servicing: fc.constantFrom(...fixtureProduct.servicing.map((option) => option.id)),
    shipping: fc.constantFrom(...fixtureProduct.shipping.map((option) => option.id)),
    currency: fc.constantFrom('GBP', 'EUR'),
    euCountry: fc.constantFrom('DE', 'FR', 'IE'),
    vatRate: fc.constantFrom(5, 17.5, 19, 20, 21, 23),
  })
  .map((drawn) => {
    const country = drawn.currency === 'GBP' ? 'GB' : drawn.euCountry;
    const priced = priceConfiguration(
      fixtureProduct,
      {
        ...defaultSelection,
        model: drawn.model,
        configuration: drawn.model,
        powerAdaptor: drawn.currency === 'GBP' ? defaultSelection.powerAdaptor : 'eu-power',
        quantity: drawn.quantity,
        accessories: drawn.accessories,
        accessoryQuantities: Object.fromEntries(drawn.accessories.map((id) => [id, drawn.accessoryQuantity])),
        servicing: drawn.servicing,
        shipping: drawn.shipping,
        customerCountry: country,
      },
      drawn.vatRate,
    );
    const { subtotal } = priced.totals;
    const vat = drawn.currency === 'GBP' ? priced.totals.vat : roundHalfUp((subtotal * drawn.vatRate) / 100);
    const total = subtotal + vat;
    return {
      currency: priced.currency,
      totalAmount: total,
      depositAmount: roundHalfUp((total * DEPOSIT_PERCENT) / 100),
      vatAmount: vat,
    };
  });

describe('the deposit and balance invoices’ VAT', () => {
  it('sums exactly to the order’s VAT for 200 random baskets in GBP and EUR, quantities 1–5 (the balance takes the rounding)', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(basketArbitrary, (order) => {
        seen.add(order.currency);
        const deposit = depositInvoiceVat(order);
        const balance = balanceInvoiceVat(order, deposit);
        expect(deposit + balance).toBe(order.vatAmount);
        // Each share is the proportional one to within the rounding.
        expect(Math.abs(deposit - (order.depositAmount * order.vatAmount) / order.totalAmount)).toBeLessThanOrEqual(
          0.5,
        );
        const balanceAmount = order.totalAmount - order.depositAmount;
        expect(Math.abs(balance - (balanceAmount * order.vatAmount) / order.totalAmount)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 200 },
    );
    expect([...seen].sort()).toEqual(['EUR', 'GBP']);
  });

  it('the reported case: £818.75 VAT splits £409.38 + £409.37, not twice £409.38', () => {
    const order = { totalAmount: 491250, depositAmount: 245625, vatAmount: 81875 };
    expect(depositInvoiceVat(order)).toBe(40938);
    expect(balanceInvoiceVat(order)).toBe(40937);
  });

  it('credit notes of an invoice never credit more VAT than it carried, and the last one takes the rest', () => {
    const invoice = { amount: 257400, vatAmount: 42900 };
    const first = creditVat(invoice, { amount: 0, vatAmount: 0 }, 244530);
    expect(first).toBe(40755);
    expect(creditVat(invoice, { amount: 244530, vatAmount: first }, 12870)).toBe(42900 - first);
  });
});

describe('invoiceVatSummary: an invoice over goods and services taxed differently', () => {
  const order = [
    { supply: 'goods' as const, treatment: 'zero_rated_export' as const, rate: 0, net: 349700, vat: 0 },
    { supply: 'services' as const, treatment: 'standard' as const, rate: 20, net: 126990, vat: 25398 },
  ];
  const total = 349700 + 126990 + 25398;

  it('splits the deposit and the balance so each part sums to the order, VAT only on the standard part', () => {
    const split = { totalAmount: total, depositAmount: roundHalfUp(total / 2), vatAmount: 25398 };
    const depositVat = depositInvoiceVat(split);
    const deposit = invoiceVatSummary(order, split.depositAmount, depositVat);
    const balance = invoiceVatSummary(order, total - split.depositAmount, balanceInvoiceVat(split, depositVat));
    expect(deposit[0]?.vat).toBe(0);
    expect(deposit.reduce((sum, group) => sum + group.vat, 0)).toBe(depositVat);
    expect(deposit.reduce((sum, group) => sum + group.net + group.vat, 0)).toBe(split.depositAmount);
    for (const index of [0, 1]) {
      expect((deposit[index]?.net ?? 0) + (balance[index]?.net ?? 0)).toBe(order[index]?.net);
      expect((deposit[index]?.vat ?? 0) + (balance[index]?.vat ?? 0)).toBe(order[index]?.vat);
    }
  });

  it('a credit note (negative) is split the same way', () => {
    const credit = invoiceVatSummary(order, -100001, -5001);
    expect(credit.reduce((sum, group) => sum + group.net + group.vat, 0)).toBe(-100001);
    expect(credit.reduce((sum, group) => sum + group.vat, 0)).toBe(-5001);
    expect(credit[0]?.vat).toBe(0);
  });
});

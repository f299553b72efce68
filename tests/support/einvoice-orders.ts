import { exampleBusinessProfile } from '../../src/shared/business-profile';
import type { DocumentOrder, InvoiceFacts } from '../../src/shared/documents/order-documents';
import { roundHalfUp } from '../../src/shared/money';
import { balanceInvoiceVat, creditVat, depositInvoiceVat } from '../../src/shared/orders/invoice-vat';
import type { OrderAddress } from '../../src/shared/orders/order-schema';
import { lineVat, type SupplyKind, type TaxContext } from '../../src/shared/tax/line-vat';
import { defaultTermsValues } from '../../src/shared/terms';

/**
 * Orders as the shop prices them (each line's VAT from the tax module) and their invoices and credit
 * notes as issueInvoice and creditInvoice figure them (the same VAT splits), for the e-invoice tests.
 */

export const einvoiceFacts = {
  profile: exampleBusinessProfile,
  terms: defaultTermsValues,
  termsUrl: 'https://shop.example/terms-of-sale',
};

interface FixtureLine {
  itemType: string;
  itemName: string;
  supply: SupplyKind;
  unitPrice: number;
  quantity?: number;
}

export function pricedOrder(input: {
  orderNumber: string;
  currency: 'GBP' | 'EUR';
  address: OrderAddress;
  vatNumber?: string | null;
  poNumber?: string | null;
  lines: FixtureLine[];
}): DocumentOrder {
  const context: TaxContext = {
    deliveryCountry: input.address.country,
    collected: false,
    customerCountry: input.address.country,
    vatNumberCountry: input.vatNumber ? input.vatNumber.slice(0, 2) : null,
  };
  const items = input.lines.map((line, index) => {
    const quantity = line.quantity ?? 1;
    const totalPrice = line.unitPrice * quantity;
    const vat = lineVat(line.supply, totalPrice, context, 20);
    return {
      id: `item-${index}`,
      itemType: line.itemType,
      itemId: `${line.itemType}-${index}`,
      itemName: line.itemName,
      quantity,
      unitPrice: line.unitPrice,
      totalPrice,
      supply: vat.supply,
      vatTreatment: vat.vatTreatment,
      vatRate: vat.vatRate,
      vatAmount: vat.vat,
    };
  });
  const subtotal = items.reduce((sum, item) => sum + item.totalPrice, 0);
  const vatAmount = items.reduce((sum, item) => sum + item.vatAmount, 0);
  const total = subtotal + vatAmount;
  const deposit = roundHalfUp((total * defaultTermsValues.depositPercent) / 100);
  return {
    orderNumber: input.orderNumber,
    kind: 'instrument' as const,
    quoteNumber: null,
    createdAt: '2026-12-01T10:00:00.000Z',
    currency: input.currency,
    totalAmount: total,
    depositAmount: deposit,
    remainingAmount: total - deposit,
    subtotalAmount: subtotal,
    vatAmount,
    vatRate: 20,
    items,
    billingAddress: input.address,
    shippingAddress: input.address,
    poNumber: input.poNumber ?? null,
    vatNumber: input.vatNumber ?? null,
    customerEmail: 'accounts@customer.example',
  };
}

/** The deposit invoice, the balance invoice (with money paid on account) and credit notes of an order. */
export function invoicesOf(order: DocumentOrder, paidOnAccount = 0) {
  const depositVat = depositInvoiceVat(order);
  const deposit: InvoiceFacts = {
    kind: 'deposit',
    number: `INV2026-${order.orderNumber.slice(-3)}1`,
    amount: order.depositAmount,
    vatAmount: depositVat,
    issuedAt: '2026-12-02T09:00:00.000Z',
    dueDate: '2026-12-16',
  };
  const balanceAmount = order.totalAmount - order.depositAmount;
  const balance: InvoiceFacts = {
    kind: 'balance',
    number: `INV2026-${order.orderNumber.slice(-3)}2`,
    amount: balanceAmount,
    vatAmount: balanceInvoiceVat(order, depositVat),
    issuedAt: '2027-02-01T09:00:00.000Z',
    dueDate: '2027-02-15',
    paidOnAccount,
    // As issueInvoice: the balance invoice deducts the deposit invoice.
    advance: { number: deposit.number, amount: deposit.amount, vatAmount: deposit.vatAmount },
  };
  const credit = (of: InvoiceFacts, amount: number, number: string): InvoiceFacts => ({
    kind: 'credit',
    number,
    amount: -amount,
    vatAmount: -creditVat(of, { amount: 0, vatAmount: 0 }, amount),
    issuedAt: '2027-02-03T09:00:00.000Z',
    dueDate: '2027-02-03',
    creditsNumber: of.number,
    reason: 'Cancelled at the customer’s request',
  });
  return {
    deposit,
    balance,
    creditInFull: credit(deposit, deposit.amount, `CN2026-${order.orderNumber.slice(-3)}1`),
    creditInPart: credit(balance, roundHalfUp(balance.amount / 3), `CN2026-${order.orderNumber.slice(-3)}2`),
  };
}

export const addresses = {
  uk: {
    street: '12 Science Road\nBuilding 3',
    city: 'Cambridge',
    state: null,
    postal_code: 'CB2 1TN',
    country: 'GB',
    name: 'Dr Ada Byron',
    company: 'Byron Research Ltd',
    phone: null,
  },
  de: {
    street: 'Im Neuenheimer Feld 234',
    city: 'Heidelberg',
    state: 'Baden-Württemberg',
    postal_code: '69120',
    country: 'DE',
    name: 'Prof. Dr. Erika Mustermann',
    company: 'Universität Heidelberg',
    phone: null,
  },
  fr: {
    street: '46 allée d’Italie',
    city: 'Lyon',
    state: null,
    postal_code: '69007',
    country: 'FR',
    name: 'Camille Martin',
    company: null,
    phone: null,
  },
} satisfies Record<string, OrderAddress>;

export const instrumentLines: FixtureLine[] = [
  { itemType: 'configuration', itemName: 'Dropwise Standard', supply: 'goods', unitPrice: 285000 },
  { itemType: 'accessory', itemName: '10x 2 ml syringes', supply: 'goods', unitPrice: 3333, quantity: 3 },
  { itemType: 'servicing', itemName: '2-year servicing plan', supply: 'services', unitPrice: 76517 },
];

/** Ten items as the PDF lists them (issue 52): goods and services, several quantities, one free item. */
export const tenItemLines: FixtureLine[] = [
  { itemType: 'base_configuration', itemName: 'Dropwise Standard', supply: 'goods', unitPrice: 285000 },
  { itemType: 'power_adaptor', itemName: 'Netzteil EU', supply: 'goods', unitPrice: 2900 },
  { itemType: 'syringe_holder', itemName: 'Spritzenhalter 50 ml', supply: 'goods', unitPrice: 4750, quantity: 2 },
  { itemType: 'adaptor', itemName: 'Adapter Luer-Lock', supply: 'goods', unitPrice: 1999, quantity: 3 },
  { itemType: 'servicing', itemName: 'Wartungsvertrag 2 Jahre', supply: 'services', unitPrice: 76517 },
  { itemType: 'accessory', itemName: '10x 2 ml Spritzen', supply: 'goods', unitPrice: 3333, quantity: 3 },
  { itemType: 'accessory', itemName: 'Schlauchset 1 m', supply: 'goods', unitPrice: 2490, quantity: 7 },
  { itemType: 'accessory', itemName: 'Reinigungsset', supply: 'goods', unitPrice: 0 },
  { itemType: 'accessory', itemName: 'Transportkoffer', supply: 'goods', unitPrice: 18900 },
  { itemType: 'shipping', itemName: 'Versand DE', supply: 'services', unitPrice: 4500 },
];

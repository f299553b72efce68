import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { amountsOn, MONEY, minor } from '../../../tests/support/invoice-amounts';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { invoices } from '../db/schema';

/**
 * Issue 39: invoices that match the PO. The deposit and balance invoices list the order's lines, then
 * the advance payment (or its deduction), each with net, VAT and gross that add up to the penny; every
 * invoice and credit note quotes the PO and quote numbers. Read from the PDFs as a reader sees them.
 */
const start = new Date('2026-11-20T09:00:00.000Z');
interface Buyer {
  name: string;
  selection: SelectedConfiguration;
  company: string;
  billingCountry: string;
  vatNumber: string;
  currency: 'GBP' | 'EUR';
  reverseCharge: boolean;
}

const longCompany =
  'The Chancellor, Masters and Scholars of the University of Oxford, Department of Biochemistry (Dorothy Crowfoot Hodgkin Building)';
const buyers: Buyer[] = [
  {
    name: 'a UK university with a long company name (GBP, VAT 20%)',
    selection: defaultSelection,
    company: longCompany,
    billingCountry: 'GB',
    vatNumber: '',
    currency: 'GBP',
    reverseCharge: false,
  },
  {
    name: 'an EU business with a VAT number (EUR, zero-rated goods, reverse-charged servicing)',
    selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' },
    company: 'Max-Planck-Institut für Biochemie',
    billingCountry: 'DE',
    vatNumber: 'DE136695976',
    currency: 'EUR',
    reverseCharge: true,
  },
  {
    name: 'an EU customer without a VAT number (EUR, UK VAT on servicing)',
    selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' },
    company: 'Institut Pasteur',
    billingCountry: 'FR',
    vatNumber: '',
    currency: 'EUR',
    reverseCharge: false,
  },
];

const address = (country: string) =>
  ({
    GB: { address: 'South Parks Road', city: 'Oxford', postalCode: 'OX1 3QU' },
    DE: { address: 'Am Klopferspitz 18', city: 'Martinsried', postalCode: '82152' },
    FR: { address: '25 rue du Docteur Roux', city: 'Paris', postalCode: '75015' },
  })[country] ?? { address: '1 Street', city: 'Town', postalCode: '1000' };

describe('invoices that match the PO (issue 39)', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it.each(buyers)('$name', async (buyer) => {
    const email = `${buyer.billingCountry.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    const quoteResponse = await t.post('/api/quotes', {
      configuration: buyer.selection,
      customerInfo: { email, firstName: 'Dorothy', lastName: 'Hodgkin', organization: buyer.company },
      flowType: 'quote',
    });
    expect(quoteResponse.statusCode, quoteResponse.body).toBe(201);
    const quote = (quoteResponse.json() as { quote: QuoteResource }).quote;
    const poNumber = `PO-${buyer.billingCountry}-4500012345`;
    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      configuration: { ...buyer.selection, batch: 'batch-2' },
      billing: {
        firstName: 'Dorothy',
        lastName: 'Hodgkin',
        company: buyer.company,
        email,
        phone: '',
        state: '',
        ...address(buyer.billingCountry),
        country: buyer.billingCountry,
        vatNumber: buyer.vatNumber,
        poNumber,
      },
      shipping:
        buyer.billingCountry === buyer.selection.customerCountry
          ? null
          : {
              firstName: 'Goods',
              lastName: 'Inwards',
              company: buyer.company,
              phone: '',
              state: '',
              ...address(buyer.selection.customerCountry),
              country: buyer.selection.customerCountry,
            },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      // English over the country's default German or French (issue 40): these checks read the English wording.
      language: 'en',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    expect(order.currency).toBe(buyer.currency);

    const admin = await createAdminSession(t);
    // The acknowledgement is the PO acknowledgement: it quotes the PO (and the quote) and gives the ship date.
    const acknowledgement = pdfText(
      (await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie })).rawPayload,
    );
    expect(acknowledgement).toContain(`Your PO number: ${poNumber}`);
    expect(acknowledgement).toContain(`Quote number: ${quote.quoteNumber}`);
    expect(acknowledgement).toMatch(/Estimated ship date: (\d{1,2} \w+ \d{4}|to be confirmed)/);
    expect(acknowledgement).toContain(`We acknowledge your purchase order ${poNumber}`);

    await admin.stepUp();
    const issue = (kind: 'deposit' | 'balance') =>
      t.post(
        `/api/admin/orders/${order.id}/invoices`,
        { kind, ...(buyer.reverseCharge ? { acknowledgeVatNumber: true } : {}) },
        { cookie: admin.cookie },
      );
    const depositResponse = await issue('deposit');
    expect(depositResponse.statusCode, depositResponse.body).toBe(201);
    const deposit = (depositResponse.json() as { invoice: Invoice }).invoice;
    const storedPdf = async (id: string) =>
      (await t.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, id)))[0]?.pdf ?? Buffer.alloc(0);
    const depositText = pdfText(await storedPdf(deposit.id));

    // Every order line, each with net + VAT = gross, then the order's total and the advance payment.
    const priced = order.items.filter((item) => item.totalPrice !== 0);
    for (const item of order.items) expect(depositText).toContain(item.itemName.slice(0, 30));
    for (const item of priced) {
      const [, net, vat, gross] = amountsOn(depositText, item.itemName.slice(0, 30));
      expect([net, vat], item.itemName).toEqual([item.totalPrice, item.vatAmount]);
      expect((net ?? 0) + (vat ?? 0), item.itemName).toBe(gross);
    }
    const [orderNet, orderVat, orderGross] = amountsOn(depositText, `Order ${order.orderNumber} total`);
    expect(orderGross).toBe(order.totalAmount);
    expect(orderVat).toBe(order.vatAmount);
    expect((orderNet ?? 0) + (orderVat ?? 0)).toBe(orderGross);

    const advanceLabel = `Advance payment agreed in quote ${quote.quoteNumber}: 50%`;
    const [advanceNet, advanceVat, advanceGross] = amountsOn(depositText, advanceLabel);
    expect(advanceGross).toBe(deposit.amount);
    expect(advanceVat).toBe(deposit.vatAmount);
    expect((advanceNet ?? 0) + (advanceVat ?? 0)).toBe(advanceGross);
    if (buyer.reverseCharge) expect(advanceVat).toBe(0);
    // The old single gross line is gone.
    expect(depositText).not.toContain('Deposit (50%) of order');
    // The PO and quote numbers, and the totals block that sums the same way.
    expect(depositText).toContain(`Your PO number: ${poNumber}`);
    expect(depositText).toContain(`Quote number: ${quote.quoteNumber}`);
    const netTotal = depositText.split('\n').find((line) => /^\s*Net\s+-?[£€]/.test(line)) ?? '';
    expect(minor(netTotal.match(MONEY)?.[0] ?? '')).toBe(advanceNet);
    expect(amountsOn(depositText, 'Amount due')[0]).toBe(deposit.amount);
    if (buyer.company === longCompany) expect(depositText.replace(/\s+/g, ' ')).toContain('Dorothy Crowfoot Hodgkin');

    // The balance invoice: the same lines, less what was invoiced in advance, equals the balance.
    const paid = await t.post(
      `/api/admin/orders/${order.id}/payments`,
      { transactionType: 'deposit', amount: deposit.amount, paymentMethod: 'bank_transfer' },
      { cookie: admin.cookie },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const balanceResponse = await issue('balance');
    expect(balanceResponse.statusCode, balanceResponse.body).toBe(201);
    const balance = (balanceResponse.json() as { invoice: Invoice }).invoice;
    const balanceText = pdfText(await storedPdf(balance.id));
    for (const item of order.items) expect(balanceText).toContain(item.itemName.slice(0, 30));
    const [lessNet, lessVat, lessGross] = amountsOn(
      balanceText,
      `Less advance payment invoiced (invoice ${deposit.number}): Advance payment agreed in quote ${quote.quoteNumber}: 50%`,
    );
    expect([lessNet, lessVat, lessGross]).toEqual([
      -(deposit.amount - deposit.vatAmount),
      -deposit.vatAmount,
      -deposit.amount,
    ]);
    const [balanceNet, balanceVat, balanceGross] = amountsOn(balanceText, `Balance of order ${order.orderNumber}`);
    expect(balanceGross).toBe(balance.amount);
    expect(balanceVat).toBe(balance.vatAmount);
    expect((balanceNet ?? 0) + (balanceVat ?? 0)).toBe(balanceGross);
    // Order total less the advance is the balance, column by column.
    expect((orderNet ?? 0) + (lessNet ?? 0)).toBe(balanceNet);
    expect((orderVat ?? 0) + (lessVat ?? 0)).toBe(balanceVat);
    expect((orderGross ?? 0) + (lessGross ?? 0)).toBe(balanceGross);
    expect(balanceText).toContain(`Your PO number: ${poNumber}`);
    expect(balanceText).toContain(`Quote number: ${quote.quoteNumber}`);

    // A credit note quotes them too, with its own net + VAT = gross.
    const credited = await t.post(`/api/admin/invoices/${balance.id}/credit`, {}, { cookie: admin.cookie });
    expect(credited.statusCode, credited.body).toBe(201);
    const note = (credited.json() as { invoice: Invoice }).invoice;
    const noteText = pdfText(await storedPdf(note.id));
    expect(noteText).toContain(`Your PO number: ${poNumber}`);
    expect(noteText).toContain(`Quote number: ${quote.quoteNumber}`);
    const [noteNet, noteVat, noteGross] = amountsOn(noteText, `Credit of invoice ${balance.number}`);
    expect(noteGross).toBe(note.amount);
    expect((noteNet ?? 0) + (noteVat ?? 0)).toBe(noteGross);
  });
});

import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { SelectedConfiguration } from '../../shared/configuration';
import type { OrderPriceAnswer, OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { invoices, mailOutbox, orderItems } from '../db/schema';

/**
 * The issue 37 table, buyer by buyer: the VAT of each line and its wording on the quote, the order
 * (its stored lines and acknowledgement), the deposit invoice and its credit note, read from the PDFs.
 */
const start = new Date('2026-11-20T09:00:00.000Z');

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'line-vat-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
};

const ZERO_RATED = 'Zero-rated export of goods (VAT Notice 703)';
const REVERSE_CHARGE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Directive 2006/112/EC)';
const DAP = 'Delivered DAP. Import VAT, and any duty, are payable by you on import.';

const address = (country: string) =>
  ({
    GB: { address: '12 St James Square', city: 'London', postalCode: 'SW1Y 4JH' },
    DE: { address: 'Im Neuenheimer Feld 280', city: 'Heidelberg', postalCode: '69120' },
    FR: { address: '25 rue du Docteur Roux', city: 'Paris', postalCode: '75015' },
  })[country] ?? { address: '1 Street', city: 'Town', postalCode: '1000' };

interface Buyer {
  name: string;
  selection: SelectedConfiguration;
  billingCountry: string;
  vatNumber: string;
  /** The invoice currency chosen (decision 0085); absent: the billing country's. */
  currency?: 'GBP' | 'EUR';
  /** Each stored line's treatment, by item type. */
  treatments: Record<string, string>;
  vat: number;
  /** Text on the quote PDF (the configurator's estimate: a customer in the delivery country, no VAT number). */
  quoteText: string[];
  quoteAbsent: string[];
  /** Text on the acknowledgement, the deposit invoice and its credit note. */
  orderText: string[];
  orderAbsent: string[];
}

const de = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'DE' };
const buyers: Buyer[] = [
  {
    name: 'a UK consumer',
    selection: defaultSelection,
    billingCountry: 'GB',
    vatNumber: '',
    treatments: { base_configuration: 'standard', servicing: 'standard', shipping: 'standard' },
    vat: 81375,
    quoteText: ['VAT 20% on goods and services (net £4,068.75)'],
    quoteAbsent: [ZERO_RATED, REVERSE_CHARGE, DAP],
    // The invoice and credit note show their own share of each part's net: the part is named, not the order's net.
    orderText: ['VAT 20% on goods and services (net '],
    orderAbsent: [ZERO_RATED, REVERSE_CHARGE],
  },
  {
    name: 'a UK company delivering to Germany',
    selection: de,
    billingCountry: 'GB',
    vatNumber: 'GB123456782',
    // Billed in the UK: pounds unless it chooses euros (decision 0085), as it does here.
    currency: 'EUR',
    treatments: { base_configuration: 'zero_rated_export', servicing: 'standard', shipping: 'zero_rated_export' },
    vat: 25398,
    quoteText: ['VAT 20% on services (net €1,269.90)', `Goods (net €3,497.00): ${ZERO_RATED}`, DAP],
    quoteAbsent: [REVERSE_CHARGE],
    orderText: ['VAT 20% on services', 'VAT 0% on goods', `Goods (net`, ZERO_RATED],
    orderAbsent: [REVERSE_CHARGE],
  },
  {
    name: 'a German GmbH with a VAT number',
    selection: de,
    billingCountry: 'DE',
    vatNumber: 'DE136695976',
    treatments: { base_configuration: 'zero_rated_export', servicing: 'reverse_charge', shipping: 'zero_rated_export' },
    vat: 0,
    quoteText: ['VAT 20% on services (net €1,269.90)', ZERO_RATED, DAP],
    quoteAbsent: [REVERSE_CHARGE],
    orderText: ['VAT 0% on goods', 'VAT 0% on services', ZERO_RATED, `Services (net`, REVERSE_CHARGE],
    orderAbsent: ['VAT 20%'],
  },
  {
    name: 'an EU customer without a VAT number',
    selection: { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'FR' },
    billingCountry: 'FR',
    vatNumber: '',
    treatments: { base_configuration: 'zero_rated_export', servicing: 'standard', shipping: 'zero_rated_export' },
    vat: 25398,
    quoteText: ['VAT 20% on services (net €1,269.90)', ZERO_RATED, DAP],
    quoteAbsent: [REVERSE_CHARGE],
    orderText: ['VAT 20% on services', ZERO_RATED],
    orderAbsent: [REVERSE_CHARGE],
  },
  {
    name: 'a UK company collecting in GB',
    selection: { ...defaultSelection, shipping: 'collection' },
    billingCountry: 'GB',
    vatNumber: 'GB123456782',
    treatments: { base_configuration: 'standard', servicing: 'standard' },
    // (2850 + 40) goods and 1083.75 servicing at 20%
    vat: 57800 + 21675,
    quoteText: ['VAT 20% on goods and services (net £3,973.75)'],
    quoteAbsent: [ZERO_RATED, REVERSE_CHARGE, DAP],
    orderText: ['VAT 20% on goods and services (net '],
    orderAbsent: [ZERO_RATED, REVERSE_CHARGE],
  },
];

describe('VAT per line on the quote, the order, the invoice and the credit note (issue 37)', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  it.each(buyers)('$name', async (buyer) => {
    const email = `${buyer.name.replace(/\W+/g, '-')}@example.com`;
    const quoteResponse = await t.post('/api/quotes', {
      configuration: buyer.selection,
      customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Lab' },
      flowType: 'quote',
      // The English wording, for every country (issue 40: a German or French buyer is preset to their language).
      language: 'en',
    });
    expect(quoteResponse.statusCode, quoteResponse.body).toBe(201);
    const quote = (quoteResponse.json() as { quote: QuoteResource }).quote;
    const quotePdf = pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload);
    for (const text of buyer.quoteText) expect(quotePdf, 'quote').toContain(text);
    for (const text of buyer.quoteAbsent) expect(quotePdf, 'quote').not.toContain(text);
    if (buyer.quoteText.includes(DAP)) expect(quotePdf).toContain('/terms-of-sale');

    const billing = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Lab',
      email,
      phone: '',
      state: '',
      ...address(buyer.billingCountry),
      country: buyer.billingCountry,
      vatNumber: buyer.vatNumber,
    };
    const delivery =
      buyer.selection.customerCountry === buyer.billingCountry
        ? null
        : {
            firstName: 'Goods',
            lastName: 'Inwards',
            company: 'Lab',
            phone: '',
            state: '',
            ...address(buyer.selection.customerCountry),
            country: buyer.selection.customerCountry,
          };
    const placed = await t.post('/api/orders', {
      configuration: { ...buyer.selection, batch: 'batch-2' },
      billing,
      shipping: delivery,
      ...(buyer.currency ? { currency: buyer.currency } : {}),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
      language: 'en',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    expect(order.vatAmount).toBe(buyer.vat);

    const rows = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    for (const [type, treatment] of Object.entries(buyer.treatments))
      expect(rows.find((row) => row.itemType === type)?.vatTreatment, type).toBe(treatment);
    expect(rows.reduce((sum, row) => sum + (row.vatAmount ?? 0), 0)).toBe(buyer.vat);
    expect(rows.find((row) => row.itemType === 'servicing')?.supply).toBe('services');

    // The acknowledgement e-mail says the same.
    const [received] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email.toLowerCase()), eq(mailOutbox.kind, 'order_received')));
    const mailText = (received?.textBody ?? '').replace(/\s+/g, ' ');
    for (const expected of buyer.orderText) expect(mailText, 'e-mail').toContain(expected);
    for (const absent of buyer.orderAbsent) expect(mailText, 'e-mail').not.toContain(absent);

    const admin = await createAdminSession(t);
    const acknowledgement = await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie });
    expect(acknowledgement.statusCode).toBe(200);
    await admin.stepUp();
    // A reverse charge resting on a VAT number no registry has confirmed yet: invoicing asks staff to confirm.
    const reverseCharged = Object.values(buyer.treatments).includes('reverse_charge');
    if (reverseCharged) {
      const refused = await t.post(
        `/api/admin/orders/${order.id}/invoices`,
        { kind: 'deposit' },
        { cookie: admin.cookie },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('vat_number_unconfirmed');
    }
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit', ...(reverseCharged ? { acknowledgeVatNumber: true } : {}) },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const deposit = (issued.json() as { invoice: Invoice }).invoice;
    const credit = await t.post(`/api/admin/invoices/${deposit.id}/credit`, {}, { cookie: admin.cookie });
    expect(credit.statusCode, credit.body).toBe(201);
    const creditId = (credit.json() as { invoice: Invoice }).invoice.id;
    const stored = async (id: string) => (await t.db.select().from(invoices).where(eq(invoices.id, id)))[0]?.pdf;
    const documents = {
      acknowledgement: pdfText(acknowledgement.rawPayload),
      invoice: pdfText((await stored(deposit.id)) ?? Buffer.alloc(0)),
      'credit note': pdfText((await stored(creditId)) ?? Buffer.alloc(0)),
    };
    for (const [name, text] of Object.entries(documents)) {
      for (const expected of buyer.orderText) expect(text, name).toContain(expected);
      for (const absent of buyer.orderAbsent) expect(text, name).not.toContain(absent);
      expect(text, name).not.toContain('local VAT/tax is due on delivery');
    }
    expect(deposit.vatAmount).toBe(Math.round((deposit.amount * buyer.vat) / order.totalAmount));
  });
});

describe('POST /api/orders/price: the re-price before the buyer confirms (issue 37)', () => {
  const t = useTestApp({ now: start });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  const quoteFor = async (selection: SelectedConfiguration) => {
    const response = await t.post('/api/quotes', {
      configuration: selection,
      customerInfo: { email: 'reprice@example.com', firstName: 'Ada', lastName: 'Lovelace', organization: 'Lab' },
      flowType: 'quote',
    });
    return (response.json() as { quote: QuoteResource }).quote;
  };

  it('a German GmbH with a VAT number: servicing drops UK VAT, and the answer says why', async () => {
    const quote = await quoteFor(de);
    expect(quote.pricing?.totals.total).toBe(502088);
    const response = await t.post('/api/orders/price', {
      quoteReference: quote.reference,
      billing: { country: 'DE', vatNumber: 'DE136695976' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as OrderPriceAnswer;
    expect(answer.quotedTotal).toBe(502088);
    expect(answer.pricing.totals).toMatchObject({ vat: 0, total: 476690 });
    expect(answer.changes).toEqual([
      '3-year servicing no longer carries UK VAT because you are a business established in the EU with a VAT number: you account for the VAT by reverse charge (Article 196, Directive 2006/112/EC).',
    ]);
    // The order placed from the quote is the re-price: the quote's nets, the buyer's VAT.
    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Lab GmbH',
        email: 'reprice@example.com',
        ...address('DE'),
        country: 'DE',
        vatNumber: 'DE136695976',
      },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((placed.json() as { order: OrderResource }).order).toMatchObject({ vatAmount: 0, totalAmount: 476690 });
  });

  it('a UK company delivering to Germany, choosing euros: nothing changes against the quote; an EU customer without a VAT number neither', async () => {
    const quote = await quoteFor(de);
    // Decision 0085: billed in the UK, the order is in pounds unless the buyer chooses euros (the quote's).
    for (const request of [
      { billing: { country: 'GB', vatNumber: 'GB123456782' }, currency: 'EUR' },
      { billing: { country: 'DE', vatNumber: '' } },
    ]) {
      const answer = (
        await t.post('/api/orders/price', { quoteReference: quote.reference, ...request })
      ).json() as OrderPriceAnswer;
      expect(answer.pricing.currency).toBe('EUR');
      expect(answer.pricing.totals.total).toBe(502088);
      expect(answer.changes).toEqual([]);
    }
  });

  it('without a quote: a GmbH’s servicing is reverse-charged, and billed from a UK office it keeps UK VAT as estimated (no change to tell)', async () => {
    const configuration = { ...de, batch: 'batch-2' };
    const business = (
      (
        await t.post('/api/orders/price', { configuration, billing: { country: 'DE', vatNumber: 'DE136695976' } })
      ).json() as OrderPriceAnswer
    ).pricing;
    expect(business.items.servicing.vatTreatment).toBe('reverse_charge');
    const fromUk = (
      await t.post('/api/orders/price', { configuration, billing: { country: 'GB', vatNumber: '' }, currency: 'EUR' })
    ).json() as OrderPriceAnswer;
    expect(fromUk.pricing.items.servicing).toMatchObject({ vatTreatment: 'standard', vat: 25398 });
    expect(fromUk.changes).toEqual([]);
    // In pounds, its default (decision 0085), the same treatment on the catalogue's pound price.
    const inPounds = (
      await t.post('/api/orders/price', { configuration, billing: { country: 'GB', vatNumber: '' } })
    ).json() as OrderPriceAnswer;
    expect(inPounds.pricing.currency).toBe('GBP');
    expect(inPounds.pricing.items.servicing).toMatchObject({ vatTreatment: 'standard', vat: 21675 });
  });

  it('refuses collection for a delivery to Germany', async () => {
    const response = await t.post('/api/orders/price', {
      configuration: { ...de, shipping: 'collection', batch: 'batch-2' },
      billing: { country: 'DE', vatNumber: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(
      'Collection from our premises is offered only for delivery in the United Kingdom. Orders for Germany are delivered DAP to the delivery address.',
    );
  });
});

import { exampleBusinessProfile, FUTURE_BATCH_ITEM } from '../../shared/business-profile';
import { defaultTermsValues } from '../../shared/terms';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultBatch } from '../../shared/batches/default-batch';
import { batchDatePassed } from '../../shared/batches/ship-date';
import type { Dashboard } from '../../shared/reporting/dashboard-contracts';
import type { Product } from '../../shared/catalogue';
import { confirmationDocument, type DocumentOrder } from '../../shared/documents/order-documents';
import type { OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling } from '../../../tests/support/factories';
import { createTestApp, useTestApp } from '../../../tests/support/test-app';
import { quarterEndsAfter } from './seed-data';

// Seeded on 26 November 2026, the batches ship at the next three quarter-ends: Batch 1 (sold out)
// 31 December 2026, Batch 2 31 March 2027, Batch 3 30 June 2027.
const seeded = new Date('2026-11-26T09:00:00.000Z');
const batch2Passed = new Date('2027-04-02T09:00:00.000Z');
const selection = { ...defaultSelection, batch: 'batch-2' };
const customerInfo = { email: 'ship@example.com', firstName: 'Lise', lastName: 'Meitner', organization: 'KWI' };
const batch2Closed =
  "Batch 2's ship date has passed, so it takes no new quotes or orders until we set a new date: choose Batch 3, the next open batch";

describe('a batch’s date passes at midnight in the UK (issue 38)', () => {
  it('at 00:30 British Summer Time on 1 April (23:30 UTC on 31 March) a batch dated 31 March has passed; at 23:30 BST on 31 March it has not', () => {
    expect(batchDatePassed('2027-03-31', new Date('2027-03-31T23:30:00.000Z'))).toBe(true);
    expect(batchDatePassed('2027-03-31', new Date('2027-03-31T22:30:00.000Z'))).toBe(false);
    expect(batchDatePassed(null, new Date('2030-01-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('a new shop seeds its batches dated ahead (issue 38)', () => {
  it('gives the next three quarter-ends after the seeding day, on a quarter-end and on New Year’s Eve too', () => {
    expect(quarterEndsAfter('2026-11-26', 3)).toEqual(['2026-12-31', '2027-03-31', '2027-06-30']);
    expect(quarterEndsAfter('2027-03-31', 3)).toEqual(['2027-06-30', '2027-09-30', '2027-12-31']);
    expect(quarterEndsAfter('2026-12-31', 2)).toEqual(['2027-03-31', '2027-06-30']);
  });

  it('a fresh seed’s batches are all in the future, with the specification’s ids and labels, and the default is Batch 2', async () => {
    const t = await createTestApp({ now: new Date('2031-05-14T10:00:00.000Z') });
    try {
      const { product } = (await t.get('/api/products/dropwise')).json() as { product: Product };
      expect(product.batches.map(({ id, name, date, soldOut }) => ({ id, name, date, soldOut }))).toEqual([
        { id: 'batch-1', name: 'Batch 1', date: '2031-06-30', soldOut: true },
        { id: 'batch-2', name: 'Batch 2', date: '2031-09-30', soldOut: false },
        { id: 'batch-3', name: 'Batch 3', date: '2031-12-31', soldOut: false },
      ]);
      expect(product.batches.some((batch) => batch.datePassed)).toBe(false);
      expect(defaultBatch(product)).toBe('batch-2');
    } finally {
      await t.close();
    }
  });
});

describe('ship dates are never in the past (issues 23 and 38)', () => {
  const t = useTestApp({ now: seeded });

  const product = async () => ((await t.get('/api/products/dropwise')).json() as { product: Product }).product;
  const batch2 = async () => (await product()).batches.find((batch) => batch.id === 'batch-2');
  const quote = async (configuration = selection) =>
    t.post('/api/quotes', { configuration, customerInfo, flowType: 'quote' });

  it('with the clock past Batch 2’s date, the configurator’s default is Batch 3 and a quote, a price or an order naming Batch 2 is refused', async () => {
    // Before its date (on 30 March 2027): Batch 2 is offered with its date, and a quote made now names it.
    t.clock.now = new Date('2027-03-30T09:00:00.000Z');
    expect(await batch2()).toMatchObject({ name: 'Batch 2', date: '2027-03-31' });
    expect(defaultBatch(await product())).toBe('batch-2');
    const early = await quote();
    expect(early.statusCode, early.body).toBe(201);
    const earlyQuote = (early.json() as { quote: QuoteResource }).quote;
    expect(earlyQuote.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: '2027-03-31' });

    t.clock.now = batch2Passed;
    try {
      expect(await batch2()).toMatchObject({ name: 'Batch 2', date: null, datePassed: true });
      expect(defaultBatch(await product())).toBe('batch-3');

      const refusedQuote = await quote();
      expect(refusedQuote.statusCode).toBe(400);
      expect(refusedQuote.json().error.message).toBe(batch2Closed);
      const refusedPrice = await t.post('/api/pricing', { configuration: selection });
      expect(refusedPrice.statusCode).toBe(400);
      expect(refusedPrice.json().error.message).toBe(batch2Closed);

      // The quote made before the date keeps its prices, but not a batch that has since passed.
      const fromQuote = await t.post('/api/orders', {
        quoteReference: earlyQuote.reference,
        billing: guestBilling('ship@example.com'),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(fromQuote.statusCode, fromQuote.body).toBe(400);
      expect(fromQuote.json().error.message).toBe(batch2Closed);

      // Batch 3 still takes quotes and orders.
      const next = await quote({ ...defaultSelection, batch: 'batch-3' });
      expect(next.statusCode, next.body).toBe(201);
      const placed = await t.post('/api/orders', {
        quoteReference: (next.json() as { quote: QuoteResource }).quote.reference,
        billing: guestBilling('ship@example.com'),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      expect((placed.json() as { order: OrderResource }).order.batch).toEqual({
        id: 'batch-3',
        name: 'Batch 3',
        shipDate: '2027-06-30',
      });
    } finally {
      t.clock.now = seeded;
    }
  });

  it('writes "ship date to be confirmed" on the confirmation, and the ship month while the date holds', () => {
    const order = {
      orderNumber: 'O2026-00001',
      items: [],
      subtotalAmount: 0,
      vatAmount: 0,
      vatRate: 0,
      remainingAmount: 0,
      billingAddress: null,
      shippingAddress: null,
      poNumber: null,
      vatNumber: null,
    } as unknown as DocumentOrder;
    const context = {
      confirmedAt: seeded,
      depositDueDate: '2026-12-10',
      profile: exampleBusinessProfile,
      terms: defaultTermsValues,
      termsUrl: 'https://shop.test/terms-of-sale',
      warranty: { months: 12, planName: null },
    };
    const text = (shipDate: string | null) =>
      JSON.stringify(
        confirmationDocument(
          { ...order, createdAt: seeded.toISOString(), currency: 'GBP', totalAmount: 0, depositAmount: 0 },
          { ...context, batch: { name: 'Batch 2', shipDate } },
        ).sections,
      );
    expect(text(null)).toContain('Production batch: Batch 2, ship date to be confirmed.');
    expect(text('2027-03-31')).toContain('Production batch: Batch 2. Ships in March 2027, estimated.');
  });

  it('flags the passed batch on the admin dashboard and the set-up checklist until staff re-date it; then it takes quotes again', async () => {
    // 1 July 2027: Batch 2 and Batch 3 have both passed, Batch 1 is sold out.
    t.clock.now = new Date('2027-07-01T09:00:00.000Z');
    const admin = await createAdminSession(t);
    const dashboard = async () =>
      ((await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json() as Dashboard).batchesPastShipDate ?? [];
    const futureBatchItem = async () =>
      (
        (await t.get('/api/admin/business-profile/checklist', { cookie: admin.cookie })).json() as {
          checklist: { key: string; label: string; done: boolean }[];
        }
      ).checklist.find((item) => item.key === 'futureBatch');
    try {
      expect(await dashboard()).toContainEqual({ id: 'batch-2', name: 'Batch 2', date: '2027-03-31' });
      expect(await futureBatchItem()).toEqual({ key: 'futureBatch', label: FUTURE_BATCH_ITEM, done: false });
      const refused = await quote();
      expect(refused.json().error.message).toBe(
        "Batch 2's ship date has passed, so it takes no new quotes or orders until we set a new date",
      );

      await admin.stepUp();
      const redated = await t.put('/api/admin/batches/batch-2', { date: '2027-09-30' }, { cookie: admin.cookie });
      expect(redated.statusCode, redated.body).toBe(200);
      expect((await dashboard()).map((batch) => batch.id)).not.toContain('batch-2');
      expect(await batch2()).toMatchObject({ date: '2027-09-30' });
      expect((await batch2())?.datePassed).toBeUndefined();
      expect(await futureBatchItem()).toMatchObject({ done: true });
      const taken = await quote();
      expect(taken.statusCode, taken.body).toBe(201);
    } finally {
      t.clock.now = seeded;
    }
  });
});

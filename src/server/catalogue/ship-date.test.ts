import { exampleBusinessProfile } from '../../shared/business-profile';
import { defaultTermsValues } from '../../shared/terms';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../shared/reporting/dashboard-contracts';
import type { Product } from '../../shared/catalogue';
import { confirmationDocument, type DocumentOrder } from '../../shared/documents/order-documents';
import type { OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';

// The seeded Batch 2 ships on 29 August 2025: before then it is offered with that date, after it is not.
const before = new Date('2025-07-01T09:00:00.000Z');
const after = new Date('2026-11-26T09:00:00.000Z');
const selection = { ...defaultSelection, batch: 'batch-2' };
const customerInfo = { email: 'ship@example.com', firstName: 'Lise', lastName: 'Meitner', organization: 'KWI' };

describe('ship dates are never in the past (issue 23)', () => {
  const t = useTestApp({ now: after });

  const batch2 = async () =>
    ((await t.get('/api/products/dropwise')).json() as { product: Product }).product.batches.find(
      (batch) => batch.id === 'batch-2',
    );

  it('offers a batch whose date has passed as "date to be confirmed" in the product, the quote and the order', async () => {
    t.clock.now = before;
    try {
      expect(await batch2()).toMatchObject({ name: 'Batch 2', date: '2025-08-29' });
      const early = (
        (await t.post('/api/quotes', { configuration: selection, customerInfo, flowType: 'quote' })).json() as {
          quote: QuoteResource;
        }
      ).quote;
      expect(early.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: '2025-08-29' });
    } finally {
      t.clock.now = after;
    }

    expect(await batch2()).toMatchObject({ name: 'Batch 2', date: null });
    const created = await t.post('/api/quotes', { configuration: selection, customerInfo, flowType: 'quote' });
    expect(created.statusCode, created.body).toBe(201);
    const { quote } = created.json() as { quote: QuoteResource };
    expect(quote.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: null });
    const read = (await t.get(`/api/quotes/${quote.reference}`)).json() as { quote: QuoteResource };
    expect(read.quote.batch?.shipDate).toBeNull();

    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: guestBilling('ship@example.com'),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: OrderResource };
    expect(order.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: null });
    const summary = (await t.get(`/api/orders/${order.id}`)).json() as { order: { batch: unknown } };
    expect(summary.order.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: null });
  });

  it('writes "ship date to be confirmed" on the confirmation, and the date while it holds', () => {
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
      confirmedAt: after,
      depositDueDate: '2026-12-10',
      profile: exampleBusinessProfile,
      terms: defaultTermsValues,
      termsUrl: 'https://shop.test/terms-of-sale',
      warranty: { months: 12, planName: null },
    };
    const text = (shipDate: string | null) =>
      JSON.stringify(
        confirmationDocument(
          { ...order, createdAt: after.toISOString(), currency: 'GBP', totalAmount: 0, depositAmount: 0 },
          {
            ...context,
            batch: { name: 'Batch 2', shipDate },
          },
        ).sections,
      );
    expect(text(null)).toContain('Production batch: Batch 2, ship date to be confirmed.');
    expect(text('2027-03-31')).toContain('Production batch: Batch 2, estimated ship date 31 March 2027.');
  });

  it('flags the passed batch on the admin dashboard until staff re-date it', async () => {
    const admin = await createAdminSession(t);
    const dashboard = async () =>
      ((await t.get('/api/admin/dashboard', { cookie: admin.cookie })).json() as Dashboard).batchesPastShipDate;
    expect(await dashboard()).toContainEqual({ id: 'batch-2', name: 'Batch 2', date: '2025-08-29' });

    await admin.stepUp();
    const redated = await t.put('/api/admin/batches/batch-2', { date: '2027-03-31' }, { cookie: admin.cookie });
    expect(redated.statusCode, redated.body).toBe(200);
    expect((await dashboard()).map((batch) => batch.id)).not.toContain('batch-2');
    expect(await batch2()).toMatchObject({ date: '2027-03-31' });
  });
});

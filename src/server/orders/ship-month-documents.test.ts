import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestBilling } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import type { OrderResource } from '../../shared/order-flow';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { mailOutbox, orders } from '../db/schema';

// Seeded on 20 November 2026, Batch 2 ships at the second quarter-end after it: 31 March 2027 (issue 38).
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const attachmentText = async (t: ReturnType<typeof useTestApp>, kind: string, to: string) => {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.toAddress, to)));
  const attachment = mail?.attachments?.[0];
  return oneLine(
    pdfText(Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64')),
  );
};

describe('the batch’s estimated ship month on the documents (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  it('the quote PDF, the acknowledgement and the confirmation give "Ships in March 2027, estimated"; the confirmation adds the delivery window by the shipping option', async () => {
    const email = 'ship-month@example.com';
    const created = await t.post('/api/quotes', {
      configuration: { ...defaultSelection, batch: 'batch-2' },
      customerInfo: { email, firstName: 'Ada', lastName: 'Lovelace', organization: 'Analytical Engines' },
      flowType: 'quote',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { quote } = created.json() as { quote: QuoteResource };
    const quotePdf = oneLine(pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload));
    expect(quotePdf).toContain('Production batch: Batch 2. Ships in March 2027, estimated.');

    const placed = await t.post('/api/orders', {
      quoteReference: quote.reference,
      billing: guestBilling(email),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: OrderResource };
    // The order page (and the confirmation page) read the batch from the order's API: the month comes from it.
    expect(order.batch).toEqual({ id: 'batch-2', name: 'Batch 2', shipDate: '2027-03-31' });
    const admin = await createAdminSession(t);
    const acknowledgement = await t.get(`/api/orders/${order.id}/documents/acknowledgement`, { cookie: admin.cookie });
    expect(acknowledgement.statusCode).toBe(200);
    expect(oneLine(pdfText(acknowledgement.rawPayload))).toContain(
      'Production batch: Batch 2. Ships in March 2027, estimated.',
    );
    // The e-mail says it too, and the order keeps the date it told (a re-date's "Before:").
    const [received] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order_received'), eq(mailOutbox.toAddress, email)));
    expect(received?.textBody).toContain('Production batch: Batch 2. Ships in March 2027, estimated.');
    const [stored] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.shipDateTold).toBe('2027-03-31');

    const confirmed = await t.patch(`/api/admin/orders/${order.id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const confirmation = await attachmentText(t, 'order_confirmed', email);
    const [confirmedMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order_confirmed'), eq(mailOutbox.toAddress, email)));
    expect(confirmedMail?.textBody).toContain('Production batch: Batch 2. Ships in March 2027, estimated.');
    expect(confirmation).toContain('ORDER CONFIRMATION');
    expect(confirmation).toContain('Production batch: Batch 2. Ships in March 2027, estimated.');
    expect(confirmation).toContain(
      'Estimated delivery: 31 March 2027 to 14 April 2027, by FedEx International Priority.',
    );
  });
});

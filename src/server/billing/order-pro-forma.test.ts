import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { guestOrderBody } from '../../../tests/support/factories';
import { pdfPageTexts } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { type DocumentOrder, orderProFormaDocument, PRO_FORMA_BANNER } from '../../shared/documents/order-documents';
import type { OrderResource } from '../../shared/order-flow';
import { defaultTermsValues } from '../../shared/terms';
import { renderDocumentPdf } from '../documents/document-pdf';
import { auditLog, invoices, mailOutbox } from '../db/schema';

const start = new Date('2026-12-01T09:00:00.000Z');

describe('the pro-forma on request (issue 39)', () => {
  const t = useTestApp({ now: start });

  it('is downloaded by staff who issue invoices and e-mailed to the customer behind a fresh code, marked on every page, and issues no invoice', async () => {
    const placed = await t.post('/api/orders', {
      ...guestOrderBody('proforma@example.com'),
      billing: { ...guestOrderBody('proforma@example.com').billing, poNumber: 'PO-PF-1' },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    const finance = await createAdminSession(t, t.db, ['finance']);

    const download = await t.get(`/api/admin/orders/${order.id}/pro-forma`, { cookie: finance.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`Pro-forma-${order.orderNumber}.pdf`);
    const pages = pdfPageTexts(download.rawPayload);
    expect(pages.length).toBeGreaterThan(0);
    for (const [index, page] of pages.entries()) expect(page, `page ${index + 1}`).toContain(PRO_FORMA_BANNER);
    const text = pages.join('\n');
    expect(text).toContain('PRO-FORMA INVOICE');
    expect(text).toContain('Your PO number: PO-PF-1');
    for (const item of order.items) expect(text).toContain(item.itemName);
    // Not a tax document: nothing in the invoice series.
    expect(await t.db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(0);

    // Sales (no invoices.issue) may not; sending needs the fresh code.
    const sales = await createAdminSession(t, t.db, ['sales']);
    expect((await t.get(`/api/admin/orders/${order.id}/pro-forma`, { cookie: sales.cookie })).statusCode).toBe(403);
    const stale = await t.post(`/api/admin/orders/${order.id}/pro-forma/send`, {}, { cookie: finance.cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toMatchObject({ error: { code: 'step_up_required' } });
    await finance.stepUp();
    const sent = await t.post(`/api/admin/orders/${order.id}/pro-forma/send`, {}, { cookie: finance.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'order_pro_forma'), eq(mailOutbox.toAddress, 'proforma@example.com')));
    expect(mail?.subject).toBe(`Pro-forma for your order ${order.orderNumber}`);
    expect(mail?.textBody).toContain('Pro-forma: not a VAT invoice');
    const attachment = mail?.attachments?.[0];
    expect(attachment?.filename).toBe(`Pro-forma-${order.orderNumber}.pdf`);
    const attached = Buffer.from(attachment && 'contentBase64' in attachment ? attachment.contentBase64 : '', 'base64');
    for (const page of pdfPageTexts(attached)) expect(page).toContain(PRO_FORMA_BANNER);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.pro_forma_send'), eq(auditLog.entityId, order.id)));
    expect(entry?.after).toMatchObject({ orderNumber: order.orderNumber });
  });

  it('marks every page of a long pro-forma (a long company name, EUR, many lines), not just the first', async () => {
    const items = Array.from({ length: 70 }, (_, index) => ({
      id: `item-${index}`,
      itemType: 'accessory',
      itemId: `accessory-${index}`,
      itemName: `Accessory kit ${index + 1} for regulated laboratories`,
      quantity: 1,
      unitPrice: 1000 + index,
      totalPrice: 1000 + index,
      supply: 'goods' as const,
      vatTreatment: 'zero_rated_export' as const,
      vatRate: 0,
      vatAmount: 0,
    }));
    const net = items.reduce((sum, item) => sum + item.totalPrice, 0);
    const order: DocumentOrder = {
      orderNumber: 'O2026-00099',
      kind: 'instrument',
      createdAt: start.toISOString(),
      currency: 'EUR',
      totalAmount: net,
      depositAmount: Math.round(net / 2),
      remainingAmount: net - Math.round(net / 2),
      subtotalAmount: net,
      vatAmount: 0,
      vatRate: 0,
      items,
      billingAddress: {
        street: 'Im Neuenheimer Feld 282',
        city: 'Heidelberg',
        state: null,
        postal_code: '69120',
        country: 'DE',
        name: 'Rosalind Franklin',
        company: 'Universitätsklinikum Heidelberg, Zentrum für Molekularbiologie der Universität Heidelberg (ZMBH)',
        phone: null,
      },
      shippingAddress: null,
      poNumber: 'PO-UNI-HD-2026-000123456',
      vatNumber: 'DE136695976',
      customerEmail: 'einkauf@example.com',
      quoteNumber: 'Q2026-0042',
    };
    const pdf = await renderDocumentPdf(
      orderProFormaDocument(order, {
        profile: exampleBusinessProfile,
        terms: defaultTermsValues,
        termsUrl: 'http://localhost:3000/terms-of-sale',
        issuedAt: start,
      }),
    );
    const pages = pdfPageTexts(pdf);
    expect(pages.length).toBeGreaterThan(1);
    for (const [index, page] of pages.entries()) expect(page, `page ${index + 1}`).toContain(PRO_FORMA_BANNER);
    expect(pages.join('\n')).toContain('Accessory kit 70 for regulated laboratories');
  });
});

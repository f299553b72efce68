import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import { terms } from '../../shared/terms';
import { instruments, orderItems } from '../db/schema';

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'delivery-note-')), 'note.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('the packing slip (delivery note) for dispatch (issue 28)', () => {
  const t = useTestApp({ now: new Date('2026-03-02T09:00:00.000Z') });

  it('prints the order and PO numbers, the delivery address in the country’s order, lines and quantities without prices, carrier and tracking', async () => {
    const admin = await createAdminSession(t);
    const order = await createOrder(t.db, {
      currency: 'EUR',
      totalAmount: 334000,
      poNumber: 'PO <4471> & Co',
      status: 'shipped',
      carrier: 'dhl',
      trackingNumber: 'JD014600006281',
      shippingAddress: {
        street: 'Invalidenstraße 42',
        city: 'Berlin',
        state: null,
        postal_code: '10115',
        country: 'DE',
        name: 'Wareneingang <b>Labor</b>',
        company: 'Universität Beispiel',
        phone: null,
      },
    });
    await t.db.insert(orderItems).values([
      {
        orderId: order.id,
        itemType: 'base_configuration',
        itemId: 'dropwise',
        itemName: 'Dropwise instrument',
        quantity: 2,
        unitPrice: 150000,
        totalPrice: 300000,
      },
      {
        orderId: order.id,
        itemType: 'accessory',
        itemId: '10x-6ml-syringes',
        itemName: '10x 6ml syringes',
        quantity: 3,
        unitPrice: 4000,
        totalPrice: 12000,
      },
      // Not goods: the servicing plan and the carriage are not in the box.
      {
        orderId: order.id,
        itemType: 'servicing',
        itemId: '3-year',
        itemName: '3-year servicing',
        quantity: 2,
        unitPrice: 63495,
        totalPrice: 126990,
      },
      {
        orderId: order.id,
        itemType: 'shipping',
        itemId: 'fedex-international-priority',
        itemName: 'FedEx International Priority',
        quantity: 1,
        unitPrice: 9500,
        totalPrice: 9500,
      },
    ]);
    await t.db.insert(instruments).values([
      { orderId: order.id, unitIndex: 1, serialNumber: 'DW-P-2601-0001', model: 'Dropwise instrument' },
      { orderId: order.id, unitIndex: 2, serialNumber: 'DW-P-2601-0002', model: 'Dropwise instrument' },
    ]);

    const response = await t.get(`/api/admin/orders/${order.id}/packing-slip`, { cookie: admin.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="delivery-note-${order.orderNumber}.pdf"`,
    );
    const text = pdfText(response.rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(text).toContain('DELIVERY NOTE');
    expect(flat).toContain(`Order number: ${order.orderNumber}`);
    // One-line fields are cleaned as everywhere (cleanLine drops angle brackets) and drawn as text.
    expect(flat).toContain('Your PO number: PO 4471 & Co');
    // Germany: the postcode before the city, on the line after the street.
    expect(text).toMatch(/Invalidenstraße 42\s*\n\s*10115 Berlin/);
    expect(flat).toContain('Wareneingang bLabor/b');
    expect(flat).toContain('Universität Beispiel');
    expect(text).toMatch(/Dropwise instrument\s+2/);
    expect(text).toMatch(/10x 6ml syringes\s+3/);
    expect(text).not.toMatch(/€|£|Unit price|Amount|Total/);
    // Goods only, each instrument by its serial number, and the terms' inspection deadline (issue 38).
    expect(flat).not.toContain('3-year servicing');
    expect(flat).not.toContain('FedEx International Priority');
    expect(flat).toContain('Serial numbers');
    expect(flat).toContain('Dropwise instrument: DW-P-2601-0001');
    expect(flat).toContain('Dropwise instrument: DW-P-2601-0002');
    expect(flat).toContain(terms.inspection);
    expect(flat).toContain('Carrier: DHL Express');
    expect(flat).toContain('Tracking number: JD014600006281');
    expect(flat).toContain('tracking-id=JD014600006281');
    expect(flat).toContain(exampleBusinessProfile.legalName);

    const catalogue = await createAdminSession(t, t.db, ['catalogue']);
    expect((await t.get(`/api/admin/orders/${order.id}/packing-slip`, { cookie: catalogue.cookie })).statusCode).toBe(
      403,
    );
    expect(
      (await t.get('/api/admin/orders/00000000-0000-4000-8000-000000000000/packing-slip', { cookie: admin.cookie }))
        .statusCode,
    ).toBe(404);
  });
});

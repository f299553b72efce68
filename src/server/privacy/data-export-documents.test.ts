import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestOrderBody } from '../../../tests/support/factories';
import { createInstrument, createServiceRequestRow, tinyPng } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Order } from '../../shared/orders/order-schema';
import { buildExportZip } from './data-export';

const pdfText = (pdf: Uint8Array) => {
  const file = join(mkdtempSync(join(tmpdir(), 'data-export-')), 'document.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('the data export holds every document of each order and the service photos (issue 38)', () => {
  const t = useTestApp({ now: new Date('2026-11-26T12:00:00.000Z') });

  it('has the acknowledgement, the confirmation and the invoices as the order page serves them, and each photo as stored', async () => {
    const ada = await createUser(t.db, { email: 'ada.export@lab.example' });
    const cookie = await signIn(t, ada.user.email);
    const placed = await t.post('/api/orders', guestOrderBody(ada.user.email), { cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id, orderNumber } = (placed.json() as { order: Order }).order;
    const admin = await createAdminSession(t);
    const confirmed = await t.patch(`/api/admin/orders/${id}`, { status: 'confirmed' }, { cookie: admin.cookie });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const instrument = await createInstrument(t.db, { orderId: id, serialNumber: 'DW-EXPORT-1' });
    const { request } = await createServiceRequestRow(t.db, instrument.id, {}, { photo: true });

    const files = unzipSync(
      new Uint8Array(
        await buildExportZip(t.db, { email: ada.user.email, userId: ada.user.id }, t.clock.now, t.env.publicUrl),
      ),
    );
    const data = JSON.parse(strFromU8(files['data.json'] ?? new Uint8Array())) as { orders: Order[] };
    const documents = data.orders.find((order) => order.id === id)?.documents ?? [];
    expect(documents.map((document) => document.kind).slice(0, 2)).toEqual(['acknowledgement', 'confirmation']);

    const acknowledgement = files[`documents/Order-acknowledgement-${orderNumber}.pdf`];
    const confirmation = files[`documents/Order-confirmation-${orderNumber}.pdf`];
    expect(acknowledgement).toBeDefined();
    expect(confirmation).toBeDefined();
    // The same document the order page serves: its text, rendered from the same order.
    for (const [file, kind] of [
      [acknowledgement, 'acknowledgement'],
      [confirmation, 'confirmation'],
    ] as const) {
      const served = documents.find((document) => document.kind === kind);
      const response = await t.get(served?.url ?? '', { cookie });
      expect(response.statusCode).toBe(200);
      expect(pdfText(file ?? new Uint8Array())).toBe(pdfText(new Uint8Array(response.rawPayload)));
    }
    expect(pdfText(confirmation ?? new Uint8Array())).toContain(orderNumber);
    expect(pdfText(confirmation ?? new Uint8Array()).toUpperCase()).toContain('CONFIRMATION');
    // Every invoice or credit note of the order is there, byte for byte as issued.
    for (const document of documents.filter((d) => d.kind !== 'acknowledgement' && d.kind !== 'confirmation')) {
      const response = await t.get(document.url, { cookie });
      expect(Buffer.from(files[`documents/${document.number}.pdf`] ?? new Uint8Array())).toEqual(
        Buffer.from(response.rawPayload),
      );
    }

    // The photo, as stored, named after its request.
    expect(Buffer.from(files[`photos/${request.requestNumber}-1.png`] ?? new Uint8Array())).toEqual(tinyPng);
    expect(strFromU8(files['README.txt'] ?? new Uint8Array())).toContain('photos/ holds the photos');
  });

  it('has no confirmation for an order not yet confirmed, and no photos folder without service photos', async () => {
    const bea = await createUser(t.db, { email: 'bea.export@lab.example' });
    const cookie = await signIn(t, bea.user.email);
    const placed = await t.post('/api/orders', guestOrderBody(bea.user.email), { cookie });
    const { orderNumber } = (placed.json() as { order: Order }).order;
    const files = unzipSync(
      new Uint8Array(
        await buildExportZip(t.db, { email: bea.user.email, userId: bea.user.id }, t.clock.now, t.env.publicUrl),
      ),
    );
    expect(files[`documents/Order-acknowledgement-${orderNumber}.pdf`]).toBeDefined();
    expect(files[`documents/Order-confirmation-${orderNumber}.pdf`]).toBeUndefined();
    expect(Object.keys(files).filter((name) => name.startsWith('photos/'))).toEqual([]);
  });
});

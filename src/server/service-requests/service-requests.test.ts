// @engine: row locks, RMA and service number sequences
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { createInstrument, tinyPng } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminServiceRequest, ServiceRequest } from '../../shared/service-requests/service-contracts';
import {
  serviceFieldMessages,
  serviceMessages,
  type ServiceRequestStatus,
} from '../../shared/service-requests/service-lifecycle';
import {
  auditLog,
  mailOutbox,
  orders,
  serviceRequestHistory,
  serviceRequestPhotos,
  serviceRequests,
} from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

const start = new Date('2026-11-20T09:00:00.000Z');
const photoOf = (bytes: Buffer) => ({ dataBase64: bytes.toString('base64') });
const hostile = '<script>alert(1)</script>\n=HYPERLINK("http://evil.example","click")\u0090 bell';

const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'rma-pdf-')), 'rma.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
};

describe('service requests (issue 26, RMA)', () => {
  const t = useTestApp({ now: start });

  const customer = async () => {
    const { user } = await createUser(t.db);
    return { user, cookie: await signIn(t, user.email) };
  };

  /** `remoteAddress`: a client of its own, for the tests past the route's 20 an hour per client. */
  const open = (body: Record<string, unknown>, cookie?: string, remoteAddress?: string) =>
    t.post(
      '/api/service-requests',
      { description: 'The pump stalls after a minute.', ...body },
      { ...(cookie ? { cookie } : {}), ...(remoteAddress ? { remoteAddress } : {}) },
    );

  const move = (id: string, body: Record<string, unknown>, cookie: string) =>
    t.post(`/api/admin/service/${id}/moves`, body, { cookie });

  const adminIdOf = async (requestNumber: string, cookie: string) => {
    const list = await t.get(`/api/admin/service?search=${requestNumber}`, { cookie });
    expect(list.statusCode, list.body).toBe(200);
    const id = (list.json() as { items: { id: string }[] }).items[0]?.id;
    if (!id) throw new Error(`no admin row for ${requestNumber}`);
    return id;
  };

  it("opens a request for the owner's instrument, under warranty, and answers 404 to everyone else", async () => {
    const owner = await customer();
    const other = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });

    const lookup = await t.get(`/api/service-requests/instrument?serial=${instrument.serialNumber}`, {
      cookie: owner.cookie,
    });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({ instrument: { serialNumber: instrument.serialNumber, underWarranty: true } });
    const strangerLookup = await t.get(`/api/service-requests/instrument?serial=${instrument.serialNumber}`, {
      cookie: other.cookie,
    });
    expect(strangerLookup.statusCode).toBe(404);

    expect((await open({ serial: instrument.serialNumber }, other.cookie)).statusCode).toBe(404);
    expect((await open({ serial: instrument.serialNumber })).statusCode).toBe(404);

    const created = await open({ serial: instrument.serialNumber }, owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: ServiceRequest }).request;
    expect(request.requestNumber).toMatch(/^SR2026-\d{5}$/);
    expect(request).toMatchObject({ status: 'requested', underWarranty: true, rmaNumber: null });
    expect(request.history.map((step) => step.status)).toEqual(['requested']);

    const page = `/api/service-requests/${request.requestNumber}`;
    expect((await t.get(page, { cookie: owner.cookie })).statusCode).toBe(200);
    const hidden = await t.get(page, { cookie: other.cookie });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ error: { message: serviceMessages.notFound } });
    expect((await t.get(page)).statusCode).toBe(404);
    expect((await t.get(`${page}/rma.pdf`, { cookie: other.cookie })).statusCode).toBe(404);

    const mine = (await t.get('/api/service-requests', { cookie: owner.cookie })).json() as {
      requests: { requestNumber: string }[];
    };
    expect(mine.requests.map((row) => row.requestNumber)).toEqual([request.requestNumber]);
    const theirs = (await t.get('/api/service-requests', { cookie: other.cookie })).json() as { requests: unknown[] };
    expect(theirs.requests).toEqual([]);
  });

  it("lets a guest open and follow a request with the order's key, never with a wrong one", async () => {
    const instrument = await createInstrument(t.db, { userId: null });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, instrument.orderId));
    const key = order?.accessKey ?? '';
    const wrongKey = 'x'.repeat(key.length);

    expect((await open({ serial: instrument.serialNumber, order: instrument.orderId, key: wrongKey })).statusCode).toBe(
      404,
    );
    expect((await open({ serial: instrument.serialNumber, key })).statusCode).toBe(404);
    const created = await open({ serial: instrument.serialNumber, order: instrument.orderId, key });
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: ServiceRequest }).request;

    const page = `/api/service-requests/${request.requestNumber}`;
    expect((await t.get(`${page}?key=${encodeURIComponent(key)}`)).statusCode).toBe(200);
    expect((await t.get(`${page}?key=${wrongKey}`)).statusCode).toBe(404);
    expect((await t.get(page)).statusCode).toBe(404);
  });

  it('takes photos only as JPEG, PNG or WebP by their bytes, at most 3 of 5 MB each, and serves them only to the owner and staff', async () => {
    const owner = await customer();
    const other = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const serial = instrument.serialNumber;
    const photo = (bytes: Buffer) => ({ dataBase64: bytes.toString('base64') });

    const html = await open(
      { serial, photos: [photo(Buffer.from('<html><script>alert(1)</script></html>'))] },
      owner.cookie,
    );
    expect(html.statusCode).toBe(400);
    expect(html.json()).toMatchObject({
      error: { message: serviceMessages.photoType, messageId: 'serviceRefusal.photoType' },
    });

    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    tinyPng.copy(big);
    const large = await open({ serial, photos: [photo(big)] }, owner.cookie);
    expect(large.statusCode).toBe(400);
    expect(large.json()).toMatchObject({ error: { message: serviceMessages.photoTooLarge } });

    const four = await open({ serial, photos: [1, 2, 3, 4].map(() => photo(tinyPng)) }, owner.cookie);
    expect(four.statusCode).toBe(400);
    expect(JSON.stringify(four.json())).toContain(serviceMessages.tooManyPhotos);
    // Issue 53: the field's English with its id, for the page to show in its language.
    expect(four.json().error).toMatchObject({
      fields: { photos: serviceMessages.tooManyPhotos },
      fieldMessageIds: { photos: serviceFieldMessages.tooManyPhotos.id },
    });
    const blank = await open({ serial, description: ' ' }, owner.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      messageId: serviceFieldMessages.descriptionRequired.id,
      fields: { description: serviceFieldMessages.descriptionRequired.message },
      fieldMessageIds: { description: serviceFieldMessages.descriptionRequired.id },
    });
    const tooLong = await open({ serial, description: 'x'.repeat(4001) }, owner.cookie);
    expect(tooLong.json().error).toMatchObject({
      fieldMessageIds: { description: serviceFieldMessages.descriptionTooLong.id },
    });
    expect(await t.db.select().from(serviceRequestPhotos)).toHaveLength(0);

    const created = await open({ serial, photos: [photo(tinyPng)] }, owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: ServiceRequest }).request;
    expect(request.photos).toHaveLength(1);
    const url = request.photos[0]?.url ?? '';
    const served = await t.get(url, { cookie: owner.cookie });
    expect(served.statusCode).toBe(200);
    // Re-encoded at upload (a PNG becomes a WebP): the same 1×1 picture, never the bytes sent.
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1, height: 1 });
    expect((await t.get(url, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await t.get(url)).statusCode).toBe(404);

    const admin = await createAdminSession(t);
    const id = await adminIdOf(request.requestNumber, admin.cookie);
    const detail = (await t.get(`/api/admin/service/${id}`, { cookie: admin.cookie })).json() as {
      request: AdminServiceRequest;
    };
    const staffPhoto = await t.get(detail.request.photos[0]?.url ?? '', { cookie: admin.cookie });
    expect(staffPhoto.statusCode).toBe(200);
    expect(staffPhoto.headers['x-content-type-options']).toBe('nosniff');
  });

  it('strips EXIF with its GPS position from a JPEG: stores and serves only re-encoded bytes, turned upright', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    // A phone photo: 64×48 stored sideways (orientation 6), with the camera's name and where it was taken.
    const sent = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c82828' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 2647/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 3947/100',
          GPSMapDatum: 'WGS-84',
        },
      })
      .toBuffer();
    const before = await sharp(sent).metadata();
    expect(before.exif?.includes('WGS-84')).toBe(true);
    expect(before.orientation).toBe(6);
    expect(sent.includes('PhoneCo')).toBe(true);

    const created = await open(
      { serial: instrument.serialNumber, photos: [{ dataBase64: sent.toString('base64') }] },
      owner.cookie,
      '10.34.0.1',
    );
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: ServiceRequest }).request;
    const [stored] = await t.db
      .select()
      .from(serviceRequestPhotos)
      .where(eq(serviceRequestPhotos.id, request.photos[0]?.id ?? ''));
    const served = await t.get(request.photos[0]?.url ?? '', { cookie: owner.cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(stored?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect(stored).toMatchObject({ contentType: 'image/jpeg', size: served.rawPayload.length });
    for (const bytes of [served.rawPayload, stored?.bytes ?? Buffer.alloc(0)]) {
      const after = await sharp(bytes).metadata();
      expect(after).toMatchObject({ format: 'jpeg', width: 48, height: 64 });
      expect(after.exif).toBeUndefined();
      expect(after.orientation).toBeUndefined();
      expect(bytes.includes('WGS-84')).toBe(false);
      expect(bytes.includes('PhoneCo')).toBe(false);
    }
  });

  it('refuses a small PNG that declares 30,000 × 30,000 pixels (3.4 GiB decoded) before decoding it, and stores nothing', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(30_000, 0);
    header.writeUInt32BE(30_000, 4);
    header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
    const bomb = Buffer.concat([
      tinyPng.subarray(0, 8),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(bomb.length).toBeLessThan(1024);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
      format: 'png',
      width: 30_000,
      height: 30_000,
    });

    const rowsBefore = {
      photos: await t.db.$count(serviceRequestPhotos),
      requests: await t.db.$count(serviceRequests),
    };
    const refused = await open(
      { serial: instrument.serialNumber, photos: [photoOf(tinyPng), photoOf(bomb)] },
      owner.cookie,
      '10.34.0.2',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: {
        code: 'photo_too_many_pixels',
        message: serviceMessages.photoTooManyPixels,
        fields: { 'photos.1': serviceMessages.photoTooManyPixels },
      },
    });
    expect({ photos: await t.db.$count(serviceRequestPhotos), requests: await t.db.$count(serviceRequests) }).toEqual(
      rowsBefore,
    );
  });

  it('refuses a file with an image signature that is not that image, and a truncated JPEG, as unreadable', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const photosBefore = await t.db.$count(serviceRequestPhotos);
    const truncated = jpeg.subarray(0, 20);
    const response = await open(
      { serial: instrument.serialNumber, photos: [photoOf(truncated)] },
      owner.cookie,
      '10.34.0.3',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { message: serviceMessages.photoUnreadable } });
    // A PNG signature in front of a JPEG: the bytes say PNG, the decoder does not agree.
    const disguised = Buffer.concat([tinyPng.subarray(0, 8), jpeg]);
    const mismatch = await open(
      { serial: instrument.serialNumber, photos: [photoOf(disguised)] },
      owner.cookie,
      '10.34.0.3',
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: { message: serviceMessages.photoUnreadable } });
    expect(await t.db.$count(serviceRequestPhotos)).toBe(photosBefore);
  });

  it('moves through every state the lifecycle allows, refuses the others, e-mails at authorisation and return, and audits each step', async () => {
    const owner = await customer();
    const admin = await createAdminSession(t);
    const opened = async () => {
      const instrument = await createInstrument(t.db, { userId: owner.user.id });
      const created = await open({ serial: instrument.serialNumber }, owner.cookie);
      const number = (created.json() as { request: ServiceRequest }).request.requestNumber;
      // Issue 41: receipt needs the customer's decontamination declaration (service-keeps-its-word.test.ts).
      const declared = await t.post(
        `/api/service-requests/${number}/decontamination`,
        {
          substances: 'Water only',
          cleaningMethod: 'Flushed with water',
          signatoryName: 'Ada Lovelace',
          signed: true,
          signedOn: '2026-11-20',
        },
        { cookie: owner.cookie },
      );
      expect(declared.statusCode, declared.body).toBe(200);
      return { number, id: await adminIdOf(number, admin.cookie) };
    };
    const walk = async (id: string, steps: ServiceRequestStatus[]) => {
      for (const to of steps) {
        const body =
          to === 'authorised'
            ? { to, returnInstructions: 'Pack it in the original box.\nUse the prepaid label.' }
            : to === 'declined'
              ? { to, declineReason: 'Damage from a dropped instrument is not covered.' }
              : { to, note: `Now ${to}`, staffNote: `Internal: ${to}` };
        const response = await move(id, body, admin.cookie);
        expect(response.statusCode, `${to}: ${response.body}`).toBe(200);
        expect((response.json() as { request: AdminServiceRequest }).request.status).toBe(to);
      }
    };

    const repaired = await opened();
    // Not allowed: straight to received; authorising without instructions.
    const skip = await move(repaired.id, { to: 'received' }, admin.cookie);
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({
      error: { code: 'service_move_refused', message: serviceMessages.moveRefused('requested', 'received') },
    });
    expect(skip.json()).toMatchObject({
      error: {
        message: 'A request that is requested cannot be moved to received. It can go to: authorised, declined.',
      },
    });
    const bare = await move(repaired.id, { to: 'authorised' }, admin.cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ error: { message: serviceMessages.returnInstructionsRequired } });

    await walk(repaired.id, ['authorised', 'received', 'repaired', 'returned']);
    const closed = await move(repaired.id, { to: 'declined', declineReason: 'Too late' }, admin.cookie);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ error: { message: serviceMessages.moveRefused('returned', 'declined') } });

    const customerView = (
      (await t.get(`/api/service-requests/${repaired.number}`, { cookie: owner.cookie })).json() as {
        request: ServiceRequest;
      }
    ).request;
    expect(customerView.status).toBe('returned');
    expect(customerView.rmaNumber).toMatch(/^RMA2026-\d{5}$/);
    expect(customerView.returnInstructions).toBe('Pack it in the original box.\nUse the prepaid label.');
    expect(customerView.history.map((step) => step.status)).toEqual([
      'requested',
      // The decontamination declaration's line (issue 41), at the step it was signed.
      'requested',
      'authorised',
      'received',
      'repaired',
      'returned',
    ]);
    expect(JSON.stringify(customerView)).not.toContain('Internal:');
    const staffRows = await t.db.select().from(serviceRequestHistory).where(eq(serviceRequestHistory.staffOnly, true));
    expect(staffRows.map((row) => row.note)).toEqual(
      expect.arrayContaining(['Internal: received', 'Internal: repaired', 'Internal: returned']),
    );

    const mails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, owner.user.email));
    const authorisedMail = mails.find((mail) => mail.kind === 'service_authorised');
    expect(authorisedMail?.textBody).toContain(customerView.rmaNumber ?? 'missing');
    expect(authorisedMail?.textBody).toContain('> Use the prepaid label.');
    expect(authorisedMail?.textBody).toContain(`/service-requests/${repaired.number}`);
    expect(mails.filter((mail) => mail.kind === 'service_returned')).toHaveLength(1);
    // The acknowledgement at opening (issue 41), then one at authorisation and one at return; each names support@.
    expect(
      mails
        .filter((mail) => mail.kind.startsWith('service_'))
        .map((mail) => mail.kind)
        .sort(),
    ).toEqual(['service_acknowledgement', 'service_authorised', 'service_returned']);
    expect(authorisedMail?.textBody).toContain('Questions? Write to support@');
    expect(authorisedMail?.textBody).not.toContain('sales@');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'service_request'), eq(auditLog.entityId, repaired.id)));
    expect(audits.map((entry) => entry.action).sort()).toEqual(
      ['service.authorised', 'service.received', 'service.repaired', 'service.returned'].sort(),
    );

    const replaced = await opened();
    await walk(replaced.id, ['authorised', 'received', 'replaced', 'returned']);
    for (const path of [['declined'], ['authorised', 'declined'], ['authorised', 'received', 'declined']] as const) {
      const declined = await opened();
      await walk(declined.id, [...path]);
      const view = (
        (await t.get(`/api/service-requests/${declined.number}`, { cookie: owner.cookie })).json() as {
          request: ServiceRequest;
        }
      ).request;
      expect(view.declineReason).toBe('Damage from a dropped instrument is not covered.');
    }
  });

  it('marks a request out of warranty when the cover has ended, and says a repair quote is needed', async () => {
    const owner = await customer();
    const lapsed = await createInstrument(t.db, {
      userId: owner.user.id,
      deliveredOn: '2024-01-10',
      warrantyEndsOn: '2025-01-10',
    });
    const created = await open({ serial: lapsed.serialNumber }, owner.cookie);
    expect((created.json() as { request: ServiceRequest }).request.underWarranty).toBe(false);
    const planned = await createInstrument(t.db, {
      userId: owner.user.id,
      warrantyEndsOn: '2025-01-10',
      servicePlanEndsOn: '2027-01-10',
    });
    const covered = await open({ serial: planned.serialNumber }, owner.cookie);
    expect((covered.json() as { request: ServiceRequest }).request.underWarranty).toBe(true);

    const admin = await createAdminSession(t);
    const out = await t.get('/api/admin/service?warranty=out', { cookie: admin.cookie });
    const numbers = (out.json() as { items: { requestNumber: string; underWarranty: boolean }[] }).items;
    expect(numbers.every((row) => !row.underWarranty)).toBe(true);
    expect(numbers.map((row) => row.requestNumber)).toContain(
      (created.json() as { request: ServiceRequest }).request.requestNumber,
    );
  });

  it('keeps hostile text as text: raw in the API, neutralised in the CSV, written out in the RMA PDF', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const created = await open({ serial: instrument.serialNumber, description: hostile }, owner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const request = (created.json() as { request: ServiceRequest }).request;
    // Angle brackets and the formula stay as written; only the control character goes.
    expect(request.description).toBe('<script>alert(1)</script>\n=HYPERLINK("http://evil.example","click") bell');

    const admin = await createAdminSession(t);
    const id = await adminIdOf(request.requestNumber, admin.cookie);
    const detail = (await t.get(`/api/admin/service/${id}`, { cookie: admin.cookie })).json() as {
      request: AdminServiceRequest;
    };
    expect(detail.request.description).toBe(request.description);

    const csv = await t.get(`/api/admin/service.csv?search=${request.requestNumber}`, { cookie: admin.cookie });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.startsWith('\uFEFFRequest number,')).toBe(true);
    // The cell starts with the script tag (not a formula character), and no line of the file starts a formula.
    expect(csv.body).toContain('"<script>alert(1)</script>\n=HYPERLINK(""http://evil.example"",""click"") bell"');
    const formulaCustomer = await createUser(t.db, { company: '=HYPERLINK("http://evil.example")' });
    const formulaInstrument = await createInstrument(t.db, { userId: formulaCustomer.user.id });
    const formulaCookie = await signIn(t, formulaCustomer.user.email);
    await open({ serial: formulaInstrument.serialNumber, description: '=1+2' }, formulaCookie);
    const formulaCsv = (
      await t.get(`/api/admin/service.csv?search=${formulaInstrument.serialNumber}`, { cookie: admin.cookie })
    ).body;
    expect(formulaCsv).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(formulaCsv).toContain(`"'=1+2"`);

    const authorised = await move(
      id,
      { to: 'authorised', returnInstructions: 'Ship to the lab.\n=cmd|"/c calc"!A1' },
      admin.cookie,
    );
    expect(authorised.statusCode).toBe(200);
    const pdf = await t.get(`/api/service-requests/${request.requestNumber}/rma.pdf`, { cookie: owner.cookie });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('RETURN AUTHORISATION');
    expect(text).toContain(instrument.serialNumber);
    expect(text).toContain('<script>alert(1)</script>');
    expect(text).toContain('=HYPERLINK("http://evil.example","click") bell');
    expect(text).toContain('Ship to the lab.');
    const rmaNumber = (authorised.json() as { request: AdminServiceRequest }).request.rmaNumber ?? 'missing';
    expect(text).toContain(rmaNumber);
    expect((await t.get(`/api/admin/service/${id}/rma.pdf`, { cookie: admin.cookie })).statusCode).toBe(200);
  });

  it("puts the customer's service requests, without photo bytes, in their data export", async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    await open({ serial: instrument.serialNumber, photos: [{ dataBase64: tinyPng.toString('base64') }] }, owner.cookie);
    const { data } = await collectPersonData(
      t.db,
      { email: owner.user.email, userId: owner.user.id },
      start,
      t.env.publicUrl,
    );
    expect(data.serviceRequests).toHaveLength(1);
    expect(data.serviceRequests[0]).toMatchObject({ serialNumber: instrument.serialNumber, status: 'requested' });
    expect(JSON.stringify(data.serviceRequests)).not.toContain(tinyPng.toString('base64'));
  });
});

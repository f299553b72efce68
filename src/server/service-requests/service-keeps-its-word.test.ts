import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser } from '../../../tests/support/factories';
import { pdfText } from '../../../tests/support/pdf-text';
import { guestOrder, invoiceAndPayment } from '../../../tests/support/privacy-records';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { exampleBusinessProfile } from '../../shared/business-profile';
import type { AdminServiceRequest, ServiceRequest } from '../../shared/service-requests/service-contracts';
import { serviceFieldMessages, serviceMessages } from '../../shared/service-requests/service-lifecycle';
import { balanceSentence, repairTerms, terms } from '../../shared/terms';
import { auditLog, decontaminationDeclarations, mailOutbox, quotes, serviceRequests } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

const start = new Date('2026-11-20T09:00:00.000Z');
const declaration = {
  substances: 'Aqueous buffers; human serum (BSL-2)',
  cleaningMethod: 'Flushed with 10% bleach for 30 minutes, then 70% ethanol and water',
  signatoryName: 'Ada Lovelace',
  signed: true,
  signedOn: '2026-11-21',
};

describe('service that keeps its word (issue 41)', () => {
  const t = useTestApp({ now: start });

  const customer = async () => {
    const { user } = await createUser(t.db);
    return { user, cookie: await signIn(t, user.email) };
  };
  const open = async (serial: string, cookie: string) => {
    const created = await t.post(
      '/api/service-requests',
      { serial, description: 'The housing is cracked after a fall.' },
      { cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
    return (created.json() as { request: ServiceRequest }).request;
  };
  const adminIdOf = async (requestNumber: string) =>
    (await t.db.select().from(serviceRequests).where(eq(serviceRequests.requestNumber, requestNumber)))[0]?.id ?? '';

  it('acknowledges a new request to the customer and to the support mailbox, each once, naming support@ not sales@', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const request = await open(instrument.serialNumber, owner.cookie);

    const acknowledgements = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_acknowledgement'));
    expect(acknowledgements.map((mail) => mail.toAddress)).toEqual([owner.user.email]);
    const [ack] = acknowledgements;
    expect(ack?.subject).toContain(request.requestNumber);
    expect(ack?.textBody).toContain('What happens next:');
    expect(ack?.textBody).toContain(`/service-requests/${request.requestNumber}`);
    expect(ack?.textBody).toContain('Covered by warranty, subject to inspection (terms §11)');
    expect(ack?.textBody).toContain(exampleBusinessProfile.supportEmail);
    expect(ack?.textBody).not.toContain(exampleBusinessProfile.salesEmail);
    expect(ack?.textBody).not.toContain('costs you nothing');

    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_support_notice'));
    expect(notices.map((mail) => mail.toAddress)).toEqual([exampleBusinessProfile.supportEmail]);
    expect(notices[0]?.textBody).toContain(instrument.serialNumber);
    expect(notices[0]?.textBody).toContain(`/admin/service/${await adminIdOf(request.requestNumber)}`);
    expect(request.underWarranty).toBe(true);
  });

  it('an in-warranty request with accidental damage: "Not covered" (audited) leads to a repair quote with the repair terms, e-mailed with its link', async () => {
    const owner = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const request = await open(instrument.serialNumber, owner.cookie);
    const id = await adminIdOf(request.requestNumber);
    const admin = await createAdminSession(t);
    await admin.stepUp();

    // Under warranty, no chargeable route until staff decide.
    const tooSoon = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'New housing', netAmountMinor: 20_000 },
      { cookie: admin.cookie },
    );
    expect(tooSoon.statusCode).toBe(409);
    expect(tooSoon.json()).toMatchObject({ error: { message: serviceMessages.repairUnderWarranty } });

    const badReason = await t.post(
      `/api/admin/service/${id}/not-covered`,
      { reason: 'bad_luck' },
      { cookie: admin.cookie },
    );
    expect(badReason.statusCode).toBe(400);
    const marked = await t.post(
      `/api/admin/service/${id}/not-covered`,
      { reason: 'accidental_damage', note: 'Housing cracked at the left corner; impact marks.' },
      { cookie: admin.cookie },
    );
    expect(marked.statusCode, marked.body).toBe(200);
    const staffView = (marked.json() as { request: AdminServiceRequest }).request;
    expect(staffView.notCoveredReason).toBe('accidental_damage');
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'service.not_covered'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ notCoveredReason: 'accidental_damage' });
    const again = await t.post(`/api/admin/service/${id}/not-covered`, { reason: 'wear' }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
    // Staff find it under "Not covered" (no longer "Under warranty") in the list and its CSV.
    const listed = (filter: string) =>
      t
        .get(`/api/admin/service?warranty=${filter}&search=${request.requestNumber}`, { cookie: admin.cookie })
        .then((answer) => (answer.json() as { items: { requestNumber: string; notCovered: boolean }[] }).items);
    expect(await listed('not_covered')).toEqual([
      expect.objectContaining({ requestNumber: request.requestNumber, notCovered: true }),
    ]);
    expect(await listed('in')).toEqual([]);
    const csv = await t.get(`/api/admin/service.csv?search=${request.requestNumber}`, { cookie: admin.cookie });
    expect(csv.body).toContain('Not covered (inspected)');

    const customerView = (
      (await t.get(`/api/service-requests/${request.requestNumber}`, { cookie: owner.cookie })).json() as {
        request: ServiceRequest;
      }
    ).request;
    expect(customerView.notCoveredReason).toBe('accidental_damage');
    const notCoveredMail = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_not_covered'));
    expect(notCoveredMail.map((mail) => mail.toAddress)).toEqual([owner.user.email]);

    const made = await t.post(
      `/api/admin/service/${id}/repair-quote`,
      { description: 'New housing', netAmountMinor: 20_000 },
      { cookie: admin.cookie },
    );
    expect(made.statusCode, made.body).toBe(200);
    const quoteNumber = (made.json() as { request: AdminServiceRequest }).request.repairQuote?.quoteNumber ?? '';
    const [quote] = await t.db.select().from(quotes).where(eq(quotes.quoteNumber, quoteNumber));
    expect(quote?.kind).toBe('repair');

    const quoteMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_repair_quote'));
    expect(quoteMails.map((mail) => mail.toAddress)).toEqual([owner.user.email]);
    expect(quoteMails[0]?.textBody).toContain(`/quote/${quote?.quoteReference}`);
    expect(quoteMails[0]?.textBody).toContain(quoteNumber);
    expect(quoteMails[0]?.textBody).toContain(exampleBusinessProfile.supportEmail);

    const pdf = await t.get(`/api/quotes/${quote?.quoteReference}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(text).toContain(repairTerms.payment);
    expect(text).toContain(repairTerms.leadTime);
    expect(text).toContain(repairTerms.validity({ quoteValidityDays: 7 }));
    expect(text).not.toMatch(/deposit\b(?! and no)/i);
    expect(text).not.toContain('Balance due before dispatch');
    expect(text).not.toContain(balanceSentence);
    expect(text).not.toContain('production batch in our written order confirmation');
    expect(text).not.toContain('before manufacture starts');
    expect(text).not.toContain(terms.binding);
  });

  it('refuses to authorise receipt without the decontamination declaration (409), and allows it once the customer signed', async () => {
    const owner = await customer();
    const other = await customer();
    const instrument = await createInstrument(t.db, { userId: owner.user.id });
    const request = await open(instrument.serialNumber, owner.cookie);
    const id = await adminIdOf(request.requestNumber);
    const admin = await createAdminSession(t);
    const move = (body: Record<string, unknown>) =>
      t.post(`/api/admin/service/${id}/moves`, body, { cookie: admin.cookie });
    expect((await move({ to: 'authorised', returnInstructions: 'Use the prepaid label.' })).statusCode).toBe(200);

    const refused = await move({ to: 'received' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: { code: 'decontamination_declaration_missing', message: serviceMessages.declarationRequired },
    });

    const path = `/api/service-requests/${request.requestNumber}/decontamination`;
    const unsigned = await t.post(path, { ...declaration, signed: false }, { cookie: owner.cookie });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.json()).toMatchObject({
      error: {
        fields: { signed: serviceMessages.declarationSignature },
        fieldMessageIds: { signed: serviceFieldMessages.declarationSignature.id },
      },
    });
    // Issue 53: a name missing and a text too long, each field's English with its id.
    const blank = await t.post(
      path,
      { ...declaration, signatoryName: ' ', substances: 'x'.repeat(2001) },
      { cookie: owner.cookie },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toMatchObject({
      fields: {
        signatoryName: serviceFieldMessages.signatoryName.message,
        substances: serviceFieldMessages.declarationTextTooLong.message,
      },
      fieldMessageIds: {
        signatoryName: serviceFieldMessages.signatoryName.id,
        substances: serviceFieldMessages.declarationTextTooLong.id,
      },
    });
    expect((await t.post(path, declaration, { cookie: other.cookie })).statusCode).toBe(404);
    const signed = await t.post(path, declaration, { cookie: owner.cookie });
    expect(signed.statusCode, signed.body).toBe(200);
    const view = (signed.json() as { request: ServiceRequest }).request;
    expect(view.decontamination).toMatchObject({ signatoryName: 'Ada Lovelace', signedOn: '2026-11-21' });
    expect((await t.post(path, declaration, { cookie: owner.cookie })).statusCode).toBe(409);
    expect(await t.db.select().from(decontaminationDeclarations)).toHaveLength(1);

    const staffView = (
      (await t.get(`/api/admin/service/${id}`, { cookie: admin.cookie })).json() as { request: AdminServiceRequest }
    ).request;
    expect(staffView.decontamination?.substances).toBe(declaration.substances);
    for (const url of [view.declarationUrl ?? '', staffView.declarationUrl ?? '']) {
      const pdf = await t.get(url, { cookie: url.startsWith('/api/admin') ? admin.cookie : owner.cookie });
      expect(pdf.statusCode, url).toBe(200);
      const text = pdfText(pdf.rawPayload).replace(/\s+/g, ' ');
      expect(text).toContain(instrument.serialNumber);
      expect(text).toContain('human serum (BSL-2)');
      expect(text).toContain('Flushed with 10% bleach');
      expect(text).toContain('Signed: Ada Lovelace');
    }
    expect((await t.get(view.declarationUrl ?? '', { cookie: other.cookie })).statusCode).toBe(404);
    // The customer's data export holds the signed declaration as its PDF.
    const { files } = await collectPersonData(
      t.db,
      { email: owner.user.email, userId: owner.user.id },
      start,
      t.env.publicUrl,
    );
    const exported = files[`documents/Decontamination-${request.requestNumber}.pdf`];
    expect(exported).toBeDefined();
    expect(pdfText(Buffer.from(exported ?? new Uint8Array())).replace(/\s+/g, ' ')).toContain('human serum (BSL-2)');

    const received = await move({ to: 'received' });
    expect(received.statusCode, received.body).toBe(200);
  });

  it('after the account closes with an open request, the e-mailed link opens that request and nothing else, until it is closed', async () => {
    const { user } = await createUser(t.db, { email: 'closing.lab@example.com' });
    const cookie = await signIn(t, user.email);
    const order = await guestOrder(t.db, user.email, start, { userId: user.id });
    await invoiceAndPayment(t.db, order, start);
    const instrument = await createInstrument(t.db, { orderId: order.id });
    const second = await createInstrument(t.db, { orderId: order.id, unitIndex: 2 });
    const request = await open(instrument.serialNumber, cookie);
    const closedEarlier = await open(second.serialNumber, cookie);
    const admin = await createAdminSession(t);
    const secondId = await adminIdOf(closedEarlier.requestNumber);
    expect(
      (
        await t.post(
          `/api/admin/service/${secondId}/moves`,
          { to: 'declined', declineReason: 'Duplicate' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);

    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode, closed.body).toBe(200);

    const [access] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'service_closure_access'));
    expect(access?.toAddress).toBe(user.email);
    expect(access?.eraseWhenSent).toBe(true);
    const link = /\/service-requests\/([^?\s]+)\?key=([A-Za-z0-9_-]+)/.exec(access?.textBody ?? '');
    expect(link?.[1]).toBe(request.requestNumber);
    expect(access?.textBody).not.toContain(closedEarlier.requestNumber);
    const key = link?.[2] ?? '';

    const page = await t.get(`/api/service-requests/${request.requestNumber}?key=${key}`);
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as { request: ServiceRequest }).request.serialNumber).toBe(instrument.serialNumber);
    // Signed out now, the old way in is gone; the key opens nothing else.
    expect((await t.get(`/api/service-requests/${request.requestNumber}`)).statusCode).toBe(404);
    expect((await t.get(`/api/service-requests/${closedEarlier.requestNumber}?key=${key}`)).statusCode).toBe(404);
    // The order's page with the key shows no more than with no key at all (a held order's bare summary): no documents.
    const orderWithKey = await t.get(`/api/orders/${order.id}?key=${key}`);
    const orderWithout = await t.get(`/api/orders/${order.id}`);
    expect(orderWithKey.body).toBe(orderWithout.body);
    expect(orderWithKey.json()).not.toHaveProperty('order.documents');
    expect((await t.get(`/api/orders/${order.id}/documents/x?key=${key}`)).statusCode).toBe(404);
    // The declaration can be signed through it.
    const signed = await t.post(`/api/service-requests/${request.requestNumber}/decontamination`, {
      ...declaration,
      key,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    // The request's own PDF opens through the key; the account's pages and the other request's PDF do not.
    const declarationUrl = (signed.json() as { request: ServiceRequest }).request.declarationUrl ?? '';
    expect(declarationUrl).toContain(`key=${key}`);
    const declarationPdf = await t.get(declarationUrl);
    expect(declarationPdf.statusCode, declarationPdf.body).toBe(200);
    expect(pdfText(declarationPdf.rawPayload)).toContain(instrument.serialNumber);
    expect((await t.get(declarationUrl.replace(request.requestNumber, closedEarlier.requestNumber))).statusCode).toBe(
      404,
    );
    expect((await t.get(`/api/account/orders?key=${key}`)).statusCode).toBe(401);

    // Closed: the key stops working.
    const id = await adminIdOf(request.requestNumber);
    expect(
      (
        await t.post(
          `/api/admin/service/${id}/moves`,
          { to: 'declined', declineReason: 'Beyond repair' },
          { cookie: admin.cookie },
        )
      ).statusCode,
    ).toBe(200);
    expect((await t.get(`/api/service-requests/${request.requestNumber}?key=${key}`)).statusCode).toBe(404);
  });
});

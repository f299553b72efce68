import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder } from '../../../tests/support/factories';
import { useTestApp } from '../../../tests/support/test-app';
import { type AdminQuoteDetail, quoteAdminMessages } from '../../shared/quotes/quote-admin-schemas';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { auditLog, mailOutbox, quoteDocuments } from '../db/schema';

const start = new Date('2026-03-02T10:00:00.000Z');
const pdfText = (pdf: Buffer) => {
  const file = join(mkdtempSync(join(tmpdir(), 'admin-quote-')), 'quote.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('the admin quote page (issue 28)', () => {
  const t = useTestApp({ now: start });

  const makeQuote = async (email: string) => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { email, firstName: 'Rosalind', lastName: 'Franklin', organization: 'Kings & Co (London)' },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const quoteMails = (to: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_created'), eq(mailOutbox.toAddress, to)));

  it('shows the quote by number or id: lines and totals from the document model, customer, validity, status', async () => {
    const admin = await createAdminSession(t);
    const quote = await makeQuote('page@example.com');
    const byNumber = await t.get(`/api/admin/quotes/${quote.quoteNumber}`, { cookie: admin.cookie });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    const detail = byNumber.json() as AdminQuoteDetail;
    expect(detail.quote).toMatchObject({
      id: quote.id,
      quoteNumber: quote.quoteNumber,
      status: 'sent',
      validUntil: '2026-03-09T10:00:00.000Z',
      customer: { name: 'Rosalind Franklin', email: 'page@example.com', organization: 'Kings & Co (London)' },
      order: null,
    });
    expect(detail.document.totals.find((total) => total.label === 'Total')?.amount).toBe(488250);
    expect(detail.document.lines.length).toBeGreaterThan(2);
    expect(detail).toMatchObject({ canExtend: true, canResend: true, notes: [] });
    const byId = await t.get(`/api/admin/quotes/${quote.id}`, { cookie: admin.cookie });
    expect((byId.json() as AdminQuoteDetail).quote.quoteNumber).toBe(quote.quoteNumber);
    expect((await t.get('/api/admin/quotes/Q1999-0001', { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('extends an expired quote (audited, the PDF redrawn with the new date) and refuses a date not later', async () => {
    const quote = await makeQuote('extend@example.com');
    await t.get(`/api/quotes/${quote.reference}/pdf`);
    t.clock.now = new Date('2026-03-20T09:00:00.000Z');
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const expired = (await t.get(`/api/admin/quotes/${quote.quoteNumber}`, { cookie: admin.cookie })).json();
    expect(expired).toMatchObject({ quote: { status: 'expired' }, canExtend: true, canResend: false });
    // Resending an expired quote is refused: extend it first.
    const early = await t.post(`/api/admin/quotes/${quote.quoteNumber}/resend`, {}, { cookie: admin.cookie });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(quoteAdminMessages.expiredResend);

    const tooEarly = await t.post(
      `/api/admin/quotes/${quote.quoteNumber}/extend`,
      { validUntil: '2026-03-19' },
      { cookie: admin.cookie },
    );
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.json().error.fields.validUntil).toBe(quoteAdminMessages.extendNotLater);

    const extended = await t.post(
      `/api/admin/quotes/${quote.quoteNumber}/extend`,
      { validUntil: '2026-04-10' },
      { cookie: admin.cookie },
    );
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({
      quote: { status: 'sent', validUntil: '2026-04-10T23:59:59.999Z' },
      canResend: true,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'quote.extend'), eq(auditLog.entityId, quote.id)));
    expect(audit).toMatchObject({
      entityType: 'quote',
      before: { validUntil: '2026-03-09T10:00:00.000Z' },
      after: { validUntil: '2026-04-10T23:59:59.999Z' },
    });
    expect(await t.db.select().from(quoteDocuments).where(eq(quoteDocuments.quoteId, quote.id))).toHaveLength(0);
    expect(pdfText((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload)).toContain('10 April 2026');
    // The customer's quote page can order it again.
    expect((await t.get(`/api/quotes/${quote.reference}`)).json().quote.status).toBe('sent');
  });

  it('F5: "Extend validity" needs a fresh code and reaches at most a year from today, the rule of approving a buyer\'s extension', async () => {
    const admin = await createAdminSession(t);
    const quote = await makeQuote('extend-ceiling@example.com');
    const extend = (validUntil: string) =>
      t.post(`/api/admin/quotes/${quote.quoteNumber}/extend`, { validUntil }, { cookie: admin.cookie });
    const stale = await extend('2026-06-30');
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');

    await admin.stepUp();
    const today = t.clock.now.toISOString().slice(0, 10);
    const day = (days: number) => new Date(t.clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    for (const validUntil of ['9999-12-31', day(366)]) {
      const refused = await extend(validUntil);
      expect(refused.statusCode, validUntil).toBe(400);
      expect(refused.json().error.fields.validUntil).toBe(
        'Choose a date after the current valid-until date and after today, at most a year from today.',
      );
    }
    const readBack = (await t.get(`/api/admin/quotes/${quote.quoteNumber}`, { cookie: admin.cookie })).json();
    expect(readBack.quote.validUntil).toBe(quote.validUntil);

    const extended = await extend(day(364));
    expect(extended.statusCode, `${today} + 364 days: ${extended.body}`).toBe(200);
    expect(extended.json().quote.validUntil).toBe(`${day(364)}T23:59:59.999Z`);
  });

  it('resends the quote e-mail with its PDF, audited; an ordered quote is neither resent nor extended', async () => {
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const quote = await makeQuote('resend@example.com');
    expect(await quoteMails('resend@example.com')).toHaveLength(1);
    const resent = await t.post(`/api/admin/quotes/${quote.quoteNumber}/resend`, {}, { cookie: admin.cookie });
    expect(resent.statusCode, resent.body).toBe(200);
    const mails = await quoteMails('resend@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe(mails[0]?.subject);
    expect(mails[1]?.textBody).toContain(`/quote/${quote.reference}`);
    expect(mails[1]?.attachments).toEqual([
      {
        filename: `quote-${quote.quoteNumber}.pdf`,
        contentType: 'application/pdf',
        render: { document: 'quote', reference: quote.reference },
      },
    ]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'quote.resend'));
    expect(audit?.after).toMatchObject({ quoteNumber: quote.quoteNumber, to: 'resend@example.com' });

    const order = await createOrder(t.db, { quoteId: quote.id });
    const ordered = (await t.get(`/api/admin/quotes/${quote.quoteNumber}`, { cookie: admin.cookie })).json();
    expect(ordered).toMatchObject({
      quote: { status: 'accepted', order: { id: order.id, orderNumber: order.orderNumber } },
      canExtend: false,
      canResend: false,
    });
    for (const [path, body] of [
      ['resend', {}],
      ['extend', { validUntil: '2026-05-01' }],
    ] as const) {
      const refused = await t.post(`/api/admin/quotes/${quote.quoteNumber}/${path}`, body, { cookie: admin.cookie });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(quoteAdminMessages.ordered);
    }
    // The order page names the quote it came from.
    const adminOrder = (await t.get(`/api/admin/orders/${order.id}`, { cookie: admin.cookie })).json().order;
    expect(adminOrder.quote).toEqual({ id: quote.id, quoteNumber: quote.quoteNumber });
  });

  it('keeps a timeline of staff notes, as written, audited; a role without orders.edit cannot add one', async () => {
    const admin = await createAdminSession(t);
    const quote = await makeQuote('notes@example.com');
    const url = `/api/admin/quotes/${quote.quoteNumber}/notes`;
    const first = await t.post(url, { text: 'Budget approved <April> & PO to follow' }, { cookie: admin.cookie });
    expect(first.statusCode, first.body).toBe(201);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const second = await t.post(url, { text: 'Chased by phone' }, { cookie: admin.cookie });
    const notes = (second.json() as AdminQuoteDetail).notes;
    expect(notes.map((note) => note.text)).toEqual(['Budget approved <April> & PO to follow', 'Chased by phone']);
    expect(notes[0]?.authorEmail).toBe(admin.user.email);
    expect((await t.post(url, { text: '   ' }, { cookie: admin.cookie })).statusCode).toBe(400);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'quote.note'), eq(auditLog.entityId, quote.id)));
    expect(audits).toHaveLength(2);
    // The customer's quote never shows them.
    expect((await t.get(`/api/quotes/${quote.reference}`)).body).not.toContain('Chased by phone');

    const finance = await createAdminSession(t, t.db, ['finance']);
    expect((await t.post(url, { text: 'x' }, { cookie: finance.cookie })).statusCode).toBe(403);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { pdfText } from '../../../tests/support/pdf-text';
import { useTestApp } from '../../../tests/support/test-app';
import type { AdminQuoteDetail } from '../../shared/quotes/quote-admin-schemas';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import {
  type PendingExtensions,
  quoteAcceptFieldMessages,
  quoteActionMessages,
} from '../../shared/quotes/quote-acceptance';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { auditLog, mailOutbox, quoteAcceptances, quoteExtensionRequests, quotes } from '../db/schema';
import { resetSettings, updateSettings } from '../settings/settings-service';

const start = new Date('2026-03-02T10:00:00.000Z');
const DAY = 86_400_000;
const customer = {
  email: 'buyer@example.com',
  firstName: 'Rosalind',
  lastName: 'Franklin',
  organization: 'Kings College (London)',
};
const acceptance = {
  name: 'Maurice Wilkins',
  jobTitle: 'Head of Department',
  organization: 'Kings College (London)',
  email: 'approver@example.ac.uk',
  signature: 'Maurice Wilkins',
};

describe('a quote the buyer’s organisation can act on (issue 39)', () => {
  const t = useTestApp({ now: start });

  const newQuote = async (email = customer.email) => {
    const response = await t.post('/api/quotes', {
      configuration: defaultSelection,
      customerInfo: { ...customer, email },
      flowType: 'quote',
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const accept = (reference: string, body: Record<string, unknown> = acceptance, remoteAddress = '192.0.2.44') =>
    t.post(`/api/quotes/${reference}/accept`, body, { remoteAddress });
  const orderFrom = (reference: string) =>
    t.post('/api/orders', {
      quoteReference: reference,
      billing: guestBilling(customer.email),
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });

  describe('accepting', () => {
    it('records the name, job title, organisation, e-mail, signature, date and client address, and shows "Accepted by"', async () => {
      const quote = await newQuote();
      const response = await accept(quote.reference);
      expect(response.statusCode, response.body).toBe(200);
      const shown = (response.json() as { quote: QuoteResource }).quote;
      expect(shown.acceptance).toEqual({
        name: 'Maurice Wilkins',
        jobTitle: 'Head of Department',
        organization: 'Kings College (London)',
        signature: 'Maurice Wilkins',
        signatureKind: 'typed',
        acceptedAt: start.toISOString(),
      });
      const [row] = await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
      expect(row).toMatchObject({
        name: 'Maurice Wilkins',
        jobTitle: 'Head of Department',
        organization: 'Kings College (London)',
        email: 'approver@example.ac.uk',
        signature: 'Maurice Wilkins',
        ipAddress: '192.0.2.44',
      });
      expect(row?.acceptedAt.toISOString()).toBe(start.toISOString());
      // The e-mail and the IP address stay on the server.
      const read = await t.get(`/api/quotes/${quote.reference}`);
      expect(read.body).not.toContain('approver@example.ac.uk');
      expect(read.body).not.toContain('192.0.2.44');
    });

    it('draws a new version of the PDF with the acceptance block: "Accepted by" and the name', async () => {
      const quote = await newQuote();
      const before = await t.get(`/api/quotes/${quote.reference}/pdf`);
      expect(before.statusCode).toBe(200);
      expect(pdfText(before.rawPayload)).not.toContain('Accepted by');
      expect((await accept(quote.reference)).statusCode).toBe(200);
      const after = await t.get(`/api/quotes/${quote.reference}/pdf`);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const text = pdfText(after.rawPayload);
      expect(text).toContain('Accepted by Maurice Wilkins, Head of Department, Kings College (London)');
      expect(text).toContain('Signature (typed): Maurice Wilkins');
      expect(text).toContain('Accepted on 2 March 2026');
    });

    it('refuses an expired quote (409), and records nothing', async () => {
      const quote = await newQuote();
      t.clock.now = new Date(start.getTime() + 8 * DAY);
      try {
        const response = await accept(quote.reference);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toMatchObject({
          code: 'quote_expired',
          message: quoteActionMessages.expired,
          messageId: 'quoteRefusal.expired',
        });
        expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(
          0,
        );
      } finally {
        t.clock.now = start;
      }
    });

    it('accepts once: a second acceptance is refused and the first one stands', async () => {
      const quote = await newQuote();
      expect((await accept(quote.reference)).statusCode).toBe(200);
      const again = await accept(quote.reference, { ...acceptance, name: 'Francis Crick', signature: 'Francis Crick' });
      expect(again.statusCode).toBe(409);
      const rows = await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
      expect(rows.map((row) => row.name)).toEqual(['Maurice Wilkins']);
    });

    it('refuses a missing job title, an empty signature or a line break in the organisation with the field’s message and its id', async () => {
      const quote = await newQuote();
      for (const [field, value, message] of [
        ['jobTitle', '', quoteActionMessages.jobTitle],
        ['signature', '  ', quoteActionMessages.signature],
        ['organization', 'Kings\nCollege', quoteActionMessages.organization],
        ['email', 'not-an-address', quoteActionMessages.email],
      ] as const) {
        const response = await accept(quote.reference, { ...acceptance, [field]: value });
        expect(response.statusCode, field).toBe(400);
        expect(response.body, field).toContain(message);
        // Issue 53: the field's English and its message id, which the page shows in its language.
        expect(response.json().error, field).toMatchObject({
          fields: { [field]: message },
          fieldMessageIds: { [field]: quoteAcceptFieldMessages[field].id },
        });
      }
      expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(0);
    });
  });

  describe('"Orders require an accepted quote"', () => {
    it('refuses an order from an unaccepted quote while the setting is on, at the review step too; accepted, it is ordered', async () => {
      await updateSettings(t.db, { ordersRequireAcceptedQuote: true });
      try {
        const quote = await newQuote();
        const refused = await orderFrom(quote.reference);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toEqual({
          code: 'quote_not_accepted',
          message: quoteActionMessages.notAccepted,
          messageId: 'quote.notAccepted',
        });
        const review = await t.post('/api/orders/price', {
          quoteReference: quote.reference,
          billing: { country: 'GB', vatNumber: '' },
        });
        expect(review.statusCode).toBe(409);
        expect(review.json().error.code).toBe('quote_not_accepted');

        expect((await accept(quote.reference)).statusCode).toBe(200);
        const ordered = await orderFrom(quote.reference);
        expect(ordered.statusCode, ordered.body).toBe(201);
      } finally {
        await resetSettings(t.db, ['ordersRequireAcceptedQuote']);
      }
    });

    it('lets an unaccepted quote be ordered while the setting is off (the default)', async () => {
      const quote = await newQuote();
      const ordered = await orderFrom(quote.reference);
      expect(ordered.statusCode, ordered.body).toBe(201);
    });

    it('changes only with a step-up', async () => {
      const admin = await createAdminSession(t);
      const current = (await t.get('/api/admin/settings', { cookie: admin.cookie })).json().settings;
      const body = { ...current, ordersRequireAcceptedQuote: true };
      const without = await t.put('/api/admin/settings', body, { cookie: admin.cookie });
      expect(without.statusCode).toBe(403);
      await admin.stepUp();
      const withStepUp = await t.put('/api/admin/settings', body, { cookie: admin.cookie });
      expect(withStepUp.statusCode, withStepUp.body).toBe(200);
      expect(withStepUp.json().settings.ordersRequireAcceptedQuote).toBe(true);
      await resetSettings(t.db, ['ordersRequireAcceptedQuote']);
    });
  });

  describe('sending to the approver', () => {
    const approverMails = (to: string) =>
      t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'quote_approver'), eq(mailOutbox.toAddress, to)));

    it('e-mails the link, the signed-in requester’s account address and the figures, and no text from the request', async () => {
      await createUser(t.db, { email: 'signed-in@example.com' });
      const cookie = await signIn(t, 'signed-in@example.com');
      const created = await t.post(
        '/api/quotes',
        {
          configuration: defaultSelection,
          customerInfo: { ...customer, email: 'signed-in@example.com' },
          flowType: 'quote',
        },
        { cookie },
      );
      expect(created.statusCode, created.body).toBe(201);
      const quote = (created.json() as { quote: QuoteResource }).quote;
      const response = await t.post(
        `/api/quotes/${quote.reference}/send-to-approver`,
        { email: 'head@example.ac.uk', message: 'Click https://evil.example now', name: 'Evil Corp' },
        { remoteAddress: '192.0.2.60', cookie },
      );
      expect(response.statusCode, response.body).toBe(202);
      const [mail] = await approverMails('head@example.ac.uk');
      expect(mail?.textBody).toContain(`${t.env.publicUrl}/quote/${quote.reference}`);
      expect(mail?.textBody).toContain('signed-in@example.com asks you to review and approve');
      expect(mail?.textBody).toContain('Total: £4,882.50');
      expect(mail?.textBody).toContain(quote.quoteNumber);
      expect(mail?.textBody).not.toContain('evil');
      expect(mail?.textBody).not.toContain('Evil Corp');
      expect(mail?.subject).not.toContain('evil');
    });

    it('F6: the approver’s e-mail carries none of the quote’s name fields: a visitor’s request names "A customer"', async () => {
      const quote = await newQuote('guest@example.com');
      const response = await t.post(
        `/api/quotes/${quote.reference}/send-to-approver`,
        { email: 'head2@example.ac.uk' },
        { remoteAddress: '192.0.2.61' },
      );
      expect(response.statusCode, response.body).toBe(202);
      const [mail] = await approverMails('head2@example.ac.uk');
      expect(mail?.textBody).toContain('A customer asks you to review and approve');
      for (const typed of ['Rosalind', 'Franklin', 'Kings College']) {
        expect(mail?.textBody).not.toContain(typed);
        expect(mail?.subject).not.toContain(typed);
      }
      expect(mail?.textBody).toContain(`${t.env.publicUrl}/quote/${quote.reference}`);
    });

    it('F6: refuses the 4th e-mail in an hour to one address, from many clients and quotes (429); another address still gets one', async () => {
      const quotesMade = [await newQuote(), await newQuote()];
      const send = (quote: QuoteResource | undefined, email: string, i: number) =>
        t.post(
          `/api/quotes/${quote?.reference}/send-to-approver`,
          { email },
          { remoteAddress: `198.51.100.${i + 200}` },
        );
      for (let i = 1; i <= 3; i += 1) {
        const response = await send(quotesMade[i % 2], i === 2 ? ' Inbox@Example.ac.uk ' : 'inbox@example.ac.uk', i);
        expect(response.statusCode, `send ${i}`).toBe(202);
      }
      const fourth = await send(quotesMade[0], 'INBOX@example.ac.uk', 4);
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error.message).toBe(quoteActionMessages.approverRecipientRateLimited);
      const all = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'quote_approver'));
      expect(all.filter((mail) => mail.toAddress.trim().toLowerCase() === 'inbox@example.ac.uk')).toHaveLength(3);
      expect((await send(quotesMade[1], 'someone.else@example.ac.uk', 5)).statusCode).toBe(202);
    });

    it('refuses the 6th in an hour from one client (429), for any quote; another client still sends', async () => {
      const from = { remoteAddress: '203.0.113.66' };
      const quotesMade = [await newQuote(), await newQuote()];
      for (let i = 1; i <= 5; i += 1) {
        const quote = quotesMade[i % 2] as QuoteResource;
        const response = await t.post(
          `/api/quotes/${quote.reference}/send-to-approver`,
          { email: `a${i}@example.com` },
          from,
        );
        expect(response.statusCode, `send ${i}`).toBe(202);
      }
      const sixth = await t.post(
        `/api/quotes/${quotesMade[0]?.reference}/send-to-approver`,
        { email: 'a6@example.com' },
        from,
      );
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().error.message).toBe(quoteActionMessages.approverRateLimited);
      expect(await approverMails('a6@example.com')).toHaveLength(0);
      const other = await t.post(
        `/api/quotes/${quotesMade[1]?.reference}/send-to-approver`,
        { email: 'a7@example.com' },
        { remoteAddress: '203.0.113.67' },
      );
      expect(other.statusCode).toBe(202);
    });

    it('refuses the 6th in an hour for one quote, even from many clients', async () => {
      const quote = await newQuote();
      for (let i = 1; i <= 5; i += 1) {
        const response = await t.post(
          `/api/quotes/${quote.reference}/send-to-approver`,
          { email: `q${i}@example.com` },
          { remoteAddress: `198.51.100.${i + 100}` },
        );
        expect(response.statusCode, `send ${i}`).toBe(202);
      }
      const sixth = await t.post(
        `/api/quotes/${quote.reference}/send-to-approver`,
        { email: 'q6@example.com' },
        { remoteAddress: '198.51.100.200' },
      );
      expect(sixth.statusCode).toBe(429);
    });
  });

  describe('asking for more time', () => {
    const pending = async (cookie: string) =>
      ((await t.get('/api/admin/quote-extension-requests', { cookie })).json() as PendingExtensions).requests;

    it('approved: valid_until moves 30 days on, the prices stay frozen, the buyer is e-mailed, the audit records it', async () => {
      const admin = await createAdminSession(t);
      const quote = await newQuote('extend@example.com');
      const asked = await t.post(`/api/quotes/${quote.reference}/extension-request`, { days: 30 });
      expect(asked.statusCode, asked.body).toBe(201);
      expect((asked.json() as { quote: QuoteResource }).quote.extensionRequest).toMatchObject({
        status: 'pending',
        requestedUntil: '2026-04-08T23:59:59.999Z',
      });
      // One at a time.
      expect((await t.post(`/api/quotes/${quote.reference}/extension-request`, { days: 30 })).statusCode).toBe(409);
      expect((await pending(admin.cookie)).map((request) => request.quoteNumber)).toContain(quote.quoteNumber);

      // One click, with a step-up.
      const noStepUp = await t.post(`/api/admin/quotes/${quote.quoteNumber}/extension/approve`, undefined, {
        cookie: admin.cookie,
      });
      expect(noStepUp.statusCode).toBe(403);
      await admin.stepUp();
      const approved = await t.post(`/api/admin/quotes/${quote.quoteNumber}/extension/approve`, undefined, {
        cookie: admin.cookie,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect((approved.json() as AdminQuoteDetail).quote.validUntil).toBe('2026-04-08T23:59:59.999Z');

      const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(row?.validUntil?.toISOString()).toBe('2026-04-08T23:59:59.999Z');
      const read = ((await t.get(`/api/quotes/${quote.reference}`)).json() as { quote: QuoteResource }).quote;
      expect(read.pricing).toEqual(quote.pricing);
      expect(read.extensionRequest?.status).toBe('approved');

      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'quote_extension_approved'), eq(mailOutbox.toAddress, 'extend@example.com')));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('now valid until 8 April 2026');
      expect(mails[0]?.textBody).toContain('prices are unchanged');
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'quote.extension_approve'));
      expect(audit.length).toBeGreaterThan(0);
      expect(await pending(admin.cookie)).not.toContainEqual(
        expect.objectContaining({ quoteNumber: quote.quoteNumber }),
      );
    });

    it('declined: valid_until stays, the buyer is e-mailed; answering twice is refused', async () => {
      const admin = await createAdminSession(t);
      const quote = await newQuote('decline@example.com');
      const asked = await t.post(`/api/quotes/${quote.reference}/extension-request`, { until: '2026-05-01' });
      expect(asked.statusCode, asked.body).toBe(201);
      await admin.stepUp();
      const declined = await t.post(`/api/admin/quotes/${quote.quoteNumber}/extension/decline`, undefined, {
        cookie: admin.cookie,
      });
      expect(declined.statusCode, declined.body).toBe(200);
      const [row] = await t.db.select().from(quotes).where(eq(quotes.id, quote.id));
      expect(row?.validUntil?.toISOString()).toBe(quote.validUntil);
      const [request] = await t.db
        .select()
        .from(quoteExtensionRequests)
        .where(eq(quoteExtensionRequests.quoteId, quote.id));
      expect(request?.status).toBe('declined');
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'quote_extension_declined'), eq(mailOutbox.toAddress, 'decline@example.com')));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.textBody).toContain('cannot extend your quote');
      const again = await t.post(`/api/admin/quotes/${quote.quoteNumber}/extension/approve`, undefined, {
        cookie: admin.cookie,
      });
      expect(again.statusCode).toBe(409);
    });

    it('will not approve a request whose own date has passed while it waited (409), and leaves it pending', async () => {
      const quote = await newQuote();
      expect(
        (await t.post(`/api/quotes/${quote.reference}/extension-request`, { until: '2026-03-20' })).statusCode,
      ).toBe(201);
      const before = t.clock.now;
      t.clock.now = new Date('2026-03-25T10:00:00.000Z');
      try {
        const late = await createAdminSession(t);
        await late.stepUp();
        const approved = await t.post(`/api/admin/quotes/${quote.quoteNumber}/extension/approve`, undefined, {
          cookie: late.cookie,
        });
        expect(approved.statusCode).toBe(409);
        expect(approved.json().error.message).toBe(quoteActionMessages.extensionDatePassed);
        const [request] = await t.db
          .select()
          .from(quoteExtensionRequests)
          .where(eq(quoteExtensionRequests.quoteId, quote.id));
        expect(request?.status).toBe('pending');
      } finally {
        t.clock.now = before;
      }
    });

    it('refuses a date before the current valid-until or more than a year away', async () => {
      const quote = await newQuote();
      for (const until of ['2026-03-05', '2027-06-01']) {
        const response = await t.post(`/api/quotes/${quote.reference}/extension-request`, { until });
        expect(response.statusCode, until).toBe(400);
        expect(response.json().error.message).toBe(quoteActionMessages.extensionNotLater);
      }
    });

    it('an expired quote can ask for more time, and once approved it can be accepted again', async () => {
      const quote = await newQuote();
      t.clock.now = new Date(start.getTime() + 10 * DAY);
      try {
        const admin = await createAdminSession(t);
        expect((await accept(quote.reference)).statusCode).toBe(409);
        expect((await t.post(`/api/quotes/${quote.reference}/extension-request`, { days: 30 })).statusCode).toBe(201);
        await admin.stepUp();
        const approved = await t.post(`/api/admin/quotes/${quote.id}/extension/approve`, undefined, {
          cookie: admin.cookie,
        });
        expect(approved.statusCode, approved.body).toBe(200);
        expect((approved.json() as AdminQuoteDetail).quote.status).toBe('sent');
        expect((await accept(quote.reference)).statusCode).toBe(200);
      } finally {
        t.clock.now = start;
      }
    });
  });

  describe('the single-supplier statement', () => {
    it('is a PDF on the letterhead naming the quote, listing the reasons from the settings, signed by the signatory', async () => {
      const quote = await newQuote();
      await updateSettings(t.db, { singleSupplierReasons: ['It alone adds media drop by drop under sterile seal.'] });
      try {
        const response = await t.get(`/api/quotes/${quote.reference}/single-supplier-statement.pdf`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        const text = pdfText(response.rawPayload);
        expect(text).toContain('SINGLE-SUPPLIER STATEMENT');
        expect(text).toContain(quote.quoteNumber);
        expect(text).toContain('It alone adds media drop by drop under sterile seal.');
        expect(text).toContain('Example Signatory');
        expect(text).toContain('Signed for and on behalf of');
      } finally {
        await resetSettings(t.db, ['singleSupplierReasons']);
      }
      expect((await t.get('/api/quotes/no-such-quote/single-supplier-statement.pdf')).statusCode).toBe(404);
    });
  });
});

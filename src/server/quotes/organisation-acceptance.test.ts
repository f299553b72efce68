import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { pdfImages, pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import type { Organisation, OrganisationRole } from '../../shared/accounts/organisation-schemas';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { quoteActionMessages, quoteActionRefusals } from '../../shared/quotes/quote-acceptance';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { auditLog, mailOutbox, orders, organisationMembers, organisations, quoteAcceptances } from '../db/schema';
import { collectPersonData } from '../privacy/data-export';

const start = new Date('2026-11-20T09:00:00.000Z');
const acceptance = {
  name: 'Maurice Wilkins',
  jobTitle: 'Head of Department',
  organization: 'Kings College (London)',
  email: 'approver@example.ac.uk',
  signature: 'Maurice Wilkins',
};

/** A signature drawn as the browser's canvas sends it: a PNG with a stroke on a transparent ground. */
const drawnPng = (width = 480, height = 160) =>
  sharp({ create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M10 ${height - 20} C 120 10, 240 ${height}, ${width - 10} 30" stroke="#0b1f3a" stroke-width="4" fill="none"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

describe('who accepts an organisation’s quote, and what its orders need (issue 39, decisions 0065 and 0068)', () => {
  const t = useTestApp({ now: start });

  let clients = 0;
  const client = () => {
    clients += 1;
    return `10.65.${clients >> 8}.${clients & 255}`;
  };
  const customer = async (email: string) => {
    const made = await createUser(t.db, { email, company: 'Cavendish Laboratory' });
    return { ...made, cookie: await signIn(t, email, undefined, false, client()) };
  };
  /** An organisation with its owner and a member of each role, written as the invitations leave them. */
  const organisation = async (prefix: string) => {
    const owner = await customer(`${prefix}.owner@example.com`);
    const [row] = await t.db
      .insert(organisations)
      .values({ name: `${prefix} Laboratory`, ownerUserId: owner.user.id })
      .returning();
    if (!row) throw new Error('organisation not written');
    const member = async (role: OrganisationRole) => {
      const made = await customer(`${prefix}.${role}@example.com`);
      await t.db.insert(organisationMembers).values({ userId: made.user.id, organisationId: row.id, role });
      return made;
    };
    await t.db.insert(organisationMembers).values({ userId: owner.user.id, organisationId: row.id, role: 'buyer' });
    return {
      id: row.id,
      owner,
      buyer: await member('buyer'),
      approver: await member('approver'),
      accountsPayable: await member('accounts_payable'),
    };
  };
  const quoteOf = async (who: { user: { email: string }; cookie: string }) => {
    const response = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: {
          email: who.user.email,
          firstName: 'Rosalind',
          lastName: 'Franklin',
          organization: 'Cavendish Laboratory',
        },
        flowType: 'quote',
      },
      { cookie: who.cookie },
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { quote: QuoteResource }).quote;
  };
  const accept = (reference: string, cookie?: string, body: Record<string, unknown> = acceptance) =>
    t.post(`/api/quotes/${reference}/accept`, body, { remoteAddress: client(), ...(cookie ? { cookie } : {}) });
  const page = async (reference: string, cookie?: string) =>
    ((await t.get(`/api/quotes/${reference}`, cookie ? { cookie } : {})).json() as { quote: QuoteResource }).quote;
  const orderFrom = (reference: string, who: { user: { email: string }; cookie: string }) =>
    t.post(
      '/api/orders',
      {
        quoteReference: reference,
        billing: guestBilling(who.user.email),
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      },
      { cookie: who.cookie },
    );

  describe('accepting', () => {
    it('an approver of the organisation accepts a buyer’s quote; the page tells the buyer only approvers can', async () => {
      const lab = await organisation('approves');
      const quote = await quoteOf(lab.buyer);
      expect((await page(quote.reference, lab.buyer.cookie)).acceptRule).toEqual({
        who: 'organisation_approvers',
        viewerMayAccept: false,
      });
      expect((await page(quote.reference, lab.approver.cookie)).acceptRule).toEqual({
        who: 'organisation_approvers',
        viewerMayAccept: true,
      });
      const accepted = await accept(quote.reference, lab.approver.cookie);
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect((accepted.json() as { quote: QuoteResource }).quote.acceptance?.name).toBe('Maurice Wilkins');
    });

    it('the organisation’s owner accepts a colleague’s quote', async () => {
      const lab = await organisation('owner-accepts');
      const quote = await quoteOf(lab.buyer);
      expect((await accept(quote.reference, lab.owner.cookie)).statusCode).toBe(200);
    });

    it('refuses a buyer (their own quote too) and accounts payable with 403 and a clear message, and records nothing', async () => {
      const lab = await organisation('refused');
      const quote = await quoteOf(lab.buyer);
      for (const member of [lab.buyer, lab.accountsPayable]) {
        const refused = await accept(quote.reference, member.cookie);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toEqual({
          code: 'approver_required',
          message: quoteActionMessages.approverOnly,
          messageId: 'quoteRefusal.approverOnly',
        });
      }
      expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(0);
    });

    it('answers 404 to a customer of another organisation, and asks a visitor without a session to sign in (401)', async () => {
      const lab = await organisation('theirs');
      const other = await organisation('another');
      const quote = await quoteOf(lab.buyer);
      const stranger = await accept(quote.reference, other.approver.cookie);
      expect(stranger.statusCode).toBe(404);
      expect(stranger.json().error.message).toBe('Quote not found');
      const visitor = await accept(quote.reference);
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json().error).toEqual({
        code: 'sign_in_to_accept',
        message: quoteActionMessages.signInToAccept,
        messageId: quoteActionRefusals.signInToAccept.id,
      });
      // An organisation's quote is its members' (F4): a visitor is asked to sign in before reading it.
      const read = await t.get(`/api/quotes/${quote.reference}`);
      expect(read.statusCode).toBe(401);
      expect(read.json().error).toEqual({
        code: 'sign_in_to_view',
        message: quoteActionMessages.signInToView,
        messageId: quoteActionRefusals.signInToView.id,
      });
      expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(0);
    });

    it('a quote of an account in no organisation is still accepted by whoever holds its link', async () => {
      const solo = await customer('solo.buyer@example.com');
      const quote = await quoteOf(solo);
      expect((await page(quote.reference)).acceptRule).toEqual({ who: 'link', viewerMayAccept: true });
      expect((await accept(quote.reference)).statusCode).toBe(200);
    });
  });

  describe('"Orders need an accepted quote" for one organisation', () => {
    const setRule = async (organisationId: string, value: boolean) => {
      const admin = await createAdminSession(t);
      const path = `/api/admin/organisations/${organisationId}/settings`;
      const without = await t.put(path, { ordersRequireAcceptedQuote: value }, { cookie: admin.cookie });
      expect(without.statusCode).toBe(403);
      await admin.stepUp();
      const saved = await t.put(path, { ordersRequireAcceptedQuote: value }, { cookie: admin.cookie });
      expect(saved.statusCode, saved.body).toBe(200);
      return admin;
    };

    it('staff turn it on with a step-up (audited); the owner sees it; an unaccepted quote is refused, accepted it is ordered', async () => {
      const lab = await organisation('requires');
      const admin = await setRule(lab.id, true);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'organisation.settings'), eq(auditLog.entityId, lab.id)));
      expect(audit?.after).toMatchObject({ ordersRequireAcceptedQuote: true });
      const customerPage = await t.get(`/api/admin/customers/${lab.owner.user.id}`, { cookie: admin.cookie });
      expect(customerPage.json().organisation.ordersRequireAcceptedQuote).toBe(true);
      const seen = (await t.get('/api/account/organisation', { cookie: lab.owner.cookie })).json() as {
        organisation: Organisation;
      };
      expect(seen.organisation.ordersRequireAcceptedQuote).toBe(true);

      const quote = await quoteOf(lab.buyer);
      expect((await page(quote.reference, lab.buyer.cookie)).orderNeedsAcceptance).toBe(true);
      const refused = await orderFrom(quote.reference, lab.buyer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toEqual({
        code: 'quote_not_accepted',
        message: quoteActionMessages.notAccepted,
        messageId: quoteActionRefusals.notAccepted.id,
      });

      expect((await accept(quote.reference, lab.approver.cookie)).statusCode).toBe(200);
      const ordered = await orderFrom(quote.reference, lab.buyer);
      expect(ordered.statusCode, ordered.body).toBe(201);
    });

    it('another organisation without the requirement orders an unaccepted quote', async () => {
      const strict = await organisation('strict');
      await setRule(strict.id, true);
      const relaxed = await organisation('relaxed');
      const quote = await quoteOf(relaxed.buyer);
      expect((await page(quote.reference, relaxed.buyer.cookie)).orderNeedsAcceptance).toBe(false);
      const ordered = await orderFrom(quote.reference, relaxed.buyer);
      expect(ordered.statusCode, ordered.body).toBe(201);
    });

    it('a customer without customers.edit cannot change it (403), and nothing changes', async () => {
      const lab = await organisation('no-permission');
      const finance = await createAdminSession(t, t.db, ['finance']);
      await finance.stepUp();
      const refused = await t.put(
        `/api/admin/organisations/${lab.id}/settings`,
        { ordersRequireAcceptedQuote: true },
        { cookie: finance.cookie },
      );
      expect(refused.statusCode).toBe(403);
      const [row] = await t.db.select().from(organisations).where(eq(organisations.id, lab.id));
      expect(row?.ordersRequireAcceptedQuote).toBe(false);
    });
  });

  describe('security issue 48', () => {
    const setRule = async (organisationId: string) => {
      const admin = await createAdminSession(t);
      await admin.stepUp();
      const saved = await t.put(
        `/api/admin/organisations/${organisationId}/settings`,
        { ordersRequireAcceptedQuote: true },
        { cookie: admin.cookie },
      );
      expect(saved.statusCode, saved.body).toBe(200);
    };
    const directOrder = (email: string, cookie?: string) =>
      t.post(
        '/api/orders',
        {
          configuration: defaultSelection,
          billing: guestBilling(email),
          acceptTerms: true,
          idempotencyKey: randomUUID(),
        },
        { remoteAddress: client(), ...(cookie ? { cookie } : {}) },
      );

    it('F3: a member of an organisation whose orders need an accepted quote cannot order without a quote, signed in, signed out under their address, or at the review step', async () => {
      const lab = await organisation('no-quote');
      await setRule(lab.id);
      const signedIn = await directOrder(lab.buyer.user.email, lab.buyer.cookie);
      expect(signedIn.statusCode).toBe(409);
      expect(signedIn.json().error).toEqual({
        code: 'accepted_quote_required',
        message: quoteActionMessages.acceptedQuoteRequired,
        messageId: quoteActionRefusals.acceptedQuoteRequired.id,
      });
      const signedOut = await directOrder(lab.buyer.user.email);
      expect(signedOut.statusCode).toBe(409);
      expect(signedOut.json().error.code).toBe('accepted_quote_required');
      const review = await t.post(
        '/api/orders/price',
        { configuration: defaultSelection, billing: { country: 'GB' } },
        { cookie: lab.buyer.cookie },
      );
      expect(review.statusCode).toBe(409);
      expect(review.json().error.code).toBe('accepted_quote_required');
      expect(await t.db.select().from(orders).where(eq(orders.userId, lab.buyer.user.id))).toHaveLength(0);
      // Another organisation's buyer, without the rule, and a customer in none still order directly.
      const relaxed = await organisation('no-quote-relaxed');
      expect((await directOrder(relaxed.buyer.user.email, relaxed.buyer.cookie)).statusCode).toBe(201);
      expect((await directOrder('nobody.in.particular@example.com')).statusCode).toBe(201);
    });

    it('F3: signed out, a quote asked for under a member’s address is the organisation’s: a guest can neither accept nor order it; its approver accepts, the buyer orders it signed in', async () => {
      const lab = await organisation('signed-out');
      await setRule(lab.id);
      const asked = await t.post(
        '/api/quotes',
        {
          configuration: defaultSelection,
          customerInfo: {
            email: lab.buyer.user.email,
            firstName: 'Rosalind',
            lastName: 'Franklin',
            organization: 'Cavendish Laboratory',
          },
          flowType: 'quote',
        },
        { remoteAddress: client() },
      );
      expect(asked.statusCode, asked.body).toBe(201);
      const quote = (asked.json() as { quote: QuoteResource }).quote;
      const guestAccepts = await accept(quote.reference);
      expect(guestAccepts.statusCode).toBe(401);
      expect(guestAccepts.json().error.code).toBe('sign_in_to_accept');
      expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(0);
      const guestOrders = await t.post(
        '/api/orders',
        {
          quoteReference: quote.reference,
          billing: guestBilling(lab.buyer.user.email),
          acceptTerms: true,
          idempotencyKey: randomUUID(),
        },
        { remoteAddress: client() },
      );
      expect(guestOrders.statusCode).toBe(401);
      expect(guestOrders.json().error.code).toBe('sign_in_to_view');
      // The buyer, signed in, is refused until an approver accepts; then it is ordered.
      expect((await orderFrom(quote.reference, lab.buyer)).json().error.code).toBe('quote_not_accepted');
      expect((await accept(quote.reference, lab.buyer.cookie)).statusCode).toBe(403);
      expect((await accept(quote.reference, lab.approver.cookie)).statusCode).toBe(200);
      const ordered = await orderFrom(quote.reference, lab.buyer);
      expect(ordered.statusCode, ordered.body).toBe(201);
    });

    it('F4: a removed member gets 404 on the organisation’s quote (read, PDF, document, e-mail to an approver, extension, statement, acceptance, order); the organisation still orders it, staff still read it', async () => {
      const lab = await organisation('removed');
      const quote = await quoteOf(lab.buyer);
      const removed = lab.approver;
      // While a member, they read it.
      expect((await t.get(`/api/quotes/${quote.reference}`, { cookie: removed.cookie })).statusCode).toBe(200);
      const removal = await t.delete(`/api/account/organisation/members/${removed.user.id}`, undefined, {
        cookie: lab.owner.cookie,
      });
      expect(removal.statusCode, removal.body).toBe(200);

      const as = { cookie: removed.cookie, remoteAddress: client() };
      const base = `/api/quotes/${quote.reference}`;
      const tries = [
        ['read', await t.get(base, as)],
        ['document', await t.get(`${base}/document`, as)],
        ['pdf', await t.get(`${base}/pdf`, as)],
        ['statement', await t.get(`${base}/single-supplier-statement.pdf`, as)],
        ['e-mail', await t.post(`${base}/send-to-approver`, { email: 'outside@example.com' }, as)],
        ['extension', await t.post(`${base}/extension-request`, { days: 30 }, as)],
        ['accept', await accept(quote.reference, removed.cookie)],
        ['order', await orderFrom(quote.reference, removed)],
      ] as const;
      for (const [label, response] of tries) {
        expect(response.statusCode, label).toBe(404);
        expect(response.json().error.message, label).toBe('Quote not found');
      }
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'quote_approver'), eq(mailOutbox.toAddress, 'outside@example.com')));
      expect(mails).toHaveLength(0);

      // Staff with quotes.view (the admin quote page links the storefront's quote and its PDF) read it.
      const staff = await createAdminSession(t, t.db, ['sales']);
      expect((await t.get(base, { cookie: staff.cookie })).statusCode).toBe(200);
      expect((await t.get(`${base}/pdf`, { cookie: staff.cookie })).statusCode).toBe(200);
      // The organisation orders its own quote: no 409 from an order the removed member placed.
      const ordered = await orderFrom(quote.reference, lab.buyer);
      expect(ordered.statusCode, ordered.body).toBe(201);
    });
  });

  describe('a drawn signature', () => {
    it('is checked, re-encoded within 800 × 300 pixels, and drawn in the accepted PDF’s block under "Accepted by"', async () => {
      const solo = await customer('draws@example.com');
      const quote = await quoteOf(solo);
      const before = pdfImages((await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload).filter(
        (image) => image.type === 'image',
      );
      const drawn = await accept(quote.reference, undefined, {
        ...acceptance,
        signature: undefined,
        signatureKind: 'drawn',
        signatureImage: dataUrl(await drawnPng(1600, 400)),
      });
      expect(drawn.statusCode, drawn.body).toBe(200);
      expect((drawn.json() as { quote: QuoteResource }).quote.acceptance).toMatchObject({
        signature: 'Maurice Wilkins',
        signatureKind: 'drawn',
      });
      const [row] = await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id));
      expect(row?.signatureKind).toBe('drawn');
      const stored = await sharp(row?.signatureImage ?? Buffer.alloc(0)).metadata();
      expect(stored.format).toBe('png');
      expect([stored.width, stored.height]).toEqual([800, 200]);

      const pdf = (await t.get(`/api/quotes/${quote.reference}/pdf`)).rawPayload;
      const text = pdfText(pdf);
      expect(text).toContain('Accepted by Maurice Wilkins, Head of Department, Kings College (London)');
      expect(text).toContain('Signature: drawn by hand');
      const after = pdfImages(pdf).filter((image) => image.type === 'image');
      expect(after).toHaveLength(before.length + 1);
      expect(after).toContainEqual(expect.objectContaining({ width: 800, height: 200 }));
    });

    it('refuses a payload that is not a PNG by its bytes, one labelled otherwise, one over 200 KB, or none (400), and records nothing', async () => {
      const solo = await customer('forges@example.com');
      const quote = await quoteOf(solo);
      const jpeg = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ffffff' } })
        .jpeg()
        .toBuffer();
      const png = await drawnPng();
      // A PNG header on bytes that are not an image, and a real PNG padded past 200 KB.
      const forged = Buffer.concat([png.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);
      const huge = Buffer.concat([png, Buffer.alloc(210 * 1024)]);
      for (const [label, signatureImage] of [
        ['JPEG bytes labelled PNG', dataUrl(jpeg)],
        ['labelled JPEG', dataUrl(png, 'image/jpeg')],
        ['PNG magic, not an image', dataUrl(forged)],
        ['over 200 KB', dataUrl(huge)],
      ] as const) {
        const refused = await accept(quote.reference, undefined, {
          ...acceptance,
          signatureKind: 'drawn',
          signatureImage,
        });
        expect(refused.statusCode, label).toBe(400);
        expect(refused.body, label).toContain(quoteActionMessages.signatureNotPng);
      }
      const missing = await accept(quote.reference, undefined, { ...acceptance, signatureKind: 'drawn' });
      expect(missing.statusCode).toBe(400);
      expect(missing.body).toContain(quoteActionMessages.signatureImage);
      expect(await t.db.select().from(quoteAcceptances).where(eq(quoteAcceptances.quoteId, quote.id))).toHaveLength(0);
    });
  });

  it('the data export holds the quotes the person accepted (with date, client address, signature kind) and their membership', async () => {
    const lab = await organisation('exports');
    const quote = await quoteOf(lab.buyer);
    const approverEmail = lab.approver.user.email;
    const accepted = await t.post(
      `/api/quotes/${quote.reference}/accept`,
      {
        ...acceptance,
        email: approverEmail,
        signature: undefined,
        signatureKind: 'drawn',
        signatureImage: dataUrl(await drawnPng()),
      },
      { remoteAddress: '192.0.2.77', cookie: lab.approver.cookie },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { data, files } = await collectPersonData(
      t.db,
      { email: approverEmail, userId: lab.approver.user.id },
      start,
      'https://shop.example',
    );
    const json = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    expect(json.quoteAcceptances).toEqual([
      {
        quoteNumber: quote.quoteNumber,
        name: 'Maurice Wilkins',
        jobTitle: 'Head of Department',
        organization: 'Kings College (London)',
        email: approverEmail,
        acceptedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        clientAddress: '192.0.2.77',
        signatureKind: 'drawn',
        signature: `signatures/${quote.quoteNumber}.png`,
      },
    ]);
    expect(json.organisationMemberships).toEqual([
      { organisation: 'exports Laboratory', role: 'approver', isOwner: false, since: expect.any(String) },
    ]);
    expect((await sharp(Buffer.from(files[`signatures/${quote.quoteNumber}.png`] ?? [])).metadata()).format).toBe(
      'png',
    );
    // The buyer who asked for the quote does not get the approver's address or network address.
    const buyers = await collectPersonData(t.db, { email: lab.buyer.user.email, userId: lab.buyer.user.id }, start, '');
    expect(buyers.data.quoteAcceptances).toEqual([]);
    expect(buyers.data.organisationMemberships).toEqual([
      { organisation: 'exports Laboratory', role: 'buyer', isOwner: false, since: expect.any(String) },
    ]);
  });
});

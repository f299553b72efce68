import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createQuote, createUser, guestOrderBody } from '../../../tests/support/factories';
import { englishIn } from '../../../tests/support/english-phrases';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { pdfText } from '../../../tests/support/pdf-text';
import { invitationToken, inviteColleague } from '../../../tests/support/organisations';
import { linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import {
  INVITATIONS_PER_DAY,
  type Organisation,
  organisationMessages,
  type OrganisationRole,
  organisationRoleDescriptions,
  organisationRoleLabels,
} from '../../shared/accounts/organisation-schemas';
import type { OrderResource } from '../../shared/order-flow';
import { auditLog, mailOutbox, organisationInvitations, organisationMembers, organisations } from '../db/schema';
import { accountsPayableCopy, canApproveQuote } from './organisation-access';
import { INVITATIONS_PER_HOUR } from './routes';

/** Each invitation page call from a client address of its own: the per-client limit is not under test here. */
let invitationClients = 0;
const fromOwnClient = (cookie?: string) => {
  invitationClients += 1;
  return { remoteAddress: `10.40.${invitationClients >> 8}.${invitationClients & 255}`, ...(cookie ? { cookie } : {}) };
};

describe('an organisation’s members (issue 39, decision 0068)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });

  /** A signed-in customer, from a client address of their own (the sign-in limits are not under test). */
  let clients = 0;
  const customer = async (email: string, company: string | null = 'Cavendish Laboratory') => {
    const made = await createUser(t.db, { email, company });
    clients += 1;
    return { ...made, cookie: await signIn(t, email, undefined, false, `10.39.0.${clients}`) };
  };
  const organisationOf = async (cookie: string) =>
    ((await t.get('/api/account/organisation', { cookie })).json() as { organisation: Organisation | null })
      .organisation;
  const placeOrder = async (email: string, cookie: string) => {
    const response = await t.post('/api/orders', guestOrderBody(email), { cookie });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { order: OrderResource }).order;
  };
  /** The owner's organisation with a colleague who joined by the e-mailed link, signed in. */
  const organisationWithColleague = async (prefix: string, role: OrganisationRole = 'buyer') => {
    const owner = await customer(`${prefix}.owner@example.com`);
    expect((await t.post('/api/account/organisation', {}, { cookie: owner.cookie })).statusCode).toBe(201);
    const colleague = await customer(`${prefix}.colleague@example.com`, null);
    await inviteColleague(t, owner.cookie, colleague, role, fromOwnClient().remoteAddress);
    return { owner, colleague };
  };

  it('the owner creates it under their profile’s organisation name, invites by e-mail (token hashed at rest), and the invitee creates their account from the link, their guest orders joining it', async () => {
    const owner = await customer('lab.manager@example.com');
    expect(await organisationOf(owner.cookie)).toBeNull();
    const created = await t.post('/api/account/organisation', {}, { cookie: owner.cookie });
    expect(created.statusCode, created.body).toBe(201);
    expect((created.json() as { organisation: Organisation }).organisation).toMatchObject({
      name: 'Cavendish Laboratory',
      isOwner: true,
      members: [{ email: 'lab.manager@example.com', isOwner: true }],
    });
    // A second one is refused: one organisation per customer.
    expect((await t.post('/api/account/organisation', { name: 'Other' }, { cookie: owner.cookie })).statusCode).toBe(
      409,
    );

    const invited = await t.post(
      '/api/account/organisation/invitations',
      { email: ' New.Colleague@Example.com ', role: 'accounts_payable' },
      { cookie: owner.cookie },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const link = await linkFromOutbox(t, 'new.colleague@example.com', 'organisation_invitation');
    const token = invitationToken(link);
    expect(link).toContain('/organisation-invitation?token=');
    const [stored] = await t.db.select().from(organisationInvitations);
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'organisation_invitation'));
    expect(mail?.subject).toBe('lab.manager@example.com invites you to join their organisation on Dropwise');
    expect(mail?.textBody).toContain('as Accounts payable');
    expect(mail?.textBody).toContain('as its owner typed it (we do not check it): "Cavendish Laboratory"');

    const preview = await t.post('/api/organisation-invitations/preview', { token }, fromOwnClient());
    expect(preview.json()).toMatchObject({
      organisationName: 'Cavendish Laboratory',
      email: 'new.colleague@example.com',
      role: 'accounts_payable',
      accountExists: false,
    });
    // A guest order the colleague placed earlier with the invited address.
    const guest = await t.post('/api/orders', guestOrderBody('new.colleague@example.com'), fromOwnClient());
    expect(guest.statusCode, guest.body).toBe(201);
    // No account yet: a password makes one, confirmed by the link, signed in at once; the guest order joins it.
    expect(
      (await t.post('/api/organisation-invitations/accept', { token }, fromOwnClient())).json().error.fields.password,
    ).toBeTruthy();
    const accepted = await t.post(
      '/api/organisation-invitations/accept',
      { token, password: 'colleague-pw-1' },
      fromOwnClient(),
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const cookie = accepted.headers['set-cookie'] ? String(accepted.headers['set-cookie']).split(';')[0] : '';
    const theirs = await organisationOf(cookie ?? '');
    expect(theirs).toMatchObject({ name: 'Cavendish Laboratory', role: 'accounts_payable', isOwner: false });
    const joined = ((await t.get('/api/account/orders', { cookie })).json() as { orders: { id: string }[] }).orders;
    expect(joined.map((order) => order.id)).toContain((guest.json() as { order: { id: string } }).order.id);
    // Members see each other, but only the owner sees the invitations.
    expect(theirs?.members.map((member) => member.email)).toEqual([
      'lab.manager@example.com',
      'new.colleague@example.com',
    ]);
    expect((await organisationOf(owner.cookie))?.invitations).toEqual([]);
  });

  it('an invitation used twice, expired or revoked is refused, and an existing account accepts only signed in as the invited address', async () => {
    const owner = await customer('twice.owner@example.com');
    let ownerCookie = owner.cookie;
    await t.post('/api/account/organisation', {}, { cookie: ownerCookie });
    const invitee = await customer('twice.invitee@example.com', null);
    const stranger = await customer('twice.stranger@example.com', null);
    const invite = async (email: string) => {
      expect(
        (await t.post('/api/account/organisation/invitations', { email, role: 'approver' }, { cookie: ownerCookie }))
          .statusCode,
      ).toBe(201);
      return invitationToken(await linkFromOutbox(t, email, 'organisation_invitation'));
    };
    const token = await invite(invitee.user.email);
    expect(
      (await t.post('/api/organisation-invitations/preview', { token }, fromOwnClient())).json().accountExists,
    ).toBe(true);
    const anonymous = await t.post(
      '/api/organisation-invitations/accept',
      { token, password: 'whatever-pw-1' },
      fromOwnClient(),
    );
    expect(anonymous.json().error.code).toBe('sign_in_required');
    const wrongAccount = await t.post(
      '/api/organisation-invitations/accept',
      { token },
      fromOwnClient(stranger.cookie),
    );
    expect(wrongAccount.json().error.code).toBe('other_account');

    expect(
      (await t.post('/api/organisation-invitations/accept', { token }, fromOwnClient(invitee.cookie))).statusCode,
    ).toBe(200);
    const twice = await t.post('/api/organisation-invitations/accept', { token }, fromOwnClient(invitee.cookie));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe('invalid_invitation');
    expect((await t.post('/api/organisation-invitations/preview', { token }, fromOwnClient())).statusCode).toBe(400);

    // Expired: 7 days and a minute later the link opens nothing.
    const late = await invite('late.colleague@example.com');
    t.clock.now = new Date(t.clock.now.getTime() + 7 * 24 * 3600_000 + 60_000);
    const expired = await t.post(
      '/api/organisation-invitations/accept',
      { token: late, password: 'late-pw-123' },
      fromOwnClient(),
    );
    expect(expired.json().error.code).toBe('invalid_invitation');
    // (The owner's session has ended meanwhile: they sign in again.)
    ownerCookie = await signIn(t, owner.user.email, undefined, false, '10.39.1.1');
    expect((await organisationOf(ownerCookie))?.invitations.map((i) => i.status)).toEqual(['expired']);

    // Revoked by the owner; and a newer invitation to the same address voids the older link.
    const revoked = await invite('revoked.colleague@example.com');
    const [open] = await t.db
      .select()
      .from(organisationInvitations)
      .where(eq(organisationInvitations.email, 'revoked.colleague@example.com'));
    expect(
      (await t.delete(`/api/account/organisation/invitations/${open?.id}`, undefined, { cookie: ownerCookie }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.post(
          '/api/organisation-invitations/accept',
          { token: revoked, password: 'revoked-pw-1' },
          fromOwnClient(),
        )
      ).json().error.code,
    ).toBe('invalid_invitation');
    const first = await invite('again.colleague@example.com');
    await invite('again.colleague@example.com');
    expect(
      (
        await t.post('/api/organisation-invitations/accept', { token: first, password: 'again-pw-12' }, fromOwnClient())
      ).json().error.code,
    ).toBe('invalid_invitation');
  });

  it('only the owner manages members, invitations are rate-limited per owner, and a member of another organisation cannot be invited', async () => {
    const { owner, colleague } = await organisationWithColleague('manage');
    const asColleague = await t.post(
      '/api/account/organisation/invitations',
      { email: 'someone@example.com', role: 'buyer' },
      { cookie: colleague.cookie },
    );
    expect(asColleague.statusCode).toBe(403);
    expect(asColleague.json().error.code).toBe('owner_only');
    expect(
      (
        await t.put(
          `/api/account/organisation/members/${owner.user.id}/role`,
          { role: 'approver' },
          { cookie: colleague.cookie },
        )
      ).statusCode,
    ).toBe(403);
    // The owner cannot be removed, even by themself.
    const removeOwner = await t.delete(`/api/account/organisation/members/${owner.user.id}`, undefined, {
      cookie: owner.cookie,
    });
    expect(removeOwner.json().error.code).toBe('owner_stays');

    const changed = await t.put(
      `/api/account/organisation/members/${colleague.user.id}/role`,
      { role: 'approver' },
      { cookie: owner.cookie },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await organisationOf(colleague.cookie))?.role).toBe('approver');

    const other = await organisationWithColleague('elsewhere');
    const taken = await t.post(
      '/api/account/organisation/invitations',
      { email: other.colleague.user.email, role: 'buyer' },
      { cookie: owner.cookie },
    );
    expect(taken.json().error.code).toBe('already_member');

    const owner2 = await customer('busy.owner@example.com');
    await t.post('/api/account/organisation', {}, { cookie: owner2.cookie });
    for (let i = 0; i < INVITATIONS_PER_HOUR; i += 1) {
      const response = await t.post(
        '/api/account/organisation/invitations',
        { email: `colleague-${i}@example.com`, role: 'buyer' },
        { cookie: owner2.cookie },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
    const over = await t.post(
      '/api/account/organisation/invitations',
      { email: 'one-too-many@example.com', role: 'buyer' },
      { cookie: owner2.cookie },
    );
    expect(over.statusCode).toBe(429);
    const sent = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'organisation_invitation'), eq(mailOutbox.toAddress, 'one-too-many@example.com')));
    expect(sent).toHaveLength(0);
  });

  it('a member sees a colleague’s order, its documents, quotes and instruments; a customer of another organisation gets 404; a removed member loses access; a member may leave', async () => {
    const { owner, colleague } = await organisationWithColleague('lab');
    const outsider = (await organisationWithColleague('rival')).colleague;
    const order = await placeOrder(owner.user.email, owner.cookie);
    const quote = await createQuote(t.db, { userId: owner.user.id });
    const instrument = await createInstrument(t.db, { userId: owner.user.id });

    const seen = async (cookie: string) => ({
      list: ((await t.get('/api/account/orders', { cookie })).json() as { orders: { id: string }[] }).orders.map(
        (o) => o.id,
      ),
      account: (await t.get(`/api/account/orders/${order.id}`, { cookie })).statusCode,
      page: await t.get(`/api/orders/${order.id}`, { cookie }),
      quotes: ((await t.get('/api/account/quotes', { cookie })).json() as { quotes: { id: string }[] }).quotes.map(
        (q) => q.id,
      ),
      instruments: (
        (await t.get('/api/account/instruments', { cookie })).json() as { instruments: { serialNumber: string }[] }
      ).instruments.map((i) => i.serialNumber),
    });

    const mine = await seen(colleague.cookie);
    expect(mine.list).toContain(order.id);
    expect(mine.account).toBe(200);
    expect(mine.page.json().order).toHaveProperty('billingAddress');
    expect(mine.quotes).toContain(quote.id);
    expect(mine.instruments).toContain(instrument.serialNumber);
    // Closing one's account concerns one's own instruments only.
    const ownOnly = (await t.get('/api/account/instruments?scope=own', { cookie: colleague.cookie })).json() as {
      instruments: { serialNumber: string }[];
    };
    expect(ownOnly.instruments.map((i) => i.serialNumber)).not.toContain(instrument.serialNumber);
    const documents = (mine.page.json() as { order: OrderResource }).order.documents;
    expect(documents.length).toBeGreaterThan(0);
    const documentUrl = documents[0]?.url ?? '';
    const download = await t.get(documentUrl, { cookie: colleague.cookie });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');

    const theirs = await seen(outsider.cookie);
    expect(theirs.list).not.toContain(order.id);
    expect(theirs.account).toBe(404);
    expect(theirs.page.statusCode).toBe(404);
    expect(theirs.quotes).not.toContain(quote.id);
    expect(theirs.instruments).not.toContain(instrument.serialNumber);
    expect((await t.get(documentUrl, { cookie: outsider.cookie })).statusCode).toBe(404);

    // Removed: from this moment the colleague's order is a stranger's.
    const removed = await t.delete(`/api/account/organisation/members/${colleague.user.id}`, undefined, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json() as { organisation: Organisation }).organisation.members).toHaveLength(1);
    const after = await seen(colleague.cookie);
    expect(after.list).not.toContain(order.id);
    expect(after.account).toBe(404);
    expect(after.page.statusCode).toBe(404);
    expect(after.quotes).not.toContain(quote.id);
    expect((await t.get(documentUrl, { cookie: colleague.cookie })).statusCode).toBe(404);
    expect(await organisationOf(colleague.cookie)).toBeNull();
    // The owner still reads their own.
    expect((await t.get(documentUrl, { cookie: owner.cookie })).statusCode).toBe(200);

    // A member may leave on their own; the owner may not.
    const stays = await t.post('/api/account/organisation/leave', {}, { cookie: owner.cookie });
    expect(stays.json().error.code).toBe('owner_stays');
    const rival = await organisationWithColleague('leaving');
    const left = await t.post('/api/account/organisation/leave', {}, { cookie: rival.colleague.cookie });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().organisation).toBeNull();
    expect((await organisationOf(rival.owner.cookie))?.members).toHaveLength(1);
  });

  it('accounts payable receives the invoice e-mail and the statement with their PDFs, once each, and an owner who is accounts payable gets one', async () => {
    const { owner, colleague } = await organisationWithColleague('payables', 'accounts_payable');
    const buyer = await customer('payables.buyer@example.com', null);
    const token = async (email: string) => {
      await t.post('/api/account/organisation/invitations', { email, role: 'buyer' }, { cookie: owner.cookie });
      return invitationToken(await linkFromOutbox(t, email, 'organisation_invitation'));
    };
    await t.post(
      '/api/organisation-invitations/accept',
      { token: await token(buyer.user.email) },
      fromOwnClient(buyer.cookie),
    );
    // The owner makes themself accounts payable too: as the order's customer they still get one e-mail.
    await t.put(
      `/api/account/organisation/members/${owner.user.id}/role`,
      { role: 'accounts_payable' },
      { cookie: owner.cookie },
    );
    const order = await placeOrder(owner.user.email, owner.cookie);
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoiceMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice_deposit'));
    // The buyer colleague is not accounts payable: no copy for them.
    expect(invoiceMails.map((mail) => mail.toAddress).sort()).toEqual([colleague.user.email, owner.user.email].sort());
    const copy = invoiceMails.find((mail) => mail.toAddress === colleague.user.email);
    const original = invoiceMails.find((mail) => mail.toAddress === owner.user.email);
    expect(copy?.subject).toBe(original?.subject);
    expect(copy?.textBody.startsWith(accountsPayableCopy())).toBe(true);
    expect(copy?.attachments?.[0]?.filename).toBe(original?.attachments?.[0]?.filename);
    expect(original?.textBody).not.toContain(accountsPayableCopy());

    // The statement by e-mail from the customer page: the customer and accounts payable, each once, with the PDF.
    const sent = await t.post(`/api/admin/customers/${owner.user.id}/statement/send`, {}, { cookie: admin.cookie });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { sentTo: string[] }).sentTo.sort()).toEqual(
      [colleague.user.email, owner.user.email].sort(),
    );
    const statements = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'customer_statement'));
    expect(statements.map((mail) => mail.toAddress).sort()).toEqual([colleague.user.email, owner.user.email].sort());
    const statement = statements.find((mail) => mail.toAddress === colleague.user.email)?.attachments?.[0];
    const statementText = pdfText(
      Buffer.from(statement && 'contentBase64' in statement ? statement.contentBase64 : '', 'base64'),
    );
    expect(statementText).toContain((issued.json() as { invoice: { number: string } }).invoice.number);

    // Accounts payable's own statement in My Account covers the organisation's orders; an outsider's does not.
    const invoiceNumber = (issued.json() as { invoice: { number: string } }).invoice.number;
    const own = await t.get('/api/account/statement.pdf', { cookie: colleague.cookie });
    expect(own.statusCode).toBe(200);
    expect(pdfText(own.rawPayload)).toContain(invoiceNumber);

    // A customer outside any organisation: the invoice goes to them alone.
    const alone = await customer('alone.buyer@example.com', null);
    const aloneOrder = await placeOrder(alone.user.email, alone.cookie);
    await t.post(`/api/admin/orders/${aloneOrder.id}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
    expect(pdfText((await t.get('/api/account/statement.pdf', { cookie: alone.cookie })).rawPayload)).not.toContain(
      invoiceNumber,
    );
    const aloneMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice_deposit'));
    expect(aloneMails.filter((mail) => mail.subject.includes(aloneOrder.orderNumber)).map((m) => m.toAddress)).toEqual([
      alone.user.email,
    ]);
  });

  it('canApproveQuote: the owner and approvers accept a member’s quote, a buyer or another organisation does not; without an organisation, one’s own quote', async () => {
    const { owner, colleague } = await organisationWithColleague('approve', 'buyer');
    const approver = await customer('approve.approver@example.com', null);
    await t.post(
      '/api/account/organisation/invitations',
      { email: approver.user.email, role: 'approver' },
      { cookie: owner.cookie },
    );
    await t.post(
      '/api/organisation-invitations/accept',
      { token: invitationToken(await linkFromOutbox(t, approver.user.email, 'organisation_invitation')) },
      fromOwnClient(approver.cookie),
    );
    const outsider = (await organisationWithColleague('approve-rival')).owner;
    const quote = await createQuote(t.db, { userId: colleague.user.id });
    expect(await canApproveQuote(t.db, approver.user.id, quote.id)).toBe(true);
    expect(await canApproveQuote(t.db, owner.user.id, quote.id)).toBe(true);
    expect(await canApproveQuote(t.db, colleague.user.id, quote.id)).toBe(false);
    expect(await canApproveQuote(t.db, outsider.user.id, quote.id)).toBe(false);

    const single = await customer('single@example.com', null);
    const own = await createQuote(t.db, { userId: single.user.id });
    expect(await canApproveQuote(t.db, single.user.id, own.id)).toBe(true);
    expect(await canApproveQuote(t.db, approver.user.id, own.id)).toBe(false);
    expect(await canApproveQuote(t.db, single.user.id, (await createQuote(t.db)).id)).toBe(false);
  });

  it('staff see the organisation on the customer page; a same-name customer is only suggested, and "Add to organisation" needs a fresh step-up and is audited', async () => {
    const { owner, colleague } = await organisationWithColleague('staffview', 'approver');
    const sameName = await customer('same.name@example.com', ' cavendish laboratory ');
    const order = await placeOrder(owner.user.email, owner.cookie);
    const admin = await createAdminSession(t, t.db, ['sales']);

    const page = await t.get(`/api/admin/customers/${owner.user.id}`, { cookie: admin.cookie });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().organisation).toMatchObject({
      name: 'Cavendish Laboratory',
      ownerEmail: owner.user.email,
      members: [
        { email: owner.user.email, isOwner: true, role: 'buyer' },
        { email: colleague.user.email, isOwner: false, role: 'approver' },
      ],
    });
    const suggested = (await t.get(`/api/admin/customers/${sameName.user.id}`, { cookie: admin.cookie })).json();
    expect(suggested.organisation).toBeNull();
    // Every organisation of that name is offered (this file makes several); this owner's among them.
    const organisation = (suggested.sameNameOrganisations as { id: string; name: string; members: number }[]).find(
      (candidate) => candidate.id === page.json().organisation.id,
    );
    expect(organisation).toMatchObject({ name: 'Cavendish Laboratory', members: 2 });
    // Not merged on their own: the same name reads nothing of the organisation's.
    expect((await t.get(`/api/orders/${order.id}`, { cookie: sameName.cookie })).statusCode).toBe(404);

    const add = () =>
      t.post(
        `/api/admin/customers/${sameName.user.id}/organisation`,
        { organisationId: organisation?.id, role: 'buyer' },
        { cookie: admin.cookie },
      );
    const stale = await add();
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');
    await admin.stepUp();
    const added = await add();
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().organisation.members).toHaveLength(3);
    expect((await add()).json().error.code).toBe('already_member');
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.add_to_organisation'), eq(auditLog.entityId, sameName.user.id)));
    expect(audit).toMatchObject({ adminEmail: admin.user.email, entityType: 'user' });
    expect(audit?.after).toMatchObject({ organisation: 'Cavendish Laboratory', role: 'buyer' });
    expect((await t.get(`/api/orders/${order.id}`, { cookie: sameName.cookie })).statusCode).toBe(200);
    const [membership] = await t.db
      .select()
      .from(organisationMembers)
      .where(eq(organisationMembers.userId, sameName.user.id));
    expect(membership?.role).toBe('buyer');

    // Support sees customers but may not add one.
    const support = await createAdminSession(t, t.db, ['support']);
    await support.stepUp();
    const refused = await t.post(
      `/api/admin/customers/${colleague.user.id}/organisation`,
      { organisationId: organisation?.id, role: 'buyer' },
      { cookie: support.cookie },
    );
    expect(refused.json().error.code).toBe('no_access');
  });

  // Last: it issues an invoice, and the tests above count every invoice e-mail.
  it('a member downloads a colleague’s order e-invoice (as its PDF twin, routes.ts readableOrder); a customer of another organisation, and no one signed in, get 404', async () => {
    const { owner, colleague } = await organisationWithColleague('einvoice');
    const outsider = (await organisationWithColleague('einvoice-rival')).colleague;
    const order = await placeOrder(owner.user.email, owner.cookie);
    const admin = await createAdminSession(t);
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = issued.json().invoice as { id: string; number: string };
    const url = `/api/orders/${order.id}/documents/${invoice.id}/einvoice/cii`;

    const colleagues = await t.get(url, { cookie: colleague.cookie });
    expect(colleagues.statusCode, colleagues.body).toBe(200);
    expect(colleagues.headers['content-type']).toContain('application/xml');
    expect(colleagues.headers['content-disposition']).toContain(invoice.number);
    expect(colleagues.body).toContain(invoice.number);
    // The same bytes the owner gets.
    expect((await t.get(url, { cookie: owner.cookie })).body).toBe(colleagues.body);
    // Its PDF twin answers the colleague alike.
    expect(
      (await t.get(`/api/orders/${order.id}/documents/${invoice.id}`, { cookie: colleague.cookie })).statusCode,
    ).toBe(200);

    const outsiders = await t.get(url, { cookie: outsider.cookie });
    expect(outsiders.statusCode).toBe(404);
    expect(outsiders.body).not.toContain(invoice.number);
    expect((await t.get(url)).statusCode).toBe(404);
    // A malformed order id is the same 404, not a 400 that tells ids apart.
    expect(
      (await t.get(`/api/orders/not-a-uuid/documents/${invoice.id}/einvoice/cii`, { cookie: colleague.cookie }))
        .statusCode,
    ).toBe(404);
  });

  it('the invitation is in the language of the inviting owner’s most recent order: German role, date and UK time, no English catalogue phrase; an English owner’s says the roles as the page does', async () => {
    t.clock.now = new Date('2026-12-05T09:30:00.000Z');
    const owner = await customer('leitung@labor.test', 'Max-Planck-Labor');
    await createOrder(t.db, { userId: owner.user.id, language: 'de' });
    expect((await t.post('/api/account/organisation', {}, { cookie: owner.cookie })).statusCode).toBe(201);
    const invited = await t.post(
      '/api/account/organisation/invitations',
      { email: 'kollegin@labor.test', role: 'approver' },
      { cookie: owner.cookie },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const [german] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'kollegin@labor.test'));
    expect(german?.subject).toBe('leitung@labor.test lädt Sie in die eigene Organisation bei Dropwise ein');
    expect(german?.textBody).toContain('im Dropwise-Shop mit der Rolle „Freigebende Person“ beizutreten');
    expect(german?.textBody).toContain('wie ihr Inhaber ihn eingegeben hat (wir prüfen ihn nicht): „Max-Planck-Labor“');
    expect(german?.textBody).toContain('Nimmt außerdem Angebote für die Organisation an.');
    expect(german?.textBody).toMatch(
      /^Einladung annehmen: http:\/\/localhost:3000\/organisation-invitation\?token=\S+$/m,
    );
    // Seven days from 5 December 2026, 09:30 UTC (UK time in winter): a German date and time.
    expect(german?.textBody).toContain(
      'Der Link funktioniert einmal, bis 12. Dezember 2026 um 09:30 (britische Zeit).',
    );
    expect(englishIn(`${german?.subject}\n${german?.textBody}`, 'de')).toEqual([]);

    // English: the role's label and what it does are the page's own words.
    const english = await customer('english.owner@example.com', 'Babbage Lab');
    expect((await t.post('/api/account/organisation', {}, { cookie: english.cookie })).statusCode).toBe(201);
    await t.post(
      '/api/account/organisation/invitations',
      { email: 'english.colleague@example.com', role: 'buyer' },
      { cookie: english.cookie },
    );
    const [plain] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'english.colleague@example.com'));
    expect(plain?.textBody).toContain(
      `on the Dropwise shop as ${organisationRoleLabels.buyer}: you will see the organisation's quotes, orders, instruments and documents. ${organisationRoleDescriptions.buyer}`,
    );
    expect(plain?.textBody).toContain('The link works once, until 12 December 2026 at 09:30 (UK time).');
  });

  it('F2: an organisation’s name holding a web address, a domain or an e-mail address is refused with a message that says why', async () => {
    const owner = await customer('f2.refused@example.com', 'Claim your refund at evil.example');
    for (const name of [
      'Claim your refund at evil.example',
      'Refunds: https://evil.test/claim',
      'Visit www.evil for a refund',
      'Write to refunds@evil',
      'EVIL.COM refunds',
    ]) {
      const refused = await t.post('/api/account/organisation', { name }, { cookie: owner.cookie });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().error.fields.name, name).toBe(organisationMessages.nameWebAddress);
    }
    // Without a typed name the profile's organisation is taken, and checked the same way.
    const fromProfile = await t.post('/api/account/organisation', {}, { cookie: owner.cookie });
    expect(fromProfile.statusCode).toBe(400);
    expect(fromProfile.json().error.fields.name).toBe(organisationMessages.nameWebAddress);
    expect(await organisationOf(owner.cookie)).toBeNull();
    // A name with initials and full stops is a name.
    const created = await t.post(
      '/api/account/organisation',
      { name: 'St. Andrews Univ. Dept. of Chemistry' },
      { cookie: owner.cookie },
    );
    expect(created.statusCode, created.body).toBe(201);
  });

  it('F2: the invitation’s subject names the inviter’s account address and the shop, never the organisation’s name, which the body quotes as typed; an owner sends at most 20 in 24 hours', async () => {
    const owner = await customer('f2.owner@example.com', 'Babbage Lab');
    expect((await t.post('/api/account/organisation', {}, { cookie: owner.cookie })).statusCode).toBe(201);
    // An organisation named before the check (written as it stands) still never reaches a subject.
    await t.db
      .update(organisations)
      .set({ name: 'Claim your refund at evil.example' })
      .where(eq(organisations.ownerUserId, owner.user.id));
    const invited = await t.post(
      '/api/account/organisation/invitations',
      { email: 'f2.colleague@example.com', role: 'buyer' },
      fromOwnClient(owner.cookie),
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const [mail] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'f2.colleague@example.com'));
    expect(mail?.subject).toBe('f2.owner@example.com invites you to join their organisation on Dropwise');
    expect(mail?.subject).not.toContain('evil');
    expect(mail?.subject).not.toContain('refund');
    expect(mail?.textBody).toContain('as its owner typed it (we do not check it): "Claim your refund at evil.example"');

    // The day's cap counts the invitations themselves: 20 in the last 24 hours (across clients), then 429.
    const [organisation] = await t.db.select().from(organisations).where(eq(organisations.ownerUserId, owner.user.id));
    if (!organisation) throw new Error('organisation not written');
    await t.db.insert(organisationInvitations).values(
      Array.from({ length: INVITATIONS_PER_DAY - 1 }, (_, i) => ({
        organisationId: organisation.id,
        email: `earlier.${i}@example.com`,
        role: 'buyer' as const,
        tokenHash: String(i).padStart(64, 'f'),
        invitedBy: owner.user.id,
        expiresAt: new Date(t.clock.now.getTime() + 86_400_000),
        createdAt: new Date(t.clock.now.getTime() - 2 * 3_600_000),
      })),
    );
    const over = await t.post(
      '/api/account/organisation/invitations',
      { email: 'one.too.many@example.com', role: 'buyer' },
      fromOwnClient(owner.cookie),
    );
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toEqual({
      code: 'invitations_per_day',
      message: organisationMessages.tooManyInvitationsToday,
      messageId: 'orgRefusal.tooManyInvitationsToday',
      values: { count: 20 },
    });
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'one.too.many@example.com'))).toEqual(
      [],
    );
    // A day later the earlier ones no longer count.
    t.clock.now = new Date(t.clock.now.getTime() + 23 * 3_600_000);
    const nextDay = await t.post(
      '/api/account/organisation/invitations',
      { email: 'one.too.many@example.com', role: 'buyer' },
      fromOwnClient(owner.cookie),
    );
    expect(nextDay.statusCode, nextDay.body).toBe(201);
  });
});

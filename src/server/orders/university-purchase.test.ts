import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createUser, guestBilling } from '../../../tests/support/factories';
import { amountsOn, MONEY, minor } from '../../../tests/support/invoice-amounts';
import { inviteColleague } from '../../../tests/support/organisations';
import { pdfText } from '../../../tests/support/pdf-text';
import { signIn } from '../../../tests/support/sessions';
import { fillInShop } from '../../../tests/support/shop-details';
import { certificatePdf } from '../../../tests/support/supplier-pack';
import { useTestApp } from '../../../tests/support/test-app';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import type { Organisation } from '../../shared/accounts/organisation-schemas';
import type { BusinessProfile } from '../../shared/business-profile';
import { formatMoney } from '../../shared/money';
import type { OrderResource } from '../../shared/order-flow';
import type { Invoice } from '../../shared/orders/invoice-schema';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { quoteActionMessages, quoteActionRefusals } from '../../shared/quotes/quote-acceptance';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { mailOutbox } from '../db/schema';

/**
 * Issue 39's "Done means", walked through the HTTP API as the people involved do it: a university lab
 * manager gets a quote approved by the department's approver, sets the company up as a supplier from
 * the pack, raises a PO and attaches it, and their accounts-payable office can pay the deposit invoice
 * without a query (it lists the PO, the quote, every line, the advance payment, net + VAT = gross).
 */
const longName = 'University of Lancaster - Department of Chemistry, Biomedical and Life Sciences Purchasing';
const poNumber = 'LU-PO-4500098765';
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('a university buys an instrument: approved quote, supplier pack, PO, deposit invoice (issue 39, done means)', () => {
  const t = useTestApp({ now: new Date('2026-11-20T09:00:00.000Z') });
  // Issue 51: a euro invoice charging UK VAT is issued only with its month's HMRC rate.
  beforeAll(() => enterMonthlyRates(t.db));

  let clients = 0;
  /** Each person signs in from a client address of their own (the per-client limits are not under test). */
  const client = () => {
    clients += 1;
    return `10.139.0.${clients}`;
  };
  const person = async (email: string, firstName: string, lastName: string, company: string | null) => {
    const made = await createUser(t.db, { email, firstName, lastName, company });
    return { ...made, cookie: await signIn(t, email, undefined, false, client()) };
  };

  it('walks the whole purchase; edges: a buyer colleague cannot accept (403), the unaccepted quote is not ordered (409), typed free text is not mailed, a colleague of another organisation gets 404 for the PO', async () => {
    // The shop's Owner has filled in the business profile and bank accounts; the pack is read against what staff see saved.
    const owner = await fillInShop(t);
    const saved = await t.get('/api/admin/business-profile', { cookie: owner.cookie });
    expect(saved.statusCode).toBe(200);
    const profile = (saved.json() as { profile: BusinessProfile }).profile;
    const manager = await person('lab.manager@lancaster.example', 'Rosalind', 'Franklin', longName);
    const approver = await person('head.of.department@lancaster.example', 'Maurice', 'Wilkins', null);
    const payables = await person('accounts.payable@lancaster.example', 'Ada', 'Payne', null);
    const postdoc = await person('postdoc@lancaster.example', 'Raymond', 'Gosling', null);
    const otherLab = await person('owner@rival-university.example', 'Max', 'Perutz', 'Rival University');
    const rival = await person('colleague@rival-university.example', 'John', 'Kendrew', null);

    // 1. The manager creates the organisation under their profile's (long) name and invites two colleagues.
    const created = await t.post('/api/account/organisation', {}, { cookie: manager.cookie });
    expect(created.statusCode, created.body).toBe(201);
    const organisation = (created.json() as { organisation: Organisation }).organisation;
    expect(organisation.name).toBe(longName);
    await inviteColleague(t, manager.cookie, approver, 'approver', client());
    await inviteColleague(t, manager.cookie, payables, 'accounts_payable', client());
    await inviteColleague(t, manager.cookie, postdoc, 'buyer', client());
    const members = (
      (await t.get('/api/account/organisation', { cookie: manager.cookie })).json() as {
        organisation: Organisation;
      }
    ).organisation.members;
    // The owner first; the colleagues in whatever order the list keeps.
    expect(members[0]).toMatchObject({ email: manager.user.email, role: 'buyer', isOwner: true });
    expect(members.slice(1).map((member) => [member.email, member.role, member.isOwner])).toEqual(
      expect.arrayContaining([
        [approver.user.email, 'approver', false],
        [payables.user.email, 'accounts_payable', false],
        [postdoc.user.email, 'buyer', false],
      ]),
    );
    expect(members).toHaveLength(4);
    // A colleague of another organisation, for the refusals below.
    expect((await t.post('/api/account/organisation', {}, { cookie: otherLab.cookie })).statusCode).toBe(201);
    await inviteColleague(t, otherLab.cookie, rival, 'buyer', client());

    // 2. Staff turn on "Orders need an accepted quote" for it: refused without a fresh second factor.
    const admin = await createAdminSession(t);
    const settings = `/api/admin/organisations/${organisation.id}/settings`;
    const stale = await t.put(settings, { ordersRequireAcceptedQuote: true }, { cookie: admin.cookie });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('step_up_required');
    await admin.stepUp();
    const turnedOn = await t.put(settings, { ordersRequireAcceptedQuote: true }, { cookie: admin.cookie });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    const seen = (await t.get('/api/account/organisation', { cookie: manager.cookie })).json() as {
      organisation: Organisation;
    };
    expect(seen.organisation.ordersRequireAcceptedQuote).toBe(true);

    // 3. The manager asks for a quote and sends it to the approver; free text in the request is not mailed.
    const quoted = await t.post(
      '/api/quotes',
      {
        configuration: defaultSelection,
        customerInfo: {
          email: manager.user.email,
          firstName: 'Rosalind',
          lastName: 'Franklin',
          organization: longName,
        },
        flowType: 'quote',
      },
      { cookie: manager.cookie },
    );
    expect(quoted.statusCode, quoted.body).toBe(201);
    const quote = (quoted.json() as { quote: QuoteResource }).quote;
    const totals = quote.pricing?.totals;
    if (!totals) throw new Error('the quote has no figures');
    const sent = await t.post(
      `/api/quotes/${quote.reference}/send-to-approver`,
      { email: approver.user.email, message: 'Pay to account 99-99-99 https://phish.example', name: 'Evil' },
      { cookie: manager.cookie, remoteAddress: client() },
    );
    expect(sent.statusCode, sent.body).toBe(202);
    const [approverMail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'quote_approver'), eq(mailOutbox.toAddress, approver.user.email)));
    expect(approverMail?.textBody).toContain(`${t.env.publicUrl}/quote/${quote.reference}`);
    expect(approverMail?.textBody).toContain(quote.quoteNumber);
    // Who asks is the manager's account address; the quote's name fields stay out (issue 48, F6).
    expect(flat(approverMail?.textBody ?? '')).toContain(`${manager.user.email} asks you to review and approve`);
    expect(flat(approverMail?.textBody ?? '')).not.toContain(longName);
    expect(approverMail?.textBody).toContain(formatMoney(totals.total, quote.currency, { decimals: 2 }));
    expect(approverMail?.textBody).toContain(formatMoney(totals.deposit, quote.currency, { decimals: 2 }));
    for (const typed of ['99-99-99', 'phish', 'Evil']) {
      expect(approverMail?.textBody).not.toContain(typed);
      expect(approverMail?.subject).not.toContain(typed);
    }

    // Edge: a buyer of the organisation (the lab's postdoc) cannot accept it (403, nothing recorded). The
    // manager created the organisation, so owns it, and decision 0068 lets the owner accept: the page says so.
    const acceptance = {
      name: 'Maurice Wilkins',
      jobTitle: 'Head of Department',
      organization: longName,
      email: approver.user.email,
      signature: 'Maurice Wilkins',
    };
    const page = async (cookie: string) =>
      ((await t.get(`/api/quotes/${quote.reference}`, { cookie })).json() as { quote: QuoteResource }).quote;
    expect((await page(postdoc.cookie)).acceptRule).toEqual({ who: 'organisation_approvers', viewerMayAccept: false });
    expect((await page(manager.cookie)).acceptRule).toEqual({ who: 'organisation_approvers', viewerMayAccept: true });
    const byBuyer = await t.post(`/api/quotes/${quote.reference}/accept`, acceptance, {
      cookie: postdoc.cookie,
      remoteAddress: client(),
    });
    expect(byBuyer.statusCode).toBe(403);
    expect(byBuyer.json().error).toEqual({
      code: 'approver_required',
      message: quoteActionMessages.approverOnly,
      messageId: quoteActionRefusals.approverOnly.id,
    });
    expect((await page(manager.cookie)).acceptance).toBeNull();
    // Edge: the quote is not yet accepted, so the organisation's rule refuses an order from it (409), nothing placed.
    const orderBody = () => ({
      quoteReference: quote.reference,
      billing: { ...guestBilling(manager.user.email), company: longName, poNumber },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    const unaccepted = await t.post('/api/orders', orderBody(), { cookie: manager.cookie });
    expect(unaccepted.statusCode).toBe(409);
    expect(unaccepted.json().error).toEqual({
      code: 'quote_not_accepted',
      message: quoteActionMessages.notAccepted,
      messageId: quoteActionRefusals.notAccepted.id,
    });
    expect(((await t.get('/api/account/orders', { cookie: manager.cookie })).json() as { orders: [] }).orders).toEqual(
      [],
    );

    // 4. The approver accepts it with a typed signature; the quote's new PDF carries the acceptance.
    const accepted = await t.post(`/api/quotes/${quote.reference}/accept`, acceptance, {
      cookie: approver.cookie,
      remoteAddress: client(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json() as { quote: QuoteResource }).quote.acceptance).toMatchObject({
      name: 'Maurice Wilkins',
      jobTitle: 'Head of Department',
      signatureKind: 'typed',
    });
    const quotePdf = await t.get(`/api/quotes/${quote.reference}/pdf`, { cookie: manager.cookie });
    expect(quotePdf.statusCode).toBe(200);
    const quoteText = flat(pdfText(quotePdf.rawPayload));
    expect(quoteText).toContain('Accepted by Maurice Wilkins, Head of Department');

    // 5. The manager downloads the supplier pack: the company's legal name, VAT number and bank details, as the profile holds them.
    const pack = await t.get('/api/supplier-pack/pdf', { cookie: manager.cookie });
    expect(pack.statusCode).toBe(200);
    expect(pack.headers['content-type']).toContain('application/pdf');
    const packText = flat(pdfText(pack.rawPayload));
    const { bank } = profile;
    expect(packText).toContain(`Legal name: ${profile.legalName}`);
    expect(packText).toContain(`VAT number: ${profile.vatNumber}`);
    expect(packText).toContain(`Sort code: ${bank.GBP?.sortCode}`);
    expect(packText).toContain(`Account number: ${bank.GBP?.accountNumber}`);
    // The IBAN is printed in groups of four: compared without the spaces.
    expect(packText.replace(/\s/g, '')).toContain(`IBAN:${bank.EUR?.iban.replace(/\s/g, '')}`);
    expect(packText).toContain(`BIC: ${bank.EUR?.bic}`);

    // 6. The manager orders from the accepted quote with the PO number, and attaches the PO's PDF.
    const placed = await t.post('/api/orders', orderBody(), { cookie: manager.cookie });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = (placed.json() as { order: OrderResource }).order;
    expect(order.poNumber).toBe(poNumber);
    const poPdf = certificatePdf(`PURCHASE ORDER ${poNumber}`, 'Lancaster University terms and conditions');
    const attached = await t.put(
      `/api/orders/${order.id}/po`,
      { poNumber, filename: `${poNumber}.pdf`, dataBase64: poPdf.toString('base64') },
      { cookie: manager.cookie },
    );
    expect(attached.statusCode, attached.body).toBe(200);
    const ownCopy = await t.get(`/api/orders/${order.id}/po`, { cookie: manager.cookie });
    expect(ownCopy.statusCode).toBe(200);
    expect(ownCopy.rawPayload.equals(poPdf)).toBe(true);
    // Edge: a colleague of another organisation gets 404 for the PO file (and for the order).
    expect((await t.get(`/api/orders/${order.id}/po`, { cookie: rival.cookie })).statusCode).toBe(404);
    expect((await t.get(`/api/orders/${order.id}`, { cookie: rival.cookie })).statusCode).toBe(404);

    // 7. Staff issue the deposit invoice; accounts payable receives it by e-mail.
    await admin.stepUp();
    const issued = await t.post(
      `/api/admin/orders/${order.id}/invoices`,
      { kind: 'deposit' },
      { cookie: admin.cookie },
    );
    expect(issued.statusCode, issued.body).toBe(201);
    const invoice = (issued.json() as { invoice: Invoice }).invoice;
    const invoiceMails = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'invoice_deposit'));
    expect(invoiceMails.map((mail) => mail.toAddress).sort()).toEqual([manager.user.email, payables.user.email].sort());
    const payablesMail = invoiceMails.find((mail) => mail.toAddress === payables.user.email);
    expect(payablesMail?.subject).toContain(order.orderNumber);
    expect(payablesMail?.attachments?.map((attachment) => attachment.filename)).toEqual([`${invoice.number}.pdf`]);

    // Accounts payable opens the invoice from the order's documents, as a member of the organisation.
    const orderPage = (await t.get(`/api/orders/${order.id}`, { cookie: payables.cookie })).json() as {
      order: OrderResource;
    };
    const document = orderPage.order.documents.find((candidate) => candidate.number === invoice.number);
    if (!document) throw new Error(`invoice ${invoice.number} not among the order's documents`);
    const invoicePdf = await t.get(document.url, { cookie: payables.cookie });
    expect(invoicePdf.statusCode).toBe(200);
    const invoiceText = pdfText(invoicePdf.rawPayload);
    expect(invoiceText).toContain(`Your PO number: ${poNumber}`);
    expect(invoiceText).toContain(`Quote number: ${quote.quoteNumber}`);
    // Every order line, each net + VAT = gross and as the order priced it.
    for (const item of order.items) expect(invoiceText).toContain(item.itemName.slice(0, 30));
    for (const item of order.items.filter((line) => line.totalPrice !== 0)) {
      const [, net, vat, gross] = amountsOn(invoiceText, item.itemName.slice(0, 30));
      expect([net, vat], item.itemName).toEqual([item.totalPrice, item.vatAmount]);
      expect((net ?? 0) + (vat ?? 0), item.itemName).toBe(gross);
    }
    // The advance payment agreed in the quote, and the totals: net + VAT = gross, to the penny.
    const [advanceNet, advanceVat, advanceGross] = amountsOn(
      invoiceText,
      `Advance payment agreed in quote ${quote.quoteNumber}: 50%`,
    );
    expect(advanceGross).toBe(invoice.amount);
    expect(advanceVat).toBe(invoice.vatAmount);
    expect((advanceNet ?? 0) + (advanceVat ?? 0)).toBe(advanceGross);
    expect(advanceGross).toBe(totals.deposit);
    const netTotal = invoiceText.split('\n').find((line) => /^\s*Net\s+-?[£€]/.test(line)) ?? '';
    expect(minor(netTotal.match(MONEY)?.[0] ?? '')).toBe(advanceNet);
    expect(amountsOn(invoiceText, 'Amount due')[0]).toBe(invoice.amount);
    expect(flat(invoiceText)).toContain(longName);
  });
});

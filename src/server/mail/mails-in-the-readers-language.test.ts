import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { englishIn } from '../../../tests/support/english-phrases';
import { enterMonthlyRates } from '../../../tests/support/exchange-rates';
import { createUser } from '../../../tests/support/factories';
import { passingFactoryTests } from '../../../tests/support/factory-tests';
import { invitationToken } from '../../../tests/support/organisations';
import { linkFromOutbox, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import type { QuoteResource } from '../../shared/quotes/quote-schemas';
import { runPaymentReminders } from '../billing/payment-reminders';
import { mailOutbox, users } from '../db/schema';
import { withPrivacyNotice } from './mail-sender';

const PRIVACY_URL = 'http://localhost:3000/privacy-policy';

type Row = typeof mailOutbox.$inferSelect;

/** An e-mail as it leaves the shop: the outbox row with the sender's privacy line, in the row's language. */
const delivered = (row: Row) => {
  const body = withPrivacyNotice(row.textBody, row.htmlBody, PRIVACY_URL, row.language);
  return { subject: row.subject, text: body.text, html: body.html ?? '' };
};

/** Every e-mail queued to an address, oldest first. */
const outboxOf = async (t: ReturnType<typeof useTestApp>, to: string) =>
  t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)).orderBy(asc(mailOutbox.createdAt));

/**
 * What a reader of the language finds in every e-mail: no phrase of the English e-mail catalogue in its
 * subject, text or html, the privacy line in the language, and the formal greeting.
 */
function expectWhollyIn(language: 'de' | 'fr', rows: Row[], greeting: string | null) {
  const greetingStart = language === 'de' ? /^(Guten Tag|Sehr geehrte)/ : /^(Bonjour|Chère|Madame|Monsieur)/;
  const greeted: string[] = [];
  for (const row of rows) {
    const mail = delivered(row);
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    expect(englishIn(all, language), row.kind).toEqual([]);
    expect(all, row.kind).not.toContain('How we use your data');
    expect(row.language, row.kind).toBe(language);
    if (!mail.text.includes(PRIVACY_URL)) throw new Error(`${row.kind}: no privacy line`);
    const salutation = mail.text.split('\n').find((line) => greetingStart.test(line));
    if (salutation && greeting !== null) {
      // Formal, with the family name: never the first name alone beside "Sie" or "vous".
      expect(salutation, row.kind).toBe(greeting);
      greeted.push(row.kind);
    }
  }
  return greeted;
}

const buyers = [
  {
    language: 'de' as const,
    country: 'DE',
    city: 'Heidelberg',
    postalCode: '69120',
    firstName: 'Thomas',
    lastName: 'Becker',
    // No title given (decision 0082): the formal greeting with the full name, as greetingLine makes it.
    greeting: 'Guten Tag Thomas Becker,',
    privacy: `Wie wir Ihre Daten verwenden: ${PRIVACY_URL}`,
  },
  {
    language: 'fr' as const,
    country: 'FR',
    city: 'Lyon',
    postalCode: '69007',
    firstName: 'Claire',
    lastName: 'Martin',
    greeting: 'Bonjour Claire Martin,',
    privacy: `Comment nous utilisons vos données\u202f: ${PRIVACY_URL}`,
  },
];

describe('a German or French buyer’s every e-mail, from quote to reminder, is wholly in the language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-11-03T09:00:00.000Z') });
  // A euro invoice charging UK VAT is issued only with its month's HMRC rate (issue 51).
  beforeAll(() => enterMonthlyRates(t.db));

  it.each(buyers)(
    '$language: quote, approver, order received, confirmed, deposit invoice, payment received, balance invoice, reminder, shipped, delivered: no English catalogue phrase in subject, text or html, the privacy line in the language, the formal greeting',
    async (buyer) => {
      t.clock.now = new Date('2026-11-03T09:00:00.000Z');
      const email = `${buyer.language}-lifecycle@example.com`;
      const made = await t.post('/api/quotes', {
        configuration: {
          ...defaultSelection,
          powerAdaptor: 'eu-power',
          customerCountry: buyer.country,
          batch: 'batch-2',
        },
        customerInfo: {
          email,
          firstName: buyer.firstName,
          lastName: buyer.lastName,
          organization: 'Institut für Strömungslehre',
        },
        language: buyer.language,
      });
      expect(made.statusCode, made.body).toBe(201);
      const { quote } = made.json() as { quote: QuoteResource };
      const approver = `approver-${buyer.language}-lifecycle@example.com`;
      expect((await t.post(`/api/quotes/${quote.reference}/send-to-approver`, { email: approver })).statusCode).toBe(
        202,
      );

      const placed = await t.post('/api/orders', {
        quoteReference: quote.reference,
        billing: {
          firstName: buyer.firstName,
          lastName: buyer.lastName,
          company: 'Institut für Strömungslehre',
          email,
          address: '1 Hauptstraße',
          city: buyer.city,
          postalCode: buyer.postalCode,
          country: buyer.country,
        },
        acceptTerms: true,
        idempotencyKey: randomUUID(),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = (placed.json() as { order: { id: string; language: string; totalAmount: number } }).order;
      expect(order.language).toBe(buyer.language);
      const url = `/api/admin/orders/${order.id}`;

      const admin = await createAdminSession(t);
      expect((await t.patch(url, { status: 'confirmed' }, { cookie: admin.cookie })).statusCode).toBe(200);
      await admin.stepUp();
      const deposit = await t.post(`${url}/invoices`, { kind: 'deposit' }, { cookie: admin.cookie });
      expect(deposit.statusCode, deposit.body).toBe(201);
      const depositAmount = (deposit.json() as { invoice: { amount: number } }).invoice.amount;
      const paid = await t.post(
        `${url}/payments`,
        { transactionType: 'deposit', amount: depositAmount, paymentMethod: 'bank_transfer' },
        { cookie: admin.cookie },
      );
      expect(paid.statusCode, paid.body).toBe(201);
      const balance = await t.post(`${url}/invoices`, { kind: 'balance' }, { cookie: admin.cookie });
      expect(balance.statusCode, balance.body).toBe(201);
      const balanceInvoice = (balance.json() as { invoice: { amount: number; dueDate: string } }).invoice;

      // A week past the balance's due date, the reminder job writes to the buyer.
      t.clock.now = new Date(new Date(`${balanceInvoice.dueDate}T11:00:00.000Z`).getTime() + 7 * 86_400_000);
      const reminded = await t.db.transaction((tx) => runPaymentReminders(tx, t.clock.now, 'http://localhost:3000'));
      expect(reminded.reminders).toBe(1);

      const admin2 = await createAdminSession(t);
      await admin2.stepUp();
      const settled = await t.post(
        `${url}/payments`,
        { transactionType: 'balance', amount: balanceInvoice.amount, paymentMethod: 'bank_transfer' },
        { cookie: admin2.cookie },
      );
      expect(settled.statusCode, settled.body).toBe(201);
      const shipped = await t.patch(
        url,
        {
          status: 'shipped',
          trackingNumber: 'JD0123',
          carrier: 'dhl',
          serialNumbers: [`DW-${buyer.language.toUpperCase()}-0001`],
          factoryTests: passingFactoryTests(1),
        },
        { cookie: admin2.cookie },
      );
      expect(shipped.statusCode, shipped.body).toBe(200);
      expect((await t.patch(url, { status: 'delivered' }, { cookie: admin2.cookie })).statusCode).toBe(200);

      const rows = await outboxOf(t, email);
      const kinds = rows.map((row) => row.kind);
      expect(kinds).toEqual(
        expect.arrayContaining([
          'quote_created',
          'order_received',
          'order_confirmed',
          'invoice_deposit',
          'payment_received',
          'invoice_balance',
          'payment_reminder',
          'order_shipped',
          'order_delivered',
        ]),
      );
      const greeted = expectWhollyIn(buyer.language, rows, buyer.greeting);
      // The buyer's own e-mails greet them (the invoices' and notices' too).
      expect(greeted).toEqual(
        expect.arrayContaining(['quote_created', 'order_received', 'order_confirmed', 'payment_reminder']),
      );
      // The privacy line as the buyer reads it, in the text and in the html alike.
      for (const row of rows) {
        const mail = delivered(row);
        expect(mail.text).toContain(buyer.privacy);
        if (row.htmlBody) expect(mail.html).toContain(buyer.privacy.replace(PRIVACY_URL, `<a href="${PRIVACY_URL}">`));
      }
      // The approver's e-mail (someone the buyer names) reads the quote's language too.
      const [toApprover] = await outboxOf(t, approver);
      expect(toApprover?.kind).toBe('quote_approver');
      expectWhollyIn(buyer.language, toApprover ? [toApprover] : [], null);
      // Someone the shop knows only by address: the general salutation, never a guessed name.
      expect(toApprover?.textBody.split('\n')[0]).toBe(buyer.language === 'de' ? 'Guten Tag,' : 'Bonjour,');
    },
  );

  it('the check finds English: an English order’s e-mails keep their English wording and privacy line', async () => {
    t.clock.now = new Date('2026-11-03T09:00:00.000Z');
    const email = 'en-lifecycle@example.com';
    const placed = await t.post('/api/orders', {
      configuration: defaultSelection,
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        company: 'Lab',
        email,
        address: '1 Strand',
        city: 'London',
        postalCode: 'WC2R 0RL',
        country: 'GB',
      },
      acceptTerms: true,
      idempotencyKey: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const [received] = await outboxOf(t, email);
    expect(received?.language).toBe('en');
    const mail = delivered(received as Row);
    expect(mail.text).toContain('Dear Ada,');
    expect(mail.text).toContain(`How we use your data: ${PRIVACY_URL}`);
    expect(englishIn(`${mail.subject}\n${mail.text}`, 'de').length).toBeGreaterThan(3);
    expect(() => expectWhollyIn('de', [received as Row], 'Guten Tag Ada Lovelace,')).toThrow();
  });
});

describe('a sign-up and an invitation in the reader’s language (issue 53)', () => {
  const t = useTestApp({ now: new Date('2026-12-05T09:30:00.000Z') });

  it('a sign-up from a German page: the confirmation e-mail in German (link intact), its privacy line German; the account keeps German', async () => {
    const email = 'neu@labor-heidelberg.test';
    const signedUp = await t.post('/api/auth/signup', {
      email,
      password: 'secret-pw-1',
      firstName: 'Thomas',
      lastName: 'Becker',
      language: 'de',
    });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    const rows = await outboxOf(t, email);
    expect(rows.map((row) => row.kind)).toEqual(['signup_confirmation']);
    const mail = delivered(rows[0] as Row);
    expect(mail.subject).toBe('Bestätigen Sie Ihr Dropwise-Konto');
    expect(mail.text).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\?token=\S+$/m);
    expect(mail.text).toContain(`Wie wir Ihre Daten verwenden: ${PRIVACY_URL}`);
    expectWhollyIn('de', rows, 'Guten Tag Thomas Becker,');
    const [account] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(account?.language).toBe('de');
  });

  it('an organisation invitation to a French reader is French: an invitee known by their French account, and a new one invited by a French owner; the account made from the French page keeps French', async () => {
    const owner = await createUser(t.db, {
      email: 'direction@labo-lyon.test',
      firstName: 'Claire',
      lastName: 'Martin',
    });
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, owner.user.id));
    const ownerCookie = await signIn(t, owner.user.email, undefined, false, '10.53.0.1');
    expect(
      (await t.post('/api/account/organisation', { name: 'Laboratoire de Lyon' }, { cookie: ownerCookie })).statusCode,
    ).toBe(201);

    // Someone new: the owner's French.
    const invited = await t.post(
      '/api/account/organisation/invitations',
      { email: 'collegue@labo-lyon.test', role: 'approver' },
      { cookie: ownerCookie },
    );
    expect(invited.statusCode, invited.body).toBe(201);
    const rows = await outboxOf(t, 'collegue@labo-lyon.test');
    expect(rows.map((row) => row.kind)).toEqual(['organisation_invitation']);
    const mail = delivered(rows[0] as Row);
    expect(mail.subject).toContain('direction@labo-lyon.test');
    expect(mail.text).toContain(`Comment nous utilisons vos données\u202f: ${PRIVACY_URL}`);
    expectWhollyIn('fr', rows, null);

    // Accepted from the French page: the new account reads French.
    const token = invitationToken(await linkFromOutbox(t, 'collegue@labo-lyon.test', 'organisation_invitation'));
    const accepted = await t.post(
      '/api/organisation-invitations/accept',
      { token, password: 'secret-pw-1', language: 'fr' },
      { remoteAddress: '10.53.0.2' },
    );
    expect(accepted.statusCode, accepted.body).toBe(201);
    const [colleague] = await t.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, 'collegue@labo-lyon.test'));
    expect(colleague?.language).toBe('fr');

    // An English owner inviting someone whose own account reads French: the invitee's French, not the owner's English.
    const englishOwner = await createUser(t.db, { email: 'head@lab.example' });
    const englishCookie = await signIn(t, englishOwner.user.email, undefined, false, '10.53.0.3');
    expect(
      (await t.post('/api/account/organisation', { name: 'Babbage Lab' }, { cookie: englishCookie })).statusCode,
    ).toBe(201);
    const frenchReader = await createUser(t.db, { email: 'chercheuse@labo.test' });
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, frenchReader.user.id));
    const toFrench = await t.post(
      '/api/account/organisation/invitations',
      { email: frenchReader.user.email, role: 'buyer' },
      { cookie: englishCookie },
    );
    expect(toFrench.statusCode, toFrench.body).toBe(201);
    const french = await outboxOf(t, frenchReader.user.email);
    expect(french.map((row) => row.kind)).toEqual(['organisation_invitation']);
    expect(french[0]?.subject).toBe('head@lab.example vous invite à rejoindre son organisation sur Dropwise');
    expectWhollyIn('fr', french, null);

    // And an English reader invited by the French owner reads English, as before (unchanged wording).
    const englishReader = await createUser(t.db, { email: 'reader@lab.example' });
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, englishReader.user.id));
    await t.post(
      '/api/account/organisation/invitations',
      { email: englishReader.user.email, role: 'buyer' },
      { cookie: ownerCookie },
    );
    const [english] = await outboxOf(t, englishReader.user.email);
    expect(english?.language).toBe('en');
    expect(delivered(english as Row).text).toContain(`How we use your data: ${PRIVACY_URL}`);
  });
});

// @engine: hand-written statement SQL
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { createOrder, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sessions';
import { insertInvoiceRow } from '../../../tests/support/receivables';
import { useTestApp } from '../../../tests/support/test-app';
import { and, eq } from 'drizzle-orm';
import { englishIn, oneSpaced } from '../../../tests/support/english-phrases';
import { mailOutbox, orders, paymentTransactions, refunds } from '../db/schema';

const start = new Date('2026-05-20T09:00:00.000Z');

const pdfText = (pdf: Buffer, layout = true) => {
  const file = join(mkdtempSync(join(tmpdir(), 'statement-pdf-')), 'statement.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
};
const squashed = (text: string) => text.replace(/\s+/g, ' ');

/** 120 characters exactly. */
const longCompany =
  'The Cambridge and Oxford Joint Institute for Sterile, Controlled-Rate, Drop-wise Addition of Cell Culture Media (UK) Ltd';

describe('the customer statement PDF', () => {
  const t = useTestApp({ now: start });
  const run = randomBytes(3).toString('hex');
  let sequence = 0;
  type Order = Awaited<ReturnType<typeof createOrder>>;

  const invoice = async (
    order: Order,
    kind: 'deposit' | 'balance' | 'credit',
    amount: number,
    issuedOn: string,
    extra: { credits?: string; reason?: string } = {},
  ) => {
    sequence += 1;
    return insertInvoiceRow(t.db, order, {
      kind,
      number: `INV2026-${run}${String(sequence).padStart(3, '0')}`,
      amount,
      issuedAt: new Date(`${issuedOn}T10:00:00.000Z`),
      dueDate: issuedOn,
      creditsInvoiceId: extra.credits,
      reason: extra.reason,
    });
  };
  const pay = async (order: Order, amount: number, receivedOn: string, reference: string, invoiceId?: string) => {
    const [row] = await t.db
      .insert(paymentTransactions)
      .values({
        orderId: order.id,
        transactionType: 'deposit',
        amount,
        currency: order.currency,
        status: 'completed',
        paymentMethod: 'bank_transfer',
        reference,
        processedAt: new Date(`${receivedOn}T12:00:00.000Z`),
        invoiceId: invoiceId ?? null,
      })
      .returning();
    if (!row) throw new Error('payment insert returned nothing');
    return row;
  };

  async function fixtures() {
    expect(longCompany).toHaveLength(120);
    const ada = await createUser(t.db, { firstName: 'Ada', lastName: 'Lovelace', company: longCompany });
    const bob = await createUser(t.db, { firstName: 'Bob', lastName: 'Other', company: 'Other Labs' });

    // EUR: a €1,725 deposit invoice paid in two instalments, €1,000 then €725.
    const eur = await createOrder(t.db, {
      userId: ada.user.id,
      currency: 'EUR',
      totalAmount: 345000,
      depositAmount: 172500,
    });
    const eurDeposit = await invoice(eur, 'deposit', 172500, '2026-03-02');
    await pay(eur, 100000, '2026-03-10', 'ADAEUR1', eurDeposit.id);
    await pay(eur, 72500, '2026-04-01', 'ADAEUR2', eurDeposit.id);

    // GBP: £2,200 received against a £2,154 deposit invoice: £46 credit held.
    const gbp = await createOrder(t.db, {
      userId: ada.user.id,
      currency: 'GBP',
      totalAmount: 430800,
      depositAmount: 215400,
    });
    const gbpDeposit = await invoice(gbp, 'deposit', 215400, '2026-03-05');
    await pay(gbp, 220000, '2026-03-12', 'ADAGBP1', gbpDeposit.id);

    // GBP, cancelled: a £1,000 deposit paid, credited but for the £50 fee, £950 refunded.
    const cancelled = await createOrder(t.db, {
      userId: ada.user.id,
      currency: 'GBP',
      totalAmount: 200000,
      status: 'cancelled',
    });
    const cancelledDeposit = await invoice(cancelled, 'deposit', 100000, '2026-04-02');
    const paid = await pay(cancelled, 100000, '2026-04-03', 'ADAGBP2', cancelledDeposit.id);
    const creditNote = await invoice(cancelled, 'credit', -95000, '2026-04-20', {
      credits: cancelledDeposit.id,
      reason: 'Cancelled; 5% cancellation fee kept',
    });
    await t.db.insert(refunds).values({
      orderId: cancelled.id,
      paymentId: paid.id,
      amount: 95000,
      currency: 'GBP',
      refundedOn: '2026-04-22',
      method: 'bank_transfer',
      reference: 'REFUND77',
    });

    // Another customer's order, which must never appear on Ada's statement.
    const bobOrder = await createOrder(t.db, { userId: bob.user.id, currency: 'GBP', totalAmount: 999900 });
    const bobInvoice = await invoice(bobOrder, 'deposit', 499950, '2026-03-03');
    await pay(bobOrder, 12345, '2026-03-04', 'BOBSECRET');

    return {
      ada,
      bob,
      eur,
      gbp,
      cancelled,
      eurDeposit,
      gbpDeposit,
      cancelledDeposit,
      creditNote,
      bobOrder,
      bobInvoice,
    };
  }

  it('lists the invoices, receipts, refunds and credit notes in date order with a running balance per currency, the ledger’s closing balance, and the customer’s long company name in full', async () => {
    const f = await fixtures();
    const admin = await createAdminSession(t);
    const response = await t.get(`/api/admin/customers/${f.ada.user.id}/statement.pdf`, { cookie: admin.cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Statement-2026-05-20.pdf"');
    const text = pdfText(response.rawPayload);
    const lines = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    const dated = /^\d{1,2} [A-Z][a-z]+ \d{4} /;
    /** The first line of the table row that names `needle` (a long detail wraps onto lines of its own). */
    const lineWith = (needle: string) => {
      const at = lines.findIndex((line) => line.includes(needle));
      for (let index = at; index >= 0 && index > at - 3; index -= 1)
        if (dated.test(lines[index] ?? '')) return lines[index];
      return undefined;
    };

    expect(text).toContain('STATEMENT OF ACCOUNT');
    expect(text).toContain('Statement date: 20 May 2026');
    // The business profile's letterhead and registration line.
    expect(text).toContain('Dropwise');
    // The long company name wraps (no line holds it all) and is there in full.
    expect(lines.some((line) => line.includes(longCompany))).toBe(false);
    expect(squashed(pdfText(response.rawPayload, false))).toContain(longCompany);
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain(f.ada.user.email);

    // EUR: the deposit invoice, then the two instalments, to the penny.
    expect(text).toContain('Account in EUR');
    expect(lineWith(f.eurDeposit.number)).toMatch(/2 March 2026 .*€1,725\.00 €1,725\.00$/);
    expect(lineWith('ADAEUR1')).toMatch(/10 March 2026 .*€1,000\.00 €725\.00$/);
    expect(lineWith('ADAEUR2')).toMatch(/1 April 2026 .*€725\.00 €0\.00$/);

    // GBP: in date order across its two orders; the overpayment leaves £46 in credit, the cancelled order nets to 0.
    expect(text).toContain('Account in GBP');
    const gbpOrder = [
      f.gbpDeposit.number,
      'ADAGBP1',
      f.cancelledDeposit.number,
      'ADAGBP2',
      f.creditNote.number,
      'REFUND77',
    ].map((needle) => lines.findIndex((line) => line.includes(needle)));
    expect(gbpOrder.every((index) => index >= 0)).toBe(true);
    expect([...gbpOrder].sort((a, b) => a - b)).toEqual(gbpOrder);
    expect(lineWith(f.gbpDeposit.number)).toMatch(/£2,154\.00 £2,154\.00$/);
    expect(lineWith('ADAGBP1')).toMatch(/£2,200\.00 £46\.00 CR$/);
    expect(lineWith(f.cancelledDeposit.number)).toMatch(/£1,000\.00 £954\.00$/);
    expect(lineWith('ADAGBP2')).toMatch(/£1,000\.00 £46\.00 CR$/);
    expect(lineWith(f.creditNote.number)).toMatch(/Credit note .*£950\.00 £996\.00 CR$/);
    const creditAt = lines.findIndex((line) => line.includes(f.creditNote.number));
    // The description column may wrap the credited number after its hyphen, beside the other columns.
    const described = lines.slice(creditAt, creditAt + 2).join(' ');
    const [series, serial] = f.cancelledDeposit.number.split('-');
    expect(described).toContain(`${series}-`);
    expect(described).toContain(serial);
    expect(lineWith('REFUND77')).toMatch(/22 April 2026 .*£950\.00 £46\.00 CR$/);

    // The closing balances, in the ledger's words.
    const closing = squashed(text);
    expect(closing).toContain('Closing balance £46.00 CR');
    expect(closing).toContain('Closing balance €0.00');
    expect(closing).toContain('GBP: owed on invoices issued £0.00.');
    expect(closing).toContain('GBP: credit held £46.00, deducted from your next invoice.');
    expect(closing).toContain('EUR: owed on invoices issued €0.00.');
    expect(closing).toContain('EUR: still to be invoiced on your orders €1,725.00.');
    expect(closing).toContain('GBP: still to be invoiced on your orders £2,108.00.');

    // Nobody else's orders.
    expect(text).not.toContain(f.bobInvoice.number);
    expect(text).not.toContain('BOBSECRET');
    expect(text).not.toContain(f.bobOrder.orderNumber);

    // A guest's statement by their key: their orders under their e-mail, not an erased order kept under legal hold.
    const guestInfo = { customerInfo: { firstName: 'Gina', lastName: 'Guest', email: 'gina.guest@example.com' } };
    const guestOrder = await createOrder(t.db, { currency: 'EUR', totalAmount: 100000, configuration: guestInfo });
    const guestInvoice = await invoice(guestOrder, 'deposit', 50000, '2026-05-01');
    const heldOrder = await createOrder(t.db, {
      currency: 'EUR',
      totalAmount: 100000,
      configuration: guestInfo,
      legalHoldUntil: '2033-04-05',
    });
    const heldInvoice = await invoice(heldOrder, 'deposit', 50000, '2026-05-02');
    const guestKey = `guest:${createHash('md5').update('gina.guest@example.com').digest('hex')}`;
    const guest = await t.get(`/api/admin/customers/${guestKey}/statement.pdf`, { cookie: admin.cookie });
    expect(guest.statusCode, guest.body).toBe(200);
    const guestText = pdfText(guest.rawPayload);
    expect(guestText).toContain('Gina Guest');
    expect(guestText).toContain(guestInvoice.number);
    expect(squashed(guestText)).toContain('EUR: owed on invoices issued €500.00.');
    expect(guestText).not.toContain(heldInvoice.number);
    expect(guestText).not.toContain(f.eurDeposit.number);

    // An unknown customer is 404; a malformed key 400.
    const unknown = await t.get(`/api/admin/customers/${crypto.randomUUID()}/statement.pdf`, { cookie: admin.cookie });
    expect(unknown.statusCode).toBe(404);
    expect((await t.get('/api/admin/customers/nobody/statement.pdf', { cookie: admin.cookie })).statusCode).toBe(400);
  });

  it('gives the signed-in customer their own statement from My Account, never another customer’s, and refuses a signed-out request', async () => {
    const f = await fixtures();
    const signedOut = await t.get('/api/account/statement.pdf');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['cache-control']).toBe('private, no-store');

    const adaCookie = await signIn(t, f.ada.user.email);
    const own = await t.get('/api/account/statement.pdf', { cookie: adaCookie });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    const adaText = pdfText(own.rawPayload);
    expect(adaText).toContain(f.eurDeposit.number);
    expect(adaText).toContain(f.gbpDeposit.number);
    expect(adaText).toContain('£46.00 CR');
    expect(adaText).not.toContain(f.bobInvoice.number);
    expect(adaText).not.toContain('BOBSECRET');
    expect(adaText).not.toContain('Bob Other');

    const bobCookie = await signIn(t, f.bob.user.email);
    const bobText = pdfText((await t.get('/api/account/statement.pdf', { cookie: bobCookie })).rawPayload);
    expect(bobText).toContain(f.bobInvoice.number);
    expect(bobText).toContain('BOBSECRET');
    expect(bobText).toContain('£4,999.50');
    expect(bobText).toContain('£123.45');
    expect(squashed(bobText)).toContain('GBP: owed on invoices issued £4,876.05.');
    expect(bobText).not.toContain(f.eurDeposit.number);
    expect(bobText).not.toContain(f.ada.user.email);
    expect(bobText).not.toContain('ADAGBP');
  });

  it('is in the language of the customer’s most recent order: German orders give a German statement (dates, money, no English phrase); an English customer’s stays English', async () => {
    const f = await fixtures();
    await t.db.update(orders).set({ language: 'de' }).where(eq(orders.userId, f.ada.user.id));
    const adaCookie = await signIn(t, f.ada.user.email);
    const own = await t.get('/api/account/statement.pdf', { cookie: adaCookie });
    expect(own.statusCode, own.body).toBe(200);
    // Issue 53: the download named in German too.
    expect(own.headers['content-disposition']).toBe('attachment; filename="Kontoauszug-2026-05-20.pdf"');
    const text = oneSpaced(pdfText(own.rawPayload));
    for (const said of [
      'KONTOAUSZUG',
      'Auszug für',
      'Konto in EUR',
      'Konto in GBP',
      `Anzahlungsrechnung ${f.eurDeposit.number}`,
      'Soll Haben Saldo',
      'Zahlung erhalten',
      `Gutschrift ${f.creditNote.number} zu`,
      'An Sie erstattet',
      'Schlusssaldo',
      '46,00 £ CR',
      'GBP: Guthaben 46,00 £, wird von Ihrer nächsten Rechnung abgezogen.',
      'Zu diesem Auszug',
    ])
      expect(text).toContain(said);
    // Staff text as written.
    expect(text).toContain('(Cancelled; 5% cancellation');
    expect(englishIn(text, 'de')).toEqual([]);

    // The admin's download of the same customer is German too; Bob, whose orders are English, reads English.
    const admin = await createAdminSession(t);
    const staffDownload = await t.get(`/api/admin/customers/${f.ada.user.id}/statement.pdf`, { cookie: admin.cookie });
    const staff = oneSpaced(pdfText(staffDownload.rawPayload));
    expect(staff).toContain('KONTOAUSZUG');
    expect(staffDownload.headers['content-disposition']).toBe('attachment; filename="Kontoauszug-2026-05-20.pdf"');
    const bobCookie = await signIn(t, f.bob.user.email);
    const bobDownload = await t.get('/api/account/statement.pdf', { cookie: bobCookie });
    const bobText = pdfText(bobDownload.rawPayload);
    expect(bobText).toContain('STATEMENT OF ACCOUNT');
    expect(bobDownload.headers['content-disposition']).toBe('attachment; filename="Statement-2026-05-20.pdf"');
    expect(bobText).not.toContain('KONTOAUSZUG');
  });

  const statementMailTo = async (email: string) => {
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'customer_statement'), eq(mailOutbox.toAddress, email)));
    return mail;
  };

  it('the e-mailed statement follows the customer’s most recent order: German subject, date and body with no English phrase; French; an English customer’s and one with no order stay English', async () => {
    const f = await fixtures();
    const admin = await createAdminSession(t);
    const send = async (userId: string) => {
      const sent = await t.post(`/api/admin/customers/${userId}/statement/send`, {}, { cookie: admin.cookie });
      expect(sent.statusCode, sent.body).toBe(200);
    };
    await t.db.update(orders).set({ language: 'de' }).where(eq(orders.userId, f.ada.user.id));
    await send(f.ada.user.id);
    const german = await statementMailTo(f.ada.user.email);
    expect(german?.subject).toBe('Ihr Kontoauszug vom 20. Mai 2026');
    expect(german?.textBody.split('\n').slice(0, 3)).toEqual([
      'Guten Tag Ada Lovelace,',
      '',
      'Anbei erhalten Sie Ihren Kontoauszug: die Rechnungen, Gutschriften, Zahlungseingänge und Erstattungen Ihrer Bestellungen sowie den offenen Betrag.',
    ]);
    expect(german?.textBody).toContain('Ihre Bestellungen: http://localhost:3000/my-account');
    expect(englishIn(`${german?.subject}\n${german?.textBody}`, 'de')).toEqual([]);
    expect(german?.attachments?.map((attachment) => attachment.filename)).toEqual(['Kontoauszug-2026-05-20.pdf']);

    // Bob's order French: the e-mail French.
    await t.db.update(orders).set({ language: 'fr' }).where(eq(orders.id, f.bobOrder.id));
    await send(f.bob.user.id);
    const french = await statementMailTo(f.bob.user.email);
    expect(french?.subject).toBe('Votre relevé de compte du 20 mai 2026');
    expect(french?.textBody.split('\n')[0]).toBe('Bonjour Bob Other,');
    expect(englishIn(`${french?.subject}\n${french?.textBody}`, 'fr')).toEqual([]);
    // Edge case: the French name keeps its accent in the attachment.
    expect(french?.attachments?.map((attachment) => attachment.filename)).toEqual(['Relevé-de-compte-2026-05-20.pdf']);

    // An English customer's, and a customer with no order at all: English as before.
    const english = await createUser(t.db, { firstName: 'Edith' });
    await createOrder(t.db, { userId: english.user.id, currency: 'GBP', totalAmount: 100000 });
    const none = await createUser(t.db, { firstName: null });
    await send(english.user.id);
    await send(none.user.id);
    const englishMail = await statementMailTo(english.user.email);
    expect(englishMail?.subject).toBe('Your statement of account, 20 May 2026');
    expect(englishMail?.textBody.split('\n')[0]).toBe('Dear Edith,');
    expect(englishMail?.textBody).toContain('Please find attached your statement of account');
    expect(englishMail?.attachments?.map((attachment) => attachment.filename)).toEqual(['Statement-2026-05-20.pdf']);
    const noOrder = await statementMailTo(none.user.email);
    expect(noOrder?.subject).toBe('Your statement of account, 20 May 2026');
    expect(noOrder?.textBody.split('\n')[0]).toBe('Hello,');
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { englishIn } from '../../../tests/support/english-phrases';
import { createUser } from '../../../tests/support/factories';
import { guestOrder, invoiceAndPayment, yearsBefore } from '../../../tests/support/privacy-records';
import { createInstrument } from '../../../tests/support/service-fixtures';
import { mailOf, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { erasureTerms } from '../../shared/privacy/privacy-contracts';
import { recipientLanguage } from '../accounts/recipient-language';
import { orders } from '../db/schema';
import { erasureMail } from './close-account';

const start = new Date('2026-11-26T12:00:00Z');

/**
 * Issue 40 (decision 0064): the e-mails at an account's closure, which belong to no one order, are in
 * the language of the person's most recent order (English when none).
 */
describe("the account closure's e-mails in the most recent order's language", () => {
  const t = useTestApp({ now: start });

  /** An account with a paid order in `language` at `at` (kept under legal hold at closure). */
  async function paidOrder(email: string, userId: string, language: 'en' | 'de' | 'fr', at: Date) {
    const order = await guestOrder(t.db, email, at, { userId });
    await t.db.update(orders).set({ language }).where(eq(orders.id, order.id));
    await invoiceAndPayment(t.db, order, at);
    return order;
  }

  it('a German most recent order (an older French one does not decide): the closure e-mail and the open service request links are German, with no English catalogue phrase, the links intact', async () => {
    const { user } = await createUser(t.db, { email: 'labor.heidelberg@example.com' });
    await paidOrder(user.email, user.id, 'fr', yearsBefore(start, 1));
    const german = await paidOrder(user.email, user.id, 'de', start);
    const instrument = await createInstrument(t.db, { orderId: german.id });
    const cookie = await signIn(t, user.email);
    const opened = await t.post(
      '/api/service-requests',
      { serial: instrument.serialNumber, description: 'Das Gehäuse ist gesprungen.' },
      { cookie },
    );
    expect(opened.statusCode, opened.body).toBe(201);
    const { requestNumber } = (opened.json() as { request: { requestNumber: string } }).request;

    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode, closed.body).toBe(200);

    const farewell = await mailOf(t, user.email, 'account_closed');
    expect(farewell?.subject).toBe('Ihre Daten bei Dropwise wurden gelöscht');
    expect(farewell?.textBody.split('\n')[0]).toBe('Wie von Ihnen gewünscht, haben wir gelöscht:');
    expect(farewell?.textBody).toContain('Wie gesetzlich vorgeschrieben, bewahren wir auf:');
    expect(farewell?.textBody).toContain('Sie werden gesperrt aufbewahrt');
    expect(englishIn(`${farewell?.subject}\n${farewell?.textBody}`, 'de')).toEqual([]);

    const access = await mailOf(t, user.email, 'service_closure_access');
    expect(access?.subject).toBe('Ihre offenen Serviceanfragen nach der Schließung Ihres Kontos');
    expect(access?.textBody).toMatch(
      new RegExp(
        `^- ${requestNumber} \\(Seriennummer ${instrument.serialNumber}\\): http://localhost:3000/service-requests/${requestNumber}\\?key=[A-Za-z0-9_-]+$`,
        'm',
      ),
    );
    expect(access?.textBody).toContain('Bewahren Sie diese E-Mail auf');
    expect(englishIn(`${access?.subject}\n${access?.textBody}`, 'de')).toEqual([]);
  });

  it('an English customer’s closure e-mail stays English, word for word the erasure terms the privacy page shows', async () => {
    const { user } = await createUser(t.db, { email: 'london.lab@example.com' });
    await paidOrder(user.email, user.id, 'en', start);
    const cookie = await signIn(t, user.email);
    const closed = await t.post('/api/account/close', { password: 'correct-horse-1', confirm: true }, { cookie });
    expect(closed.statusCode, closed.body).toBe(200);
    const farewell = await mailOf(t, user.email, 'account_closed');
    expect(farewell?.subject).toBe('Your Dropwise data has been deleted');
    const lines = farewell?.textBody.split('\n') ?? [];
    expect(lines[0]).toBe('As you asked, we have deleted:');
    for (const said of [...erasureTerms.deleted, ...erasureTerms.kept]) expect(lines).toContain(`- ${said}`);
  });

  it('by address (a staff-handled erasure): a guest’s most recent French order makes the e-mail French; an address with no order gets English', async () => {
    const email = 'labo.lyon@example.com';
    const order = await guestOrder(t.db, email, start);
    await t.db.update(orders).set({ language: 'fr' }).where(eq(orders.id, order.id));
    expect(await recipientLanguage(t.db, { email: email.toUpperCase() })).toBe('fr');
    expect(await recipientLanguage(t.db, { email: 'nobody@example.com' })).toBe('en');
    const summary = {
      accountsDeleted: 0,
      ordersHeld: 0,
      ordersDeleted: 1,
      quotesDeleted: 0,
      incompleteDeleted: 0,
      waitlistDeleted: 0,
      mailDeleted: 0,
    };
    const french = erasureMail(email, 'http://localhost:3000', summary, 'fr');
    expect(french.subject).toBe('Vos données Dropwise ont été supprimées');
    expect(french.text).toContain('Nous ne détenons aucune commande avec facture ou paiement à votre nom');
    expect(french.text).toContain('Notre politique de confidentialité\u202f: http://localhost:3000/privacy-policy');
    expect(englishIn(`${french.subject}\n${french.text}`, 'fr')).toEqual([]);
  });
});

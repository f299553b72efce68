import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { englishIn } from '../../../tests/support/english-phrases';
import { createOrder, createUser } from '../../../tests/support/factories';
import { mailOf, signIn } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { defaultSelection } from '../../shared/pricing/pricing-fixture';
import { users } from '../db/schema';
import { recipientLanguage } from './recipient-language';

const at = new Date('2026-12-12T10:00:00.000Z');
const accountLanguage = async (db: Parameters<typeof recipientLanguage>[0], email: string) =>
  (await db.select({ language: users.language }).from(users).where(eq(users.email, email)))[0]?.language;

/** Issue 53 (decision 0082): a language per person, one answer for every e-mail and document. */
describe('recipientLanguage: a language per person', () => {
  const t = useTestApp({ now: at });

  it('an order or quote reads the language held on it; one stored without, or with a language not ours, reads English', () => {
    expect(recipientLanguage({ language: 'fr' })).toBe('fr');
    expect(recipientLanguage({ language: null })).toBe('en');
    expect(recipientLanguage({ language: 'es' })).toBe('en');
  });

  it('a sign-up on a French page: the confirmation is French and the account keeps French', async () => {
    const email = 'claire.martin@labo.test';
    const signedUp = await t.post('/api/auth/signup', { email, password: 'secret-pw-1', language: 'fr' });
    expect(signedUp.statusCode, signedUp.body).toBe(201);
    expect(await accountLanguage(t.db, email)).toBe('fr');
    const mail = await mailOf(t, email, 'signup_confirmation');
    expect(mail?.subject).toBe('Confirmez votre compte Dropwise');
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'fr')).toEqual([]);
  });

  it('the account’s chosen language wins over its most recent order’s: a German account whose last order was English gets a German password reset', async () => {
    const { user } = await createUser(t.db, { email: 'becker@labor.test' });
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    await createOrder(t.db, { userId: user.id, language: 'en' });
    expect(await recipientLanguage(t.db, { userId: user.id })).toBe('de');
    expect(await recipientLanguage(t.db, { email: 'Becker@Labor.test ' })).toBe('de');
    expect((await t.post('/api/auth/recover', { email: user.email })).statusCode).toBe(200);
    expect((await mailOf(t, user.email, 'password_reset'))?.subject).toBe('Setzen Sie Ihr Dropwise-Passwort zurück');
  });

  it('an account that never chose reads its most recent order’s language; an address with no account its guest orders’; none, English', async () => {
    const { user } = await createUser(t.db, { email: 'never-chose@labo.test' });
    await createOrder(t.db, { userId: user.id, language: 'fr' });
    expect(await recipientLanguage(t.db, { userId: user.id })).toBe('fr');
    await createOrder(t.db, { language: 'de', configuration: { customerInfo: { email: 'guest@labor.test' } } });
    expect(await recipientLanguage(t.db, { email: 'guest@labor.test' })).toBe('de');
    expect(await recipientLanguage(t.db, { email: 'nobody@example.com' })).toBe('en');
  });

  it('a staff account reads English, even with a German order and a German choice stored on it', async () => {
    const { user } = await createUser(t.db, { email: 'staff@dropwise.test', isAdmin: true });
    await t.db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    await createOrder(t.db, { userId: user.id, language: 'de' });
    expect(await recipientLanguage(t.db, { userId: user.id })).toBe('en');
    expect(await recipientLanguage(t.db, { email: user.email })).toBe('en');
  });

  it('a signed-in buyer who picks French for a quote makes French the account’s language; a quote without a pick then follows the account', async () => {
    const { user } = await createUser(t.db, { email: 'lyon@labo.test' });
    const cookie = await signIn(t, user.email);
    const customerInfo = { email: user.email, firstName: 'Claire', lastName: 'Martin', organization: 'Labo' };
    const configuration = { ...defaultSelection, powerAdaptor: 'eu-power', customerCountry: 'GB' };
    const picked = await t.post('/api/quotes', { configuration, customerInfo, language: 'fr' }, { cookie });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(await accountLanguage(t.db, user.email)).toBe('fr');
    const unpicked = await t.post('/api/quotes', { configuration, customerInfo }, { cookie });
    expect((unpicked.json() as { quote: { language: string } }).quote.language).toBe('fr');
  });
});

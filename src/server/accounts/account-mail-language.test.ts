import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { englishIn } from '../../../tests/support/english-phrases';
import { createOrder, createUser } from '../../../tests/support/factories';
import { mailOf } from '../../../tests/support/sessions';
import { useTestApp } from '../../../tests/support/test-app';
import { mailOutbox } from '../db/schema';
import {
  queueFactorLockedMail,
  queuePasswordChangedMail,
  queueRecoveryCodeUsedMail,
  queueTwoFactorRemovedMail,
} from './mfa-security-mail';

const at = new Date('2026-12-12T10:00:00.000Z');

/**
 * Issue 40 (decision 0064): an account's own e-mails (sign-up, password reset, security notices)
 * belong to no order, so they are in the language of the person's most recent order, English when none.
 */
describe("an account's e-mails in its most recent order's language", () => {
  const t = useTestApp({ now: at });

  it('a sign-up with the address of a German guest order gets a German confirmation (link intact, no English catalogue phrase); a new address gets English', async () => {
    const email = 'labor@uni-heidelberg.test';
    await createOrder(t.db, { language: 'de', configuration: { customerInfo: { email } } });
    for (const address of [email, 'new.buyer@example.com'])
      expect((await t.post('/api/auth/signup', { email: address, password: 'secret-pw-1' })).statusCode).toBe(201);
    const german = await mailOf(t, email, 'signup_confirmation');
    expect(german?.subject).toBe('Bestätigen Sie Ihr Dropwise-Konto');
    expect(german?.textBody).toMatch(/^Willkommen bei Dropwise\.\n\nBitte bestätigen Sie Ihre E-Mail-Adresse/);
    expect(german?.textBody).toMatch(/^http:\/\/localhost:3000\/api\/auth\/confirm\?token=\S+$/m);
    expect(englishIn(`${german?.subject}\n${german?.textBody}`, 'de')).toEqual([]);
    const english = await mailOf(t, 'new.buyer@example.com', 'signup_confirmation');
    expect(english?.subject).toBe('Confirm your Dropwise account');
    expect(english?.textBody).toContain('If you did not create an account, you can ignore this message.');
  });

  it('a French account’s password reset is French, with its link', async () => {
    const { user } = await createUser(t.db, { email: 'labo@univ-lyon.test' });
    await createOrder(t.db, { userId: user.id, language: 'fr' });
    expect((await t.post('/api/auth/recover', { email: user.email })).statusCode).toBe(200);
    const mail = await mailOf(t, user.email, 'password_reset');
    expect(mail?.subject).toBe('Réinitialisez votre mot de passe Dropwise');
    expect(mail?.textBody).toMatch(/^http:\/\/localhost:3000\/login\?type=recovery&token=\S+$/m);
    expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'fr')).toEqual([]);
  });

  it('security notices: German with the German UK-time date, French singular and plural recovery codes, no English catalogue phrase; a staff account with no order reads English as before', async () => {
    const { user: german } = await createUser(t.db, { email: 'sicherheit@labor.test' });
    await createOrder(t.db, { userId: german.id, language: 'de' });
    await queuePasswordChangedMail(t.db, german.id, at);
    await queueFactorLockedMail(t.db, german.id, at, new Date('2026-12-12T10:15:00.000Z'));
    await queueTwoFactorRemovedMail(t.db, german.id, at, 0, 'webauthn');
    const changed = await mailOf(t, german.email, 'security_password_changed');
    expect(changed?.subject).toBe('Ihr Dropwise-Passwort wurde geändert');
    // December: UK time is UTC.
    expect(changed?.textBody.split('\n')[0]).toBe(
      'Am 12. Dezember 2026 um 10:00 (britische Zeit) wurde das Passwort Ihres Dropwise-Kontos geändert.',
    );
    const locked = await mailOf(t, german.email, 'mfa_locked');
    expect(locked?.textBody).toContain('daher ist die Code-Eingabe bis 12. Dezember 2026 um 10:15 gesperrt.');
    const off = await mailOf(t, german.email, 'security_mfa_disabled');
    expect(off?.textBody).toContain('wurde der letzte zweite Faktor Ihres Dropwise-Kontos entfernt');
    for (const mail of [changed, locked, off])
      expect(englishIn(`${mail?.subject}\n${mail?.textBody}`, 'de')).toEqual([]);

    const { user: french } = await createUser(t.db, { email: 'securite@labo.test' });
    await createOrder(t.db, { userId: french.id, language: 'fr' });
    await queueRecoveryCodeUsedMail(t.db, french.id, at, 1);
    await queueRecoveryCodeUsedMail(t.db, french.id, at, 7);
    const used = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, french.email), eq(mailOutbox.kind, 'mfa_recovery_code_used')));
    const bodies = used.map((mail) => mail.textBody).join('\n');
    expect(bodies).toContain('Le 12 décembre 2026 à 10:00 (heure du Royaume-Uni), un code de récupération');
    expect(bodies).toContain('Il vous reste 1 code de récupération inutilisé\u202f;');
    expect(bodies).toContain('Il vous reste 7 codes de récupération inutilisés\u202f;');
    expect(englishIn(bodies, 'fr')).toEqual([]);

    const { user: staff } = await createUser(t.db, { email: 'staff@shop.test', isAdmin: true });
    await queuePasswordChangedMail(t.db, staff.id, at);
    const english = await mailOf(t, staff.email, 'security_password_changed');
    expect(english?.subject).toBe('Your Dropwise password was changed');
    expect(english?.textBody).toBe(
      'On 12 December 2026 at 10:00 (UK time) the password of your Dropwise account was changed.\n\n' +
        'If this was not you, reset your password now from the sign-in page (Forgot password) and contact us.\n',
    );
  });
});

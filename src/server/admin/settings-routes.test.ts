import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAdminSession } from '../../../tests/support/admin-sessions';
import { totpCode } from '../../../tests/support/sessions';
import { SoftAuthenticator } from '../../../tests/support/soft-authenticator';
import { cookiesFrom, useTestApp } from '../../../tests/support/test-app';
import { paymentReminderMessages } from '../../shared/orders/payment-reminders';
import type { SystemSettings } from '../../shared/settings';
import { mailOutbox } from '../db/schema';
import { getSettings, updateSettings } from '../settings/settings-service';

// On a TOTP step boundary plus 10 s, so ±1 step is unambiguous.
const start = new Date('2026-03-02T09:00:10.000Z');

/** Issue 48, F1: one change of each setting that now needs the bank accounts' step-up. */
const changes: Partial<SystemSettings>[] = [
  { paymentReminderDueSubject: 'Our bank has changed: pay {amountDue} for {invoiceNumber}' },
  { paymentReminderDueBody: 'Dear {firstName},\n\nOur bank has changed. Reply for the new details.' },
  { paymentReminderOverdueSubject: 'Final notice: {invoiceNumber}, {amountDue}' },
  { paymentReminderOverdueBody: 'Dear {firstName},\n\nPay {amountDue} to our new account today.' },
  { autoQuoteExpiry: 3650 },
  { defaultProductWarranty: 1 },
  { singleSupplierReasons: ['No one else may be asked.'] },
  // Issue 53: the same reasons in German and French.
  { singleSupplierReasonsDe: ['Niemand sonst darf gefragt werden.'] },
  { singleSupplierReasonsFr: ['Personne d’autre ne peut être consulté.'] },
  { conformityUkcaLegislation: ['The Made Up Regulations 2026'] },
  { conformityCeLegislation: ['Directive 0000/00/EU'] },
  { conformityStandards: ['EN 00000:2026'] },
];

describe('PUT /api/admin/settings: the settings held to the bank accounts’ step-up (issue 48, F1)', () => {
  const t = useTestApp({ now: start });
  const later = (seconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + seconds * 1000);
  };
  const origin = () => new URL(t.env.publicUrl).origin;

  const save = async (cookie: string, change: Partial<SystemSettings>) => {
    const current = (await t.get('/api/admin/settings', { cookie })).json().settings as SystemSettings;
    return t.put('/api/admin/settings', { ...current, ...change }, { cookie });
  };
  const notices = () => t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'payment_reminder_text_changed'));

  /** An Owner with an authenticator app and a passkey; `cookie` is the session the passkey's registration raised. */
  async function ownerWithPasskey() {
    later(60);
    const owner = await createAdminSession(t);
    later(30);
    const authenticator = new SoftAuthenticator();
    const options = await t.post(
      '/api/auth/passkeys/registration-options',
      { code: totpCode(owner.secret, t.clock.now) },
      { cookie: owner.cookie },
    );
    expect(options.statusCode, options.body).toBe(200);
    const { challengeId, options: creation } = options.json();
    const registered = await t.post(
      '/api/auth/passkeys/registration',
      { challengeId, credential: authenticator.register(creation, { origin: origin() }) },
      { cookie: owner.cookie },
    );
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = cookiesFrom(registered);
    const passkeyStepUp = async () => {
      const assertion = await t.post('/api/auth/passkeys/authentication-options', {}, { cookie });
      const { challengeId: id, options: request } = assertion.json();
      const stepped = await t.post(
        '/api/admin/step-up/passkey',
        { challengeId: id, credential: authenticator.assert(request, { origin: origin() }) },
        { cookie },
      );
      expect(stepped.statusCode, stepped.body).toBe(200);
    };
    return { ...owner, cookie, passkeyStepUp };
  }

  it('F1: a session without a fresh code cannot change a reminder text, the quote validity, the warranty, the single-supplier reasons or the conformity lines', async () => {
    const owner = await createAdminSession(t);
    const before = await getSettings(t.db);
    for (const change of changes) {
      const refused = await save(owner.cookie, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(403);
      expect(refused.json().error.code).toBe('step_up_required');
    }
    expect(await getSettings(t.db)).toEqual(before);
    expect(await notices()).toEqual([]);
    // The rest of the form still saves without a code.
    expect((await save(owner.cookie, { siteName: 'Dropwise Labs' })).statusCode).toBe(200);
  });

  it('F1: after a fresh code each saves, and a reminder text change e-mails every admin the old and the new text', async () => {
    const owner = await createAdminSession(t);
    later(60);
    const other = await createAdminSession(t, t.db, ['finance']);
    const before = await getSettings(t.db);
    await owner.stepUp();
    for (const change of changes) {
      const saved = await save(owner.cookie, change);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().settings).toMatchObject(change);
    }
    const sent = await notices();
    // One notice per admin for each of the four reminder saves; none for the other settings.
    const toOther = sent.filter((mail) => mail.toAddress === other.user.email);
    expect(toOther).toHaveLength(4);
    expect(sent.filter((mail) => mail.toAddress === owner.user.email)).toHaveLength(4);
    const overdueBody = toOther.find((mail) => mail.textBody.includes('Reminder text (overdue)'));
    expect(overdueBody?.subject).toBe('Security notice: the payment reminder texts were changed');
    expect(overdueBody?.textBody).toContain(`were changed by ${owner.user.email} on`);
    expect(overdueBody?.textBody).toContain(`Before:\n${before.paymentReminderOverdueBody}\n\nAfter:\n`);
    expect(overdueBody?.textBody).toContain('Pay {amountDue} to our new account today.');
    // Put back what later tests read.
    await updateSettings(t.db, before);
  });

  it('F1: while passkeys are required for payments, only a passkey step-up changes them', async () => {
    const owner = await ownerWithPasskey();
    await updateSettings(t.db, { requirePasskeyForPayments: true });
    try {
      await owner.stepUp(owner.cookie);
      for (const change of [changes[1], { autoQuoteExpiry: 30 }, { conformityStandards: ['EN 1:2026'] }]) {
        const refused = await save(owner.cookie, change ?? {});
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error.code).toBe('passkey_step_up_required');
      }
      expect((await getSettings(t.db)).autoQuoteExpiry).not.toBe(30);
      expect((await notices()).filter((mail) => mail.toAddress === owner.user.email)).toEqual([]);
      // A setting held only to a code still takes the code's step-up.
      expect((await save(owner.cookie, { repairQuoteApprovalThreshold: 2500 })).statusCode).toBe(200);

      await owner.passkeyStepUp();
      const saved = await save(owner.cookie, { autoQuoteExpiry: 30 });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await getSettings(t.db)).autoQuoteExpiry).toBe(30);
    } finally {
      await updateSettings(t.db, {
        requirePasskeyForPayments: false,
        autoQuoteExpiry: 7,
        repairQuoteApprovalThreshold: 2000,
      });
    }
  });

  it('F1: a reminder text with a sort code, an account number or an IBAN is refused beside its field, saying why', async () => {
    const owner = await createAdminSession(t);
    await owner.stepUp();
    const before = await getSettings(t.db);
    const texts: [keyof SystemSettings, string][] = [
      ['paymentReminderOverdueBody', 'Our bank has changed: pay {amountDue} to sort code 99-88-77, account 12345678.'],
      ['paymentReminderOverdueBody', 'Our bank has changed: pay {amountDue} to sort code 998877.'],
      ['paymentReminderDueBody', 'Pay {amountDue} for {invoiceNumber} into account 87654321 today.'],
      ['paymentReminderDueSubject', 'Pay {invoiceNumber} to GB29 NWBK 6016 1331 9268 19'],
      ['paymentReminderOverdueSubject', 'Pay {invoiceNumber} to de89370400440532013000'],
    ];
    for (const [key, text] of texts) {
      const refused = await save(owner.cookie, { [key]: text });
      expect(refused.statusCode, text).toBe(400);
      expect(refused.json().error.fields[key]).toBe(paymentReminderMessages.bankDetails);
    }
    expect(paymentReminderMessages.bankDetails).toBe(
      'Reminder texts cannot contain bank details: a sort code, an account number or an IBAN. The bank details are printed on the invoice from the business profile.',
    );
    expect(await getSettings(t.db)).toEqual(before);
    expect(
      await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'payment_reminder_text_changed'), eq(mailOutbox.toAddress, owner.user.email))),
    ).toEqual([]);
    // A telephone number is not an account number.
    const phone = await save(owner.cookie, {
      paymentReminderOverdueBody:
        'Dear {firstName}, {amountDue} is overdue. Questions about your account: 020 7946 0000.',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    await updateSettings(t.db, before);
  });
});

import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, staffRoles, users } from '../db/schema';
import { enqueueMail, enqueueMails } from '../mail/outbox';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from './recipient-language';

async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/**
 * The account's address and its e-mail's language (issue 40): the account's most recent order's,
 * English when it has none (a staff account's, say); null when the account is gone.
 */
async function accountMail(db: Db, userId: string) {
  const to = await emailOf(db, userId);
  if (!to) return null;
  const tr = translator(await recipientLanguage(db, { userId }));
  return { to, tr, at: (date: Date) => tr.ukTime(date) };
}

/** A security notice's text: what happened, then what to do if it was not the owner. */
const noticeText = (...paragraphs: string[]) => `${paragraphs.join('\n\n')}\n`;

/** Tells the account owner that their authenticator was locked after too many wrong codes (someone may know the password). */
export async function queueFactorLockedMail(db: Db, userId: string, at: Date, lockedUntil: Date) {
  const mail = await accountMail(db, userId);
  if (!mail) return;
  const { to, tr } = mail;
  await enqueueMail(db, {
    kind: 'mfa_locked',
    language: tr.language,
    to,
    subject: tr.t('mail.security.locked.subject'),
    text: noticeText(
      tr.t('mail.security.locked.body', { time: mail.at(at), until: mail.at(lockedUntil) }),
      tr.t('mail.security.locked.notYou'),
    ),
  });
}

/** Tells the account owner that a recovery code was used to sign in, and how many are left. */
export async function queueRecoveryCodeUsedMail(db: Db, userId: string, at: Date, remaining: number) {
  const mail = await accountMail(db, userId);
  if (!mail) return;
  const { to, tr } = mail;
  await enqueueMail(db, {
    kind: 'mfa_recovery_code_used',
    language: tr.language,
    to,
    subject: tr.t('mail.security.recoveryUsed.subject'),
    text: noticeText(
      tr.t(`mail.security.recoveryUsed.body.${remaining === 1 ? 'one' : 'other'}`, {
        time: mail.at(at),
        count: String(remaining),
      }),
      tr.t('mail.security.recoveryUsed.notYou'),
    ),
  });
}

/** Tells the account owner that a new set of recovery codes replaced the old one. */
export async function queueRecoveryCodesRegeneratedMail(db: Db, userId: string, at: Date) {
  const mail = await accountMail(db, userId);
  if (!mail) return;
  const { to, tr } = mail;
  await enqueueMail(db, {
    kind: 'mfa_recovery_codes_regenerated',
    language: tr.language,
    to,
    subject: tr.t('mail.security.regenerated.subject'),
    text: noticeText(
      tr.t('mail.security.regenerated.body', { time: mail.at(at) }),
      tr.t('mail.security.regenerated.notYou'),
    ),
  });
}

/** A notice of a change to the account's sign-in: its subject and body by id, then the shared "not you" advice. */
async function queueSignInChangeMail(
  db: Db,
  userId: string,
  notice: { kind: string; subject: string; body: string; at: Date },
) {
  const mail = await accountMail(db, userId);
  if (!mail) return;
  const { to, tr } = mail;
  await enqueueMail(db, {
    kind: notice.kind,
    language: tr.language,
    to,
    subject: tr.t(notice.subject),
    text: noticeText(tr.t(notice.body, { time: mail.at(notice.at) }), tr.t('mail.security.notYou')),
  });
}

/** Tells the account owner that their password was changed (from My Account or a reset link). Holds no password or link. */
export async function queuePasswordChangedMail(db: Db, userId: string, at: Date) {
  await queueSignInChangeMail(db, userId, {
    kind: 'security_password_changed',
    subject: 'mail.security.passwordChanged.subject',
    body: 'mail.security.passwordChanged.body',
    at,
  });
}

/** Tells the account owner that an authenticator was set up: two-factor sign-in is on. Holds no secret or code. */
export async function queueTwoFactorEnabledMail(db: Db, userId: string, at: Date) {
  await queueSignInChangeMail(db, userId, {
    kind: 'security_mfa_enabled',
    subject: 'mail.security.mfaEnabled.subject',
    body: 'mail.security.mfaEnabled.body',
    at,
  });
}

/** Tells the account owner that a passkey was added as a second factor. Holds no key. */
export async function queuePasskeyAddedMail(db: Db, userId: string, at: Date) {
  await queueSignInChangeMail(db, userId, {
    kind: 'security_passkey_added',
    subject: 'mail.security.passkeyAdded.subject',
    body: 'mail.security.passkeyAdded.body',
    at,
  });
}

/**
 * Tells every other Owner that a staff member added a passkey while passkeys are required for
 * payments (docs/decisions/0033): a passkey then approves payments, so a stranger's must not go
 * unnoticed. `how` is what let it be added. Holds no key.
 */
export async function queueStaffPasskeyAddedMails(
  db: Db,
  input: { userId: string; at: Date; how: 'passkey' | 'approval' | 'code' | 'first' },
) {
  const to = await emailOf(db, input.userId);
  if (!to) return;
  const owners = await db
    .select({ email: users.email })
    .from(staffRoles)
    .innerJoin(users, eq(users.id, staffRoles.userId))
    .innerJoin(profiles, eq(profiles.id, staffRoles.userId))
    .where(and(eq(staffRoles.role, 'owner'), eq(profiles.isAdmin, true), ne(staffRoles.userId, input.userId)));
  const how = {
    passkey: 'proven with one of their existing passkeys',
    approval: "with an Owner's approval",
    code: 'proven with their authenticator code',
    first: 'as the first second factor of the account',
  }[input.how];
  await enqueueMails(
    db,
    owners.map((owner) => ({
      kind: 'security_staff_passkey_added',
      language: 'en',
      to: owner.email,
      subject: 'Security notice: a passkey was added to a staff account',
      text:
        `On ${translator('en').ukTime(input.at)} (UK time) a passkey was added to the Dropwise staff account ${to}, ${how}. ` +
        'Passkeys are required for payments: a passkey confirms the payments, refunds and invoices that the roles of its account allow.\n\n' +
        'If you did not expect it, reset their two-factor in the admin (Users) now and check the audit log.\n',
    })),
  );
}

/**
 * Tells a user that an admin removed every second factor of theirs (a lost phone) and signed out
 * their sessions, so a reset they did not ask for does not go unnoticed.
 */
export async function queueFactorsResetMail(db: Db, userId: string, at: Date) {
  await queueSignInChangeMail(db, userId, {
    kind: 'security_mfa_reset',
    subject: 'mail.security.reset.subject',
    body: 'mail.security.reset.body',
    at,
  });
}

/** Tells the account owner that an authenticator was removed, and whether two-factor sign-in is now off. */
export async function queueTwoFactorRemovedMail(
  db: Db,
  userId: string,
  at: Date,
  factorsLeft: number,
  removed: 'totp' | 'webauthn' = 'totp',
) {
  const off = factorsLeft === 0;
  await queueSignInChangeMail(db, userId, {
    kind: off ? 'security_mfa_disabled' : 'security_mfa_factor_removed',
    subject: off ? 'mail.security.off.subject' : 'mail.security.removed.subject',
    body: `mail.security.${off ? 'off' : 'removed'}.body.${removed}`,
    at,
  });
}

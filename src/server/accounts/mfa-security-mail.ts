import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, staffRoles, users } from '../db/schema';
import { enqueueMail, enqueueMails } from '../mail/outbox';

const ukTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' }).format(date);

async function emailOf(db: Db, userId: string): Promise<string | null> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}

/** Tells the account owner that their authenticator was locked after too many wrong codes (someone may know the password). */
export async function queueFactorLockedMail(db: Db, userId: string, at: Date, lockedUntil: Date) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'mfa_locked',
    to,
    subject: 'Your Dropwise sign-in was locked after failed codes',
    text:
      `On ${ukTime(at)} (UK time) five verification codes in a row were wrong when signing in to your Dropwise account, ` +
      `so code entry is locked until ${ukTime(lockedUntil)}.\n\n` +
      'The password had already been entered correctly. If this was not you, change your password now from My Account, Settings.\n',
  });
}

/** Tells the account owner that a recovery code was used to sign in, and how many are left. */
export async function queueRecoveryCodeUsedMail(db: Db, userId: string, at: Date, remaining: number) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'mfa_recovery_code_used',
    to,
    subject: 'A recovery code was used to sign in to Dropwise',
    text:
      `On ${ukTime(at)} (UK time) a recovery code was used instead of an authenticator code to sign in to your Dropwise account. ` +
      `You have ${remaining} unused recovery ${remaining === 1 ? 'code' : 'codes'} left; you can create a new set in My Account, Settings.\n\n` +
      'If this was not you, change your password and create new recovery codes now.\n',
  });
}

/** Tells the account owner that a new set of recovery codes replaced the old one. */
export async function queueRecoveryCodesRegeneratedMail(db: Db, userId: string, at: Date) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'mfa_recovery_codes_regenerated',
    to,
    subject: 'New Dropwise recovery codes were created',
    text: `On ${ukTime(at)} (UK time) a new set of recovery codes was created for your Dropwise account; the previous codes no longer work.\n\nIf this was not you, change your password now.\n`,
  });
}

const notYou = 'If this was not you, reset your password now from the sign-in page (Forgot password) and contact us.\n';

/** Tells the account owner that their password was changed (from My Account or a reset link). Holds no password or link. */
export async function queuePasswordChangedMail(db: Db, userId: string, at: Date) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'security_password_changed',
    to,
    subject: 'Your Dropwise password was changed',
    text: `On ${ukTime(at)} (UK time) the password of your Dropwise account was changed.\n\n${notYou}`,
  });
}

/** Tells the account owner that an authenticator was set up: two-factor sign-in is on. Holds no secret or code. */
export async function queueTwoFactorEnabledMail(db: Db, userId: string, at: Date) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'security_mfa_enabled',
    to,
    subject: 'Two-factor sign-in was turned on for your Dropwise account',
    text: `On ${ukTime(at)} (UK time) an authenticator app was set up for your Dropwise account, so two-factor sign-in is on.\n\n${notYou}`,
  });
}

/** Tells the account owner that a passkey was added as a second factor. Holds no key. */
export async function queuePasskeyAddedMail(db: Db, userId: string, at: Date) {
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'security_passkey_added',
    to,
    subject: 'A passkey was added to your Dropwise account',
    text: `On ${ukTime(at)} (UK time) a passkey was added to your Dropwise account as a second factor for signing in.\n\n${notYou}`,
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
      to: owner.email,
      subject: 'Security notice: a passkey was added to a staff account',
      text:
        `On ${ukTime(input.at)} (UK time) a passkey was added to the Dropwise staff account ${to}, ${how}. ` +
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
  const to = await emailOf(db, userId);
  if (!to) return;
  await enqueueMail(db, {
    kind: 'security_mfa_reset',
    to,
    subject: 'Two-factor sign-in was reset for your Dropwise account',
    text:
      `On ${ukTime(at)} (UK time) a Dropwise administrator removed the authenticator apps and passkeys of your Dropwise account, ` +
      'so two-factor sign-in is off and every session of the account was signed out. Set it up again in My Account, Settings.\n\n' +
      notYou,
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
  const to = await emailOf(db, userId);
  if (!to) return;
  const off = factorsLeft === 0;
  await enqueueMail(db, {
    kind: off ? 'security_mfa_disabled' : 'security_mfa_factor_removed',
    to,
    subject: off
      ? 'Two-factor sign-in was turned off for your Dropwise account'
      : 'An authenticator was removed from your Dropwise account',
    text: off
      ? `On ${ukTime(at)} (UK time) the last ${removed === 'webauthn' ? 'second factor' : 'authenticator app'} of your Dropwise account was removed, so two-factor sign-in is off.\n\n${notYou}`
      : `On ${ukTime(at)} (UK time) ${removed === 'webauthn' ? 'a passkey' : 'an authenticator app'} was removed from your Dropwise account. Two-factor sign-in stays on with your other ${removed === 'webauthn' ? 'second factor' : 'authenticator'}.\n\n${notYou}`,
  });
}

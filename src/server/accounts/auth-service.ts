import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Title } from '../../shared/accounts/title';
import type { Db } from '../db/client';
import { authTokens, profiles, sessions, users } from '../db/schema';
import { badRequest, conflict, forbidden } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { getSettings } from '../settings/settings-service';
import { authMessages, authRefusals } from '../../shared/accounts/auth-messages';
import { normaliseEmail } from '../../shared/accounts/email';
import { hashPassword, verifyPassword } from './password';
import { hashToken, randomToken } from './tokens';
import { queuePasswordChangedMail } from './mfa-security-mail';
import { joinGuestOrders } from './join-guest-orders';
import { translator } from '../../shared/i18n/translator';
import { recipientLanguage } from './recipient-language';
import type { Language } from '../../shared/i18n/languages';

export const CONFIRMATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

interface Context {
  db: Db;
  now: Date;
  publicUrl: string;
}

/** A hash to verify against when the e-mail is unknown, so the answer takes as long as for a real account. */
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword('decoy-password-never-matches'));

type TokenKind = 'email_confirmation' | 'password_reset';

async function issueToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  now: Date,
  ttl: number,
  passwordHash: string | null = null,
) {
  const token = randomToken();
  await db
    .insert(authTokens)
    .values({ userId, kind, tokenHash: hashToken(token), passwordHash, expiresAt: new Date(now.getTime() + ttl) });
  return token;
}

/** Uses a token once: marks it used only if it is of the kind, unused and unexpired; returns its user and its password. */
async function consumeToken(
  db: Db,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<{ userId: string; passwordHash: string | null } | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId, passwordHash: authTokens.passwordHash });
  return row ?? null;
}

/** Voids a user's other unused links of a kind (a used confirmation link voids its siblings). */
async function voidTokens(db: Db, userId: string, kind: TokenKind, now: Date): Promise<void> {
  await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
}

/** A link's e-mail: why it comes, what the link does, the link, and what to do if it was not asked for. */
const linkMailText = (why: string, what: string, link: string, ifNot: string) =>
  `${why}\n\n${what}\n\n${link}\n\n${ifNot}\n`;

/** Queues a confirmation link that carries the password of the sign-up that asked for it. */
async function queueConfirmation(ctx: Context, db: Db, userId: string, email: string, passwordHash: string) {
  const token = await issueToken(db, userId, 'email_confirmation', ctx.now, CONFIRMATION_TTL_MS, passwordHash);
  const link = `${ctx.publicUrl}/api/auth/confirm?token=${token}`;
  // Issue 40: in the language of the address's most recent order (a guest's, before the account), else English.
  const tr = translator(await recipientLanguage(db, { email }));
  await enqueueMail(db, {
    kind: 'signup_confirmation',
    language: tr.language,
    to: email,
    subject: tr.t('mail.auth.confirm.subject'),
    text: linkMailText(
      tr.t('mail.auth.confirm.welcome'),
      tr.t('mail.auth.confirm.open'),
      link,
      tr.t('mail.auth.confirm.ignore'),
    ),
  });
}

/**
 * Sign-up. A new address gets an account and a confirmation e-mail; an address that is registered
 * but unconfirmed gets a fresh confirmation e-mail and the same answer, and its credentials do not
 * change until that e-mail's own link is used; a confirmed address is refused as already
 * registered (docs/decisions/0004-sign-up-already-registered.md).
 */
export async function signUp(
  ctx: Context,
  input: {
    email: string;
    password: string;
    title?: Title | null | undefined;
    firstName?: string | undefined;
    lastName?: string | undefined;
    language?: Language | undefined;
  },
): Promise<void> {
  const settings = await getSettings(ctx.db);
  if (!settings.allowRegistration) throw forbidden(authRefusals.registrationDisabled, { code: 'signup_disabled' });
  const email = normaliseEmail(input.email);
  // Hash first whatever happens, so every branch costs the same.
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email));
    if (existing?.emailConfirmedAt) throw conflict(authRefusals.alreadyRegistered, { code: 'already_registered' });
    if (existing) {
      if (input.language) await tx.update(users).set({ language: input.language }).where(eq(users.id, existing.id));
      await queueConfirmation(ctx, tx, existing.id, email, passwordHash);
      return;
    }
    const metadata = {
      ...(input.firstName ? { firstName: input.firstName } : {}),
      ...(input.lastName ? { lastName: input.lastName } : {}),
    };
    const [user] = await tx
      .insert(users)
      .values({ email, passwordHash, userMetadata: metadata, language: input.language ?? null })
      .returning({ id: users.id });
    if (!user) throw new Error('Creating the user failed');
    await tx.insert(profiles).values({
      id: user.id,
      email,
      title: input.title ?? null,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
    });
    await queueConfirmation(ctx, tx, user.id, email, passwordHash);
  });
}

/**
 * Resends the confirmation link of a pending sign-up. Only an unconfirmed account gets one, and only
 * when its live links all come from one sign-up: the new link carries that sign-up's password, so a
 * resend never chooses or changes a password (docs/decisions/0004). When several sign-ups are pending
 * for the address (someone else may have signed up with it), a resend cannot know which is the
 * owner's and sends nothing: signing up again sends a link with one's own password. The caller
 * answers the same whatever happened.
 */
export async function resendConfirmation(ctx: Context, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, confirmed: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.email, email));
    if (!user || user.confirmed) return;
    const pending = await tx
      .selectDistinct({ passwordHash: authTokens.passwordHash })
      .from(authTokens)
      .where(
        and(
          eq(authTokens.userId, user.id),
          eq(authTokens.kind, 'email_confirmation'),
          isNull(authTokens.usedAt),
          gt(authTokens.expiresAt, ctx.now),
        ),
      );
    const [only] = pending;
    if (pending.length !== 1 || !only?.passwordHash) return;
    await queueConfirmation(ctx, tx, user.id, email, only.passwordHash);
  });
}

/**
 * Confirms the address of a link: the account takes the password chosen in the sign-up that sent
 * this link, and every other link of that account is void. A link of an account confirmed since
 * (by another link or a reset) is void too. Guest orders placed with the address join the account
 * now (joinGuestOrders); `joinedOrders` says how many.
 */
export async function confirmEmail(ctx: Context, token: string): Promise<{ confirmed: boolean; joinedOrders: number }> {
  const { now } = ctx;
  return ctx.db.transaction(async (tx) => {
    const used = await consumeToken(tx, token, 'email_confirmation', now);
    if (!used) return { confirmed: false, joinedOrders: 0 };
    await voidTokens(tx, used.userId, 'email_confirmation', now);
    const [confirmed] = await tx
      .update(users)
      .set({ emailConfirmedAt: now, updatedAt: now, ...(used.passwordHash ? { passwordHash: used.passwordHash } : {}) })
      .where(and(eq(users.id, used.userId), isNull(users.emailConfirmedAt)))
      .returning({ id: users.id });
    if (!confirmed) return { confirmed: false, joinedOrders: 0 };
    const joinedOrders = await joinGuestOrders(tx, { userId: confirmed.id, now, publicUrl: ctx.publicUrl });
    return { confirmed: true, joinedOrders };
  });
}

/**
 * Checks e-mail and password. Unknown e-mail and wrong password give the same answer in the same
 * time; only the right password of an unconfirmed account hears that it needs confirming.
 */
export async function checkCredentials(
  db: Db,
  input: { email: string; password: string },
): Promise<{ userId: string }> {
  const email = normaliseEmail(input.email);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  const valid = await verifyPassword(user?.passwordHash ?? (await decoy()), input.password);
  if (!user || !valid) throw badRequest(authRefusals.invalidCredentials, { code: 'invalid_credentials' });
  if (!user.emailConfirmedAt) throw forbidden(authRefusals.emailNotConfirmed, { code: 'email_not_confirmed' });
  return { userId: user.id };
}

/** Sends a reset link when the address has an account; the caller answers the same either way. */
export async function requestPasswordReset(ctx: Context, rawEmail: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) return;
    const token = await issueToken(tx, user.id, 'password_reset', ctx.now, RESET_TTL_MS);
    const link = `${ctx.publicUrl}/login?type=recovery&token=${token}`;
    // Issue 40: in the language of the account's most recent order, else English.
    const tr = translator(await recipientLanguage(tx, { userId: user.id }));
    await enqueueMail(tx, {
      kind: 'password_reset',
      language: tr.language,
      to: email,
      subject: tr.t('mail.auth.reset.subject'),
      text: linkMailText(
        tr.t('mail.auth.reset.asked'),
        tr.t('mail.auth.reset.choose'),
        link,
        tr.t('mail.auth.reset.ignore'),
      ),
    });
  });
}

/**
 * Sets a new password from a reset link; every session of the user ends. A reset confirms an
 * unconfirmed address, and then guest orders placed with it join the account.
 */
export async function resetPassword(
  db: Db,
  input: { token: string; password: string },
  now: Date,
  publicUrl: string,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const used = await consumeToken(tx, input.token, 'password_reset', now);
    if (!used) throw badRequest(authRefusals.invalidResetLink, { code: 'invalid_token' });
    const { userId } = used;
    // The link proved control of the mailbox, so it also confirms the address, and pending
    // confirmation links (each with its own sign-up's password) are void.
    await voidTokens(tx, userId, 'email_confirmation', now);
    const [user] = await tx.select({ confirmed: users.emailConfirmedAt }).from(users).where(eq(users.id, userId));
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: now, ...(user?.confirmed ? {} : { emailConfirmedAt: now }) })
      .where(eq(users.id, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await queuePasswordChangedMail(tx, userId, now);
    if (!user?.confirmed) await joinGuestOrders(tx, { userId, now, publicUrl });
  });
}

/** Changes the password after checking the current one; the user's other sessions end and the owner gets a security notice. */
export async function changePassword(
  db: Db,
  input: { userId: string; sessionId: string; currentPassword: string; password: string },
  now: Date = new Date(),
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(authRefusals.wrongCurrentPassword, {
      code: 'invalid_current_password',
      fields: { currentPassword: authMessages.wrongCurrentPassword },
    });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, input.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, input.userId), ne(sessions.id, input.sessionId)));
    await queuePasswordChangedMail(tx, input.userId, now);
  });
}

import { and, asc, desc, eq } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { mfaFactors, mailOutbox } from '../../src/server/db/schema';
import { createUser } from './factories';
import { cookiesFrom, type TestApp } from './test-app';

/** Signs in through the API and returns the session cookie to send back. */
export async function signIn(
  t: TestApp,
  email: string,
  password = 'correct-horse-1',
  remember = false,
  remoteAddress?: string,
): Promise<string> {
  const response = await t.post(
    '/api/auth/signin',
    { email, password, remember },
    remoteAddress ? { remoteAddress } : {},
  );
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response);
}

/** Every confirmation link (path and query) sent to an address, oldest first. */
export async function confirmationLinks(t: TestApp, email: string): Promise<string[]> {
  const mails = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'signup_confirmation')))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return mails.map((mail) => {
    const url = new URL(mail.textBody.match(/https?:\/\/\S+/)?.[0] ?? '');
    return url.pathname + url.search;
  });
}

/** The first e-mail of a kind sent to an address (read from the outbox), or undefined when none was sent. */
export async function mailOf(t: TestApp, to: string, kind: string) {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** The first link to this shop in the newest e-mail of a kind sent to an address (read from the outbox). */
export async function linkFromOutbox(t: TestApp, to: string, kind: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const link = mail?.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no ${kind} e-mail with a link to ${to}`);
  return link;
}

/** The TOTP code of a factor's secret at a time step offset from `at`. */
export function totpCode(secret: string, at: Date, stepOffset = 0): string {
  return OTPAuth.TOTP.generate({
    secret: OTPAuth.Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: at.getTime() + stepOffset * 30_000,
  });
}

/**
 * Enrols and verifies a TOTP factor for a signed-in user; returns the factor, its secret and the
 * aal2 session cookie. The code used is the current time step's, and each step is accepted once per
 * factor: a test that verifies again must use a later step (`totpCode(secret, at, 1)`).
 */
export async function enrollVerifiedFactor(t: TestApp, cookie: string) {
  const enrolled = await t.post('/api/auth/factors', {}, { cookie });
  if (enrolled.statusCode !== 201) throw new Error(`enrol failed: ${enrolled.statusCode} ${enrolled.body}`);
  const { id, secret } = enrolled.json() as { id: string; secret: string };
  const challenge = await t.post(`/api/auth/factors/${id}/challenge`, {}, { cookie });
  const { challengeId } = challenge.json() as { challengeId: string };
  const verified = await t.post(
    `/api/auth/factors/${id}/verify`,
    { challengeId, code: totpCode(secret, t.app.now()) },
    { cookie },
  );
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.statusCode} ${verified.body}`);
  const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.id, id));
  return { factorId: id, secret, factor, cookie: cookiesFrom(verified) };
}

/** A user with one verified authenticator: its secret, the recovery codes shown at enrolment and the aal2 cookie. */
export async function enrolledUser(t: TestApp, overrides: { isAdmin?: boolean } = {}) {
  const { user } = await createUser(t.db, overrides);
  const cookie = await signIn(t, user.email);
  const { id, secret } = (await t.post('/api/auth/factors', {}, { cookie })).json() as { id: string; secret: string };
  const { challengeId } = (await t.post(`/api/auth/factors/${id}/challenge`, {}, { cookie })).json() as {
    challengeId: string;
  };
  const verified = await t.post(
    `/api/auth/factors/${id}/verify`,
    { challengeId, code: totpCode(secret, t.clock.now) },
    { cookie },
  );
  if (verified.statusCode !== 200) throw new Error(`enrolment failed: ${verified.statusCode} ${verified.body}`);
  const { recoveryCodes } = verified.json() as { recoveryCodes: string[] };
  return { user, factorId: id, secret, recoveryCodes, aal2: cookiesFrom(verified) };
}

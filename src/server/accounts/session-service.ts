import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { isRole, type Role } from '../../shared/staff/permissions';
import { mfaFactors, profiles, sessions, staffRoles, users } from '../db/schema';
import { hashToken, randomToken } from './tokens';

export const SESSION_COOKIE = 'dropwise_session';
/** Absolute session lifetime (spec section 9): 24 hours from sign-in, whatever the activity. */
export const SESSION_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is refreshed at most this often, so reads do not each cost a write. */
const LAST_SEEN_GRANULARITY_MS = 60_000;

export type Aal = 'aal1' | 'aal2';

export interface SessionRow {
  id: string;
  userId: string;
  aal: Aal;
  remember: boolean;
  issuedAt: Date;
  expiresAt: Date;
}

/**
 * The network of an address, the only part kept (an IPv4 /24, an IPv6 /48): enough for a staff
 * member to tell their office from elsewhere, not enough to single out a home connection.
 */
export function networkOf(ip: string): string | null {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/i.test(group))) return null;
  return `${groups
    .slice(0, 3)
    .map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

export async function createSession(
  db: Db,
  input: { userId: string; remember: boolean; now: Date; userAgent?: string | undefined; ip?: string | undefined },
): Promise<{ token: string; session: SessionRow }> {
  const token = randomToken();
  const [session] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      aal: 'aal1',
      remember: input.remember,
      issuedAt: input.now,
      lastSeenAt: input.now,
      expiresAt: new Date(input.now.getTime() + SESSION_MAX_AGE_MS),
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ipNetwork: input.ip ? networkOf(input.ip) : null,
    })
    .returning();
  if (!session) throw new Error('Creating the session failed');
  return { token, session };
}

/** Raises (or keeps) the session's assurance level under a new token; the old token stops working. */
export async function rotateSession(
  db: Db,
  sessionId: string,
  aal: Aal,
): Promise<{ token: string; session: SessionRow } | null> {
  const token = randomToken();
  const [session] = await db
    .update(sessions)
    .set({ tokenHash: hashToken(token), aal })
    .where(eq(sessions.id, sessionId))
    .returning();
  return session ? { token, session } : null;
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends one of the user's own sessions; false when they have none with this id (another person's included). */
export async function endOwnSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every session of the user; answers how many there were. */
export async function endSessionsOf(db: Db, userId: string): Promise<number> {
  const ended = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return ended.length;
}

/** The user's sessions that have not expired, the most recently seen first. */
export const activeSessionsOf = (db: Db, userId: string, now: Date) =>
  db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));

export type ResolvedSession =
  | { state: 'none' }
  | { state: 'too_old' }
  | {
      state: 'active';
      session: SessionRow;
      email: string;
      isAdmin: boolean;
      /** The staff roles held (only while `isAdmin`; empty for a customer). */
      roles: Role[];
      hasVerifiedFactor: boolean;
    };

/** Finds the session of a cookie token. A session past its 24-hour end is deleted and reported as too old. */
export async function resolveSession(db: Db, token: string, now: Date): Promise<ResolvedSession> {
  const [row] = await db
    .select({
      session: sessions,
      email: users.email,
      isAdmin: profiles.isAdmin,
      verifiedFactors:
        sql<number>`(select count(*) from ${mfaFactors} where ${mfaFactors.userId} = ${sessions.userId} and ${mfaFactors.status} = 'verified')`.mapWith(
          Number,
        ),
      roles: sql<
        string | null
      >`(select string_agg(${staffRoles.role}, ',' order by ${staffRoles.role}) from ${staffRoles} where ${staffRoles.userId} = ${sessions.userId})`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) return { state: 'none' };
  const { session } = row;
  if (
    now.getTime() >= session.expiresAt.getTime() ||
    now.getTime() - session.issuedAt.getTime() >= SESSION_MAX_AGE_MS
  ) {
    await deleteSession(db, session.id);
    return { state: 'too_old' };
  }
  if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_GRANULARITY_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, session.id)));
  }
  return {
    state: 'active',
    session,
    email: row.email,
    isAdmin: row.isAdmin ?? false,
    roles: row.isAdmin ? (row.roles ?? '').split(',').filter(isRole) : [],
    hasVerifiedFactor: row.verifiedFactors > 0,
  };
}

/**
 * The session cookie: HttpOnly, SameSite=Lax, Secure unless the shop runs on plain http. Without
 * Remember me it is a browser-session cookie; with it, it lasts until the session's 24-hour end.
 */
/** Secure unless the shop runs on plain http; a request that came over https (through a trusted proxy) always is. */
const secureCookie = (request: FastifyRequest) =>
  !request.server.env.publicUrl.startsWith('http://') || request.protocol === 'https';

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  session: SessionRow,
): void {
  const secure = secureCookie(request);
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - request.server.now().getTime()) / 1000));
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(session.remember ? { maxAge } : {}),
  });
}

/**
 * The second factor is proven (a code, a passkey, a recovery code): the session reaches aal2 under a
 * new token, which the answer sets as the cookie.
 */
export async function raiseSessionToAal2(request: FastifyRequest, reply: FastifyReply, sessionId: string) {
  const rotated = await rotateSession(request.server.db, sessionId, 'aal2');
  if (rotated) setSessionCookie(request, reply, rotated.token, rotated.session);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  const secure = secureCookie(request);
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

export async function sessionExpiry(db: Db, sessionId: string): Promise<Date> {
  const [row] = await db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.expiresAt ?? new Date(0);
}

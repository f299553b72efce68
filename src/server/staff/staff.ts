import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import { isRole, type Role, roles as roleTable } from '../../shared/staff/permissions';
import {
  staffMessages,
  type StaffInvitation,
  type StaffListQuery,
  type StaffMember,
} from '../../shared/staff/staff-schemas';
import { normaliseEmail } from '../../shared/accounts/email';
import { keepAnOwner } from '../accounts/keep-an-owner';
import type { RequestAuth } from '../accounts/request-auth';
import { hashToken, randomToken } from '../accounts/tokens';
import { type Db, queryRows } from '../db/client';
import { profiles, sessions, staffInvitations, staffRoles, users } from '../db/schema';
import { badRequest, conflict, notFound } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import { writeAudit } from '../audit/audit-log';
import { iso, keysetBatches, likeEscape, listPage, nameOf } from '../db/list-sql';

/** An invitation link works for 72 hours (issue 24). */
export const INVITATION_TTL_MS = 72 * 60 * 60 * 1000;

type Admin = Pick<RequestAuth, 'userId' | 'email'>;

const roleLabels = (held: readonly Role[]) => held.map((role) => roleTable[role].label).join(', ');
const sortRoles = (held: readonly Role[]) =>
  [...held].sort((a, b) => Object.keys(roleTable).indexOf(a) - Object.keys(roleTable).indexOf(b));

interface StaffRow extends Record<string, unknown> {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: string | Date;
  roles: Role[] | string;
  mfa_enabled: boolean;
}

const toStaffMember = (row: StaffRow): StaffMember => ({
  id: row.id,
  email: row.email,
  name: nameOf(row.first_name, row.last_name),
  // A text[] comes back as an array from PostgreSQL and as its literal ('{owner,sales}') where the driver does not parse it.
  roles: sortRoles(
    (typeof row.roles === 'string' ? row.roles.replace(/[{}]/g, '').split(',') : row.roles).filter(isRole),
  ),
  mfaEnabled: row.mfa_enabled,
  createdAt: iso(row.created_at),
});

/** The staff list's shape: staff members (is_admin) with their roles and whether a factor is verified, in one query. */
function staffList(query: Pick<StaffListQuery, 'search' | 'role'> & { id?: string }) {
  const filters: SQL[] = [sql`p.is_admin`];
  if (query.id) filters.push(sql`p.id = ${query.id}::uuid`);
  if (query.search) {
    const contains = `%${likeEscape(query.search.toLowerCase())}%`;
    filters.push(
      sql`(lower(p.email) like ${contains} or lower(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')) like ${contains})`,
    );
  }
  if (query.role)
    filters.push(sql`exists (select 1 from staff_roles r where r.user_id = p.id and r.role = ${query.role})`);
  return {
    select: sql`select p.id, p.email, p.first_name, p.last_name, p.created_at,
      array(select r.role from staff_roles r where r.user_id = p.id) as roles,
      exists (select 1 from mfa_factors f where f.user_id = p.id and f.status = 'verified') as mfa_enabled
      from profiles p`,
    filters,
    sortColumn: sql`p.created_at`,
    idColumn: sql`p.id`,
  };
}

/** GET /api/admin/staff: one page of staff members, newest first, with the filter's total. */
export async function listStaff(db: Db, query: StaffListQuery) {
  const page = await listPage<StaffRow, StaffMember>(
    db,
    {
      ...staffList(query),
      count: sql`select count(*) as n from profiles p`,
      page: query.page,
      pageSize: query.pageSize,
    },
    toStaffMember,
  );
  return { staff: page.items, total: page.total, page: page.page, pageSize: page.pageSize };
}

/** The staff CSV's batches (keyset on created_at and id). */
export function staffBatches(db: Db, query: StaffListQuery, batchSize = 1000) {
  return keysetBatches<StaffRow, StaffMember>(
    db,
    { ...staffList(query), sortValue: (row) => row.created_at, batchSize },
    toStaffMember,
  );
}

/** One staff member as the list shows them, or null when they are not staff. */
export async function staffMemberById(db: Db, id: string): Promise<StaffMember | null> {
  const [row] = await queryRows<StaffRow>(db, sql`${staffList({ id }).select} where p.is_admin and p.id = ${id}::uuid`);
  return row ? toStaffMember(row) : null;
}

async function staffMember(tx: Db, userId: string) {
  const [target] = await tx
    .select({ id: profiles.id, email: profiles.email, isAdmin: profiles.isAdmin })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!target) throw notFound(staffMessages.notStaff);
  const held = await tx.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId));
  return { ...target, roles: sortRoles(held.map((row) => row.role)) };
}

/**
 * Replaces a staff member's roles: the last Owner keeps the Owner role; the change is audited and
 * the staff member is told by e-mail. Call inside a transaction.
 */
export async function setStaffRoles(
  tx: Db,
  input: { admin: Admin; userId: string; roles: Role[]; now: Date; publicUrl: string },
) {
  await keepAnOwner(tx, { userId: input.userId, keepsOwner: input.roles.includes('owner') });
  const target = await staffMember(tx, input.userId);
  if (!target.isAdmin) throw notFound(staffMessages.notStaff);
  const next = sortRoles(input.roles);
  await tx.delete(staffRoles).where(eq(staffRoles.userId, input.userId));
  await tx.insert(staffRoles).values(next.map((role) => ({ userId: input.userId, role, createdAt: input.now })));
  if (next.join() !== target.roles.join()) {
    await writeAudit(tx, {
      admin: input.admin,
      action: 'staff.roles',
      entityType: 'user',
      entityId: input.userId,
      before: { email: target.email, roles: target.roles },
      after: { email: target.email, roles: next },
      now: input.now,
    });
    await enqueueMail(tx, {
      kind: 'staff_roles_changed',
      language: 'en',
      to: target.email,
      subject: 'Your Dropwise admin roles changed',
      text:
        `${input.admin.email} changed your roles in the Dropwise admin.\n\n` +
        `Before: ${roleLabels(target.roles) || 'none'}\nNow: ${roleLabels(next)}\n\n` +
        `The admin shows what your roles allow: ${input.publicUrl}/admin\n\n` +
        'If you did not expect this, tell the shop owner.\n',
    });
  }
  return { id: target.id, email: target.email, roles: next };
}

/**
 * Deactivates a staff member: no longer staff, no roles, and every session of theirs ends at once
 * (they sign in again as a customer, if at all). Their audit history stays. Call inside a transaction.
 */
export async function deactivateStaff(tx: Db, input: { admin: Admin; userId: string; now: Date }) {
  if (input.userId === input.admin.userId)
    throw conflict(staffMessages.selfDeactivation, { code: 'self_deactivation' });
  await keepAnOwner(tx, { userId: input.userId, keepsOwner: false });
  const target = await staffMember(tx, input.userId);
  if (!target.isAdmin && target.roles.length === 0) return { id: target.id, email: target.email, changed: false };
  await tx.update(profiles).set({ isAdmin: false, updatedAt: input.now }).where(eq(profiles.id, input.userId));
  await tx.delete(staffRoles).where(eq(staffRoles.userId, input.userId));
  const ended = await tx.delete(sessions).where(eq(sessions.userId, input.userId)).returning({ id: sessions.id });
  await writeAudit(tx, {
    admin: input.admin,
    action: 'staff.deactivate',
    entityType: 'user',
    entityId: input.userId,
    before: { email: target.email, isAdmin: target.isAdmin, roles: target.roles },
    after: { email: target.email, isAdmin: false, roles: [], sessionsEnded: ended.length },
    now: input.now,
  });
  return { id: target.id, email: target.email, changed: true };
}

const invitationStatus = (row: typeof staffInvitations.$inferSelect, now: Date): StaffInvitation['status'] =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';

/** The invitations not yet accepted or revoked, newest first (an expired one shows until resent or revoked). */
export async function listInvitations(db: Db, now: Date): Promise<StaffInvitation[]> {
  const rows = await db
    .select({ invitation: staffInvitations, invitedByEmail: users.email })
    .from(staffInvitations)
    .leftJoin(users, eq(users.id, staffInvitations.invitedBy))
    .where(and(isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)))
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  return rows.map(({ invitation, invitedByEmail }) => serializeInvitation(invitation, invitedByEmail, now));
}

function serializeInvitation(
  row: typeof staffInvitations.$inferSelect,
  invitedByEmail: string | null,
  now: Date,
): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    name: nameOf(row.firstName, row.lastName),
    roles: sortRoles(row.roles),
    invitedByEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    status: invitationStatus(row, now),
  };
}

function invitationMail(input: {
  to: string;
  firstName: string | null;
  by: string;
  roles: Role[];
  link: string;
  expiresAt: Date;
}) {
  const until = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Europe/London',
  }).format(input.expiresAt);
  return {
    kind: 'staff_invitation',
    // Staff e-mails are English (decision 0082).
    language: 'en' as const,
    to: input.to,
    subject: 'You are invited to the Dropwise admin',
    text:
      (input.firstName ? `Hello ${input.firstName},\n\n` : '') +
      `${input.by} invited you to join the Dropwise admin as ${roleLabels(input.roles)}.\n\n` +
      `Accept the invitation: ${input.link}\n\n` +
      `The link works once, until ${until} (UK time). You will choose a password (or sign in, if you already ` +
      'have a Dropwise account) and set up an authenticator app before the admin opens.\n\n' +
      'If you did not expect this, ignore this e-mail.\n',
  };
}

/** Sends (or re-sends with a new token) an invitation's e-mail: only the token's hash is kept. */
async function issueToken(tx: Db, invitationId: string, now: Date) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const [row] = await tx
    .update(staffInvitations)
    .set({ tokenHash: hashToken(token), expiresAt })
    .where(eq(staffInvitations.id, invitationId))
    .returning();
  if (!row) throw notFound(staffMessages.invitationNotFound);
  return { token, row };
}

const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/staff-invitation?token=${encodeURIComponent(token)}`;

/** An Owner invites a new staff member by e-mail with one or more roles. Call inside a transaction. */
export async function inviteStaff(
  tx: Db,
  input: {
    admin: Admin;
    email: string;
    firstName: string;
    lastName: string;
    roles: Role[];
    now: Date;
    publicUrl: string;
  },
) {
  const email = normaliseEmail(input.email);
  const [existing] = await tx
    .select({ isAdmin: profiles.isAdmin })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(eq(users.email, email));
  if (existing?.isAdmin) throw conflict(staffMessages.alreadyStaff, { code: 'already_staff' });
  // An earlier open invitation to the same address stops working: only the newest link counts.
  await tx
    .update(staffInvitations)
    .set({ revokedAt: input.now })
    .where(
      and(eq(staffInvitations.email, email), isNull(staffInvitations.acceptedAt), isNull(staffInvitations.revokedAt)),
    );
  const roles = sortRoles(input.roles);
  const [created] = await tx
    .insert(staffInvitations)
    .values({
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      roles,
      tokenHash: hashToken(randomToken()),
      invitedBy: input.admin.userId,
      expiresAt: input.now,
      createdAt: input.now,
    })
    .returning({ id: staffInvitations.id });
  if (!created) throw new Error('Creating the invitation failed');
  const { token, row } = await issueToken(tx, created.id, input.now);
  await enqueueMail(
    tx,
    invitationMail({
      to: email,
      firstName: input.firstName,
      by: input.admin.email,
      roles,
      link: invitationLink(input.publicUrl, token),
      expiresAt: row.expiresAt,
    }),
  );
  await writeAudit(tx, {
    admin: input.admin,
    action: 'staff.invite',
    entityType: 'staff_invitation',
    entityId: row.id,
    before: null,
    after: { email, firstName: input.firstName, lastName: input.lastName, roles },
    now: input.now,
  });
  return serializeInvitation(row, input.admin.email, input.now);
}

async function openInvitation(tx: Db, id: string) {
  const [row] = await tx.select().from(staffInvitations).where(eq(staffInvitations.id, id)).for('update');
  if (!row || row.acceptedAt || row.revokedAt) throw notFound(staffMessages.invitationNotFound);
  return row;
}

/** A new link for an open invitation (the old one stops working), valid 72 hours from now. */
export async function resendInvitation(tx: Db, input: { admin: Admin; id: string; now: Date; publicUrl: string }) {
  const open = await openInvitation(tx, input.id);
  const { token, row } = await issueToken(tx, open.id, input.now);
  await enqueueMail(
    tx,
    invitationMail({
      to: row.email,
      firstName: row.firstName,
      by: input.admin.email,
      roles: row.roles,
      link: invitationLink(input.publicUrl, token),
      expiresAt: row.expiresAt,
    }),
  );
  await writeAudit(tx, {
    admin: input.admin,
    action: 'staff.invite_resend',
    entityType: 'staff_invitation',
    entityId: row.id,
    before: { expiresAt: open.expiresAt.toISOString() },
    after: { email: row.email, roles: row.roles, expiresAt: row.expiresAt.toISOString() },
    now: input.now,
  });
  return serializeInvitation(row, null, input.now);
}

export async function revokeInvitation(tx: Db, input: { admin: Admin; id: string; now: Date }) {
  const open = await openInvitation(tx, input.id);
  const [row] = await tx
    .update(staffInvitations)
    .set({ revokedAt: input.now })
    .where(eq(staffInvitations.id, open.id))
    .returning();
  if (!row) throw notFound(staffMessages.invitationNotFound);
  await writeAudit(tx, {
    admin: input.admin,
    action: 'staff.invite_revoke',
    entityType: 'staff_invitation',
    entityId: row.id,
    before: { email: row.email, roles: row.roles },
    after: { revoked: true },
    now: input.now,
  });
  return serializeInvitation(row, null, input.now);
}

/** The open, unexpired invitation of a link's token (null otherwise). */
export async function invitationOfToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.tokenHash, hashToken(token)));
  if (!row || invitationStatus(row, now) !== 'pending') return null;
  return row;
}

/**
 * Uses an invitation once (a conditional UPDATE, so two tabs cannot both accept): the user becomes
 * staff with the invited roles. The caller has created or identified the user. Call inside a transaction.
 */
export async function acceptInvitation(tx: Db, input: { token: string; userId: string; email: string; now: Date }) {
  const [row] = await tx
    .update(staffInvitations)
    .set({ acceptedAt: input.now, acceptedBy: input.userId })
    .where(
      and(
        eq(staffInvitations.tokenHash, hashToken(input.token)),
        eq(staffInvitations.email, input.email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, input.now),
      ),
    )
    .returning();
  if (!row) throw badRequest(staffMessages.invitationInvalid, { code: 'invalid_invitation' });
  // The name the Owner typed fills a profile that has none; a name the person gave themself stays.
  await tx
    .insert(profiles)
    .values({ id: input.userId, email: input.email, firstName: row.firstName, lastName: row.lastName, isAdmin: true })
    .onConflictDoUpdate({
      target: profiles.id,
      set: {
        isAdmin: true,
        firstName: sql`coalesce(nullif(${profiles.firstName}, ''), excluded.first_name)`,
        lastName: sql`coalesce(nullif(${profiles.lastName}, ''), excluded.last_name)`,
        updatedAt: input.now,
      },
    });
  await tx
    .insert(staffRoles)
    .values(row.roles.map((role) => ({ userId: input.userId, role, createdAt: input.now })))
    .onConflictDoNothing();
  await writeAudit(tx, {
    admin: { userId: input.userId, email: input.email },
    action: 'staff.invite_accept',
    entityType: 'staff_invitation',
    entityId: row.id,
    before: null,
    after: { email: input.email, roles: row.roles },
    now: input.now,
  });
  return row;
}

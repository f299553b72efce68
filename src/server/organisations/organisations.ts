import { and, asc, desc, eq, gt, ilike, isNull, sql } from 'drizzle-orm';
import { normaliseEmail } from '../../shared/accounts/email';
import {
  type AdminCustomerOrganisation,
  INVITATIONS_PER_DAY,
  looksLikeWebAddress,
  type Organisation,
  type OrganisationInvitation,
  organisationMessages,
  organisationRefusals,
  type OrganisationRole,
} from '../../shared/accounts/organisation-schemas';
import { company } from '../../shared/company';
import { translator } from '../../shared/i18n/translator';
import { knownPersonLanguage, recipientLanguage } from '../accounts/recipient-language';
import type { RequestAuth } from '../accounts/request-auth';
import { hashToken, randomToken } from '../accounts/tokens';
import { writeAudit } from '../audit/audit-log';
import type { Db } from '../db/client';
import { likeEscape, nameOf } from '../db/list-sql';
import {
  organisationInvitations,
  organisationMembers,
  organisationStatements,
  organisations,
  profiles,
  users,
} from '../db/schema';
import { badRequest, conflict, forbidden, notFound, tooManyRequests, withValues } from '../http/http-error';
import { enqueueMail } from '../mail/outbox';
import type { EInvoiceDelivery } from '../../shared/einvoice/einvoice-delivery';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invitation link works for 7 days: a colleague may be away for a week. */
export const ORGANISATION_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

type InvitationRow = typeof organisationInvitations.$inferSelect;

const invitationStatus = (row: InvitationRow, now: Date): OrganisationInvitation['status'] =>
  row.acceptedAt ? 'accepted' : row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'pending';

const toInvitation = (row: InvitationRow, now: Date): OrganisationInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  status: invitationStatus(row, now),
});

/** The organisation the customer belongs to, with their role, or null. */
export async function membershipOf(db: Db, userId: string) {
  const [row] = await db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId));
  return row ?? null;
}

async function membersOf(db: Db, organisationId: string, ownerUserId: string) {
  const rows = await db
    .select({
      userId: organisationMembers.userId,
      role: organisationMembers.role,
      createdAt: organisationMembers.createdAt,
      email: users.email,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .leftJoin(profiles, eq(profiles.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(asc(organisationMembers.createdAt), asc(users.email));
  // The owner first, then the members in the order they joined.
  return rows
    .map((row) => ({
      userId: row.userId,
      email: row.email,
      name: nameOf(row.firstName, row.lastName),
      role: row.role,
      isOwner: row.userId === ownerUserId,
      joinedAt: row.createdAt.toISOString(),
    }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
}

/** GET /api/account/organisation: the customer's organisation as they see it (the owner also sees the open invitations). */
export async function loadOrganisation(db: Db, userId: string, now: Date): Promise<Organisation | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const { organisation, role } = membership;
  const isOwner = organisation.ownerUserId === userId;
  const invitations = isOwner
    ? await db
        .select()
        .from(organisationInvitations)
        .where(
          and(
            eq(organisationInvitations.organisationId, organisation.id),
            isNull(organisationInvitations.acceptedAt),
            isNull(organisationInvitations.revokedAt),
          ),
        )
        .orderBy(desc(organisationInvitations.createdAt), desc(organisationInvitations.id))
    : [];
  return {
    id: organisation.id,
    name: organisation.name,
    role,
    isOwner,
    members: await membersOf(db, organisation.id, organisation.ownerUserId),
    invitations: invitations.map((row) => toInvitation(row, now)),
    ordersRequireAcceptedQuote: organisation.ordersRequireAcceptedQuote,
    ordersRequirePoNumber: organisation.ordersRequirePoNumber,
    einvoiceDelivery: organisation.einvoiceDelivery,
  };
}

/** The owner chooses how the organisation's invoices are e-mailed (issue 52); the audit keeps before and after. */
export async function setOrganisationEInvoiceDelivery(
  tx: Db,
  input: { userId: string; einvoiceDelivery: EInvoiceDelivery; now: Date },
) {
  const organisation = await ownedOrganisation(tx, input.userId);
  await tx
    .update(organisations)
    .set({ einvoiceDelivery: input.einvoiceDelivery, updatedAt: input.now })
    .where(eq(organisations.id, organisation.id));
  return { before: organisation.einvoiceDelivery, after: input.einvoiceDelivery };
}

/**
 * A customer creates their organisation and owns it, named as they say or as their profile's
 * organisation. They join it as a buyer who also approves (the owner accepts quotes whatever their
 * role). Call inside a transaction.
 */
export async function createOrganisation(tx: Db, input: { userId: string; name?: string | undefined; now: Date }) {
  if (await membershipOf(tx, input.userId))
    throw conflict(organisationRefusals.alreadyInOrganisation, { code: 'already_member' });
  const [profile] = await tx.select({ company: profiles.company }).from(profiles).where(eq(profiles.id, input.userId));
  const name = input.name ?? profile?.company?.trim() ?? '';
  if (name === '')
    throw badRequest(organisationRefusals.nameRequired, { fields: { name: organisationMessages.nameRequired } });
  // The profile's organisation, taken when none is typed, passes the same check as a typed name (F2).
  if (looksLikeWebAddress(name))
    throw badRequest(organisationRefusals.nameWebAddress, { fields: { name: organisationMessages.nameWebAddress } });
  const [created] = await tx
    .insert(organisations)
    .values({ name, ownerUserId: input.userId, createdAt: input.now, updatedAt: input.now })
    .onConflictDoNothing()
    .returning();
  if (!created) throw conflict(organisationRefusals.alreadyInOrganisation, { code: 'already_member' });
  await tx.insert(organisationMembers).values({
    userId: input.userId,
    organisationId: created.id,
    role: 'buyer',
    createdAt: input.now,
    updatedAt: input.now,
  });
  return created;
}

/** The organisation the customer owns; 403 for a member who does not own it, 404 without one. */
async function ownedOrganisation(tx: Db, userId: string) {
  const membership = await membershipOf(tx, userId);
  if (!membership) throw notFound(organisationRefusals.notInOrganisation);
  if (membership.organisation.ownerUserId !== userId)
    throw forbidden(organisationRefusals.ownerOnly, { code: 'owner_only' });
  return membership.organisation;
}

/**
 * The owner invites a colleague by e-mail with a role. The link's token is e-mailed and only its
 * hash kept; an earlier open invitation to the address stops working. Someone who already belongs
 * to an organisation cannot be invited. Call inside a transaction.
 */
export async function inviteMember(
  tx: Db,
  input: { userId: string; email: string; role: OrganisationRole; now: Date; publicUrl: string },
) {
  const organisation = await ownedOrganisation(tx, input.userId);
  const email = normaliseEmail(input.email);
  // Security issue 48 (F2): a day's cap besides the route's hourly one, counted from the invitations
  // themselves, so neither a restart nor several clients reset it.
  const [sent] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.invitedBy, input.userId),
        gt(organisationInvitations.createdAt, new Date(input.now.getTime() - DAY_MS)),
      ),
    );
  if ((sent?.n ?? 0) >= INVITATIONS_PER_DAY)
    throw tooManyRequests(withValues(organisationRefusals.tooManyInvitationsToday, { count: INVITATIONS_PER_DAY }), {
      code: 'invitations_per_day',
    });
  const [existing] = await tx
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(users.email, email));
  if (existing)
    throw conflict(organisationRefusals.alreadyMember, {
      code: 'already_member',
      fields: { email: organisationMessages.alreadyMember },
    });
  await tx
    .update(organisationInvitations)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(organisationInvitations.organisationId, organisation.id),
        eq(organisationInvitations.email, email),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    );
  const token = randomToken();
  const expiresAt = new Date(input.now.getTime() + ORGANISATION_INVITATION_TTL_MS);
  const [row] = await tx
    .insert(organisationInvitations)
    .values({
      organisationId: organisation.id,
      email,
      role: input.role,
      tokenHash: hashToken(token),
      invitedBy: input.userId,
      expiresAt,
      createdAt: input.now,
    })
    .returning();
  if (!row) throw new Error('Creating the invitation failed');
  const [inviter] = await tx
    .select({ email: users.email, firstName: profiles.firstName, lastName: profiles.lastName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, input.userId));
  // Issue 53: in the invited person's language when anything tells it (their account's, their latest
  // order's); for someone new, the inviting owner's (the organisation's), else English.
  const tr = translator(
    (await knownPersonLanguage(tx, { email })) ?? (await recipientLanguage(tx, { userId: input.userId })),
  );
  // Security issue 48 (F2): the subject names the inviter by their account's address, never the
  // organisation's name (the owner's free text); the body quotes that name as what the owner typed.
  const inviterEmail = inviter?.email ?? tr.t('mail.invitation.aColleague');
  const name = nameOf(inviter?.firstName ?? null, inviter?.lastName ?? null);
  const by = name && inviter ? `${name} (${inviter.email})` : inviterEmail;
  const link = `${input.publicUrl}/organisation-invitation?token=${encodeURIComponent(token)}`;
  await enqueueMail(tx, {
    kind: 'organisation_invitation',
    language: tr.language,
    to: email,
    subject: tr.t('mail.invitation.subject', { email: inviterEmail, product: company.productName }),
    text:
      [
        tr.t('mail.invitation.body', {
          by,
          role: tr.t(`mail.invitation.role.${input.role}`),
          does: tr.t(`mail.invitation.does.${input.role}`),
        }),
        tr.t('mail.invitation.named', { organisation: organisation.name }),
        tr.t('mail.invitation.accept', { url: link }),
        tr.t('mail.invitation.once', { until: tr.ukTime(expiresAt) }),
        tr.t('mail.invitation.ignore'),
      ].join('\n\n') + '\n',
  });
  return toInvitation(row, input.now);
}

/** The owner withdraws an open invitation; its link stops working. */
export async function revokeMemberInvitation(tx: Db, input: { userId: string; invitationId: string; now: Date }) {
  const organisation = await ownedOrganisation(tx, input.userId);
  const [row] = await tx
    .update(organisationInvitations)
    .set({ revokedAt: input.now })
    .where(
      and(
        eq(organisationInvitations.id, input.invitationId),
        eq(organisationInvitations.organisationId, organisation.id),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    )
    .returning();
  if (!row) throw notFound(organisationRefusals.invitationNotFound);
}

/** The owner changes a member's role (their own too). */
export async function changeMemberRole(
  tx: Db,
  input: { userId: string; memberId: string; role: OrganisationRole; now: Date },
) {
  const organisation = await ownedOrganisation(tx, input.userId);
  const [row] = await tx
    .update(organisationMembers)
    .set({ role: input.role, updatedAt: input.now })
    .where(and(eq(organisationMembers.userId, input.memberId), eq(organisationMembers.organisationId, organisation.id)))
    .returning();
  if (!row) throw notFound(organisationRefusals.memberNotFound);
}

/**
 * The owner removes a member: from this moment they read only their own records again (their own
 * orders stay theirs). The owner stays.
 */
export async function removeMember(tx: Db, input: { userId: string; memberId: string }) {
  const organisation = await ownedOrganisation(tx, input.userId);
  if (input.memberId === organisation.ownerUserId)
    throw conflict(organisationRefusals.ownerStays, { code: 'owner_stays' });
  const [row] = await tx
    .delete(organisationMembers)
    .where(and(eq(organisationMembers.userId, input.memberId), eq(organisationMembers.organisationId, organisation.id)))
    .returning();
  if (!row) throw notFound(organisationRefusals.memberNotFound);
}

/** A member leaves the organisation (the owner cannot: they own it); from then on they read only their own records. */
export async function leaveOrganisation(tx: Db, input: { userId: string }) {
  const membership = await membershipOf(tx, input.userId);
  if (!membership) throw notFound(organisationRefusals.notInOrganisation);
  if (membership.organisation.ownerUserId === input.userId)
    throw conflict(organisationRefusals.ownerStays, { code: 'owner_stays' });
  await tx.delete(organisationMembers).where(eq(organisationMembers.userId, input.userId));
}

/** The open, unexpired invitation of a link's token, with its organisation's name (null otherwise). */
export async function invitationOfToken(db: Db, token: string, now: Date) {
  const [row] = await db
    .select({ invitation: organisationInvitations, organisationName: organisations.name })
    .from(organisationInvitations)
    .innerJoin(organisations, eq(organisations.id, organisationInvitations.organisationId))
    .where(eq(organisationInvitations.tokenHash, hashToken(token)));
  if (!row || invitationStatus(row.invitation, now) !== 'pending') return null;
  return row;
}

/**
 * Uses an invitation once (a conditional UPDATE, so two tabs cannot both accept): the customer
 * joins with the invited role. The caller has created or identified the account of the invited
 * address. Call inside a transaction.
 */
export async function acceptMemberInvitation(
  tx: Db,
  input: { token: string; userId: string; email: string; now: Date },
) {
  const [row] = await tx
    .update(organisationInvitations)
    .set({ acceptedAt: input.now, acceptedBy: input.userId })
    .where(
      and(
        eq(organisationInvitations.tokenHash, hashToken(input.token)),
        eq(organisationInvitations.email, input.email),
        isNull(organisationInvitations.acceptedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, input.now),
      ),
    )
    .returning();
  if (!row) throw badRequest(organisationRefusals.invitationInvalid, { code: 'invalid_invitation' });
  const [joined] = await tx
    .insert(organisationMembers)
    .values({
      userId: input.userId,
      organisationId: row.organisationId,
      role: row.role,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!joined) throw conflict(organisationRefusals.alreadyInOrganisation, { code: 'already_member' });
  return row;
}

/** The organisation of an account as staff see it on the customer's page, or null. */
export async function customerOrganisation(db: Db, userId: string): Promise<AdminCustomerOrganisation | null> {
  const membership = await membershipOf(db, userId);
  if (!membership) return null;
  const { organisation } = membership;
  const members = await membersOf(db, organisation.id, organisation.ownerUserId);
  return {
    id: organisation.id,
    name: organisation.name,
    ownerEmail: members.find((member) => member.isOwner)?.email ?? '',
    members,
    ordersRequireAcceptedQuote: organisation.ordersRequireAcceptedQuote,
    ordersRequirePoNumber: organisation.ordersRequirePoNumber,
    lastStatement: await lastStatementSent(db, organisation.id),
  };
}

/**
 * Staff set an organisation's "Orders need an accepted quote" (step-up: turning it off relaxes a
 * control), audited on the organisation. The organisation's quotes drop no stored PDF: only the
 * order flow reads it.
 */
export async function setOrganisationSettings(
  tx: Db,
  input: {
    admin: Pick<RequestAuth, 'userId' | 'email'>;
    organisationId: string;
    ordersRequireAcceptedQuote?: boolean | undefined;
    ordersRequirePoNumber?: boolean | undefined;
    now: Date;
  },
) {
  const [before] = await tx.select().from(organisations).where(eq(organisations.id, input.organisationId));
  if (!before) throw notFound(organisationRefusals.organisationNotFound);
  const after = {
    ordersRequireAcceptedQuote: input.ordersRequireAcceptedQuote ?? before.ordersRequireAcceptedQuote,
    ordersRequirePoNumber: input.ordersRequirePoNumber ?? before.ordersRequirePoNumber,
  };
  await tx
    .update(organisations)
    .set({ ...after, updatedAt: input.now })
    .where(eq(organisations.id, before.id));
  await writeAudit(tx, {
    admin: input.admin,
    action: 'organisation.settings',
    entityType: 'organisation',
    entityId: before.id,
    before: {
      organisation: before.name,
      ordersRequireAcceptedQuote: before.ordersRequireAcceptedQuote,
      ordersRequirePoNumber: before.ordersRequirePoNumber,
    },
    after: { organisation: before.name, ...after },
    now: input.now,
  });
  return { ...before, ...after };
}

const memberCount =
  sql<number>`(select count(*) from organisation_members m where m.organisation_id = ${organisations.id})`.mapWith(
    Number,
  );

/** The organisations staff may add a customer to, by name (any part), at most 50, names in order. */
export async function searchOrganisations(db: Db, search: string | undefined) {
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      ownerEmail: users.email,
      members: memberCount,
    })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.ownerUserId))
    .where(search ? ilike(organisations.name, `%${likeEscape(search.trim())}%`) : undefined)
    .orderBy(asc(organisations.name), asc(organisations.id))
    .limit(50);
  return rows;
}

/** The organisations whose name is this one, in any case and spacing at the ends. */
export async function organisationsNamed(db: Db, name: string) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      ownerEmail: users.email,
      members: memberCount,
    })
    .from(organisations)
    .innerJoin(users, eq(users.id, organisations.ownerUserId))
    .where(sql`lower(trim(${organisations.name})) = ${name.trim().toLowerCase()}`)
    .orderBy(asc(organisations.createdAt), asc(organisations.id));
}

/**
 * Staff add an account customer to an organisation (step-up, audited on the customer): customers
 * with the same organisation name are never merged on their own. A customer already in one is refused.
 */
export async function addCustomerToOrganisation(
  tx: Db,
  input: {
    admin: Pick<RequestAuth, 'userId' | 'email'>;
    userId: string;
    organisationId: string;
    role: OrganisationRole;
    now: Date;
  },
) {
  const [account] = await tx
    .select({ id: profiles.id, isAdmin: profiles.isAdmin })
    .from(profiles)
    .where(eq(profiles.id, input.userId));
  if (!account) throw notFound(organisationRefusals.customerNotFound);
  const [organisation] = await tx.select().from(organisations).where(eq(organisations.id, input.organisationId));
  if (!organisation) throw notFound(organisationRefusals.organisationNotFound);
  const [joined] = await tx
    .insert(organisationMembers)
    .values({
      userId: input.userId,
      organisationId: organisation.id,
      role: input.role,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!joined) throw conflict(organisationRefusals.alreadyMember, { code: 'already_member' });
  await writeAudit(tx, {
    admin: input.admin,
    action: 'customer.add_to_organisation',
    entityType: 'user',
    entityId: input.userId,
    before: { organisation: null },
    after: { organisation: organisation.name, organisationId: organisation.id, role: input.role },
    now: input.now,
  });
  return organisation;
}

/** The last monthly statement (customers/organisation-statements.ts) an organisation's accounts payable were sent (null: none yet). */
export async function lastStatementSent(db: Db, organisationId: string) {
  const [row] = await db
    .select({
      period: organisationStatements.period,
      sentAt: organisationStatements.sentAt,
      recipients: organisationStatements.recipients,
    })
    .from(organisationStatements)
    .where(and(eq(organisationStatements.organisationId, organisationId), gt(organisationStatements.recipients, 0)))
    .orderBy(desc(organisationStatements.period))
    .limit(1);
  return row ? { period: row.period, sentAt: row.sentAt.toISOString(), recipients: row.recipients } : null;
}

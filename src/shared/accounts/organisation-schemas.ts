import { z } from 'zod';
import { defineMessages, englishOf, formatIcu, type MessageDescriptor } from '../i18n/message';
import { emailSchema, passwordSchema } from './auth-schemas';
import { cleanLine } from '../clean-text';
import { organisationFieldMessages } from './organisation-field-messages';
import { LANGUAGES } from '../i18n/languages';
import { einvoiceDeliverySchema } from '../einvoice/einvoice-delivery';

/**
 * An organisation's members (issue 39, decision 0068): the requests and answers of My Account's
 * Organisation tab, the invitation's page and the admin customer page (docs/api/accounts.md, admin.md).
 */

export const organisationRoles = ['buyer', 'approver', 'accounts_payable'] as const;
export type OrganisationRole = (typeof organisationRoles)[number];

/** The roles as the pages and e-mails name them. */
export const organisationRoleNames = defineMessages({
  buyer: { id: 'organisation.buyer', message: 'Buyer' },
  approver: { id: 'organisation.approverRole', message: 'Approver' },
  accounts_payable: { id: 'organisation.accountsPayable', message: 'Accounts payable' },
}) satisfies Record<OrganisationRole, MessageDescriptor>;
export const organisationRoleLabels: Record<OrganisationRole, string> = englishOf(organisationRoleNames);

/** What each role does beyond seeing the organisation's quotes, orders, instruments and documents. */
export const organisationRoleDoes = defineMessages({
  buyer: { id: 'organisation.buyerDoes', message: 'Asks for quotes and places orders.' },
  approver: { id: 'organisation.approverDoes', message: 'Also accepts quotes for the organisation.' },
  accounts_payable: {
    id: 'organisation.accountsPayableDoes',
    message: 'Also receives the invoices, credit notes and payment reminders by e-mail.',
  },
}) satisfies Record<OrganisationRole, MessageDescriptor>;
export const organisationRoleDescriptions: Record<OrganisationRole, string> = englishOf(organisationRoleDoes);

/** Invitations one owner sends in 24 hours (security issue 48, F2), besides 10 an hour: a team, not a mailing list. */
export const INVITATIONS_PER_DAY = 20;

/** The organisation's refusals and notices, by id (issue 53): the server's refusals carry the id to the page. */
export const organisationRefusals = defineMessages({
  nameRequired: organisationFieldMessages.nameRequired,
  alreadyInOrganisation: { id: 'orgInvite.alreadyInOrganisation', message: 'You already belong to an organisation.' },
  notInOrganisation: { id: 'orgRefusal.notInOrganisation', message: 'You do not belong to an organisation.' },
  ownerOnly: { id: 'orgRefusal.ownerOnly', message: 'Only the organisation’s owner can manage its members.' },
  memberNotFound: { id: 'orgRefusal.memberNotFound', message: 'Member not found' },
  invitationNotFound: { id: 'orgRefusal.invitationNotFound', message: 'Invitation not found' },
  alreadyMember: { id: 'orgInvite.alreadyMember', message: 'This person already belongs to an organisation.' },
  ownerStays: { id: 'orgRefusal.ownerStays', message: 'The owner cannot be removed from their organisation.' },
  invitationInvalid: {
    id: 'orgInvite.invalid',
    message: 'This invitation link is invalid, used, revoked or expired. Ask the organisation’s owner for a new one.',
  },
  invitationOtherAccount: {
    id: 'orgInvite.otherAccount',
    message: 'This invitation is for another e-mail address. Sign out, then open the link again.',
  },
  invitationSignIn: {
    id: 'orgInvite.signIn',
    message: 'An account with this e-mail already exists: sign in, then open the link again.',
  },
  tooManyInvitations: {
    id: 'orgRefusal.tooManyInvitations',
    message: 'Too many invitations. Please wait before inviting more colleagues.',
  },
  tooManyInvitationsToday: {
    id: 'orgRefusal.tooManyInvitationsToday',
    message:
      'You have sent {count} invitations in the last 24 hours. Please wait a day before inviting more colleagues.',
  },
  nameWebAddress: organisationFieldMessages.nameWebAddress,
  invited: { id: 'organisation.invited', message: 'Invitation sent' },
  removed: { id: 'organisation.removed', message: 'Member removed' },
  roleChanged: { id: 'organisation.roleChanged', message: 'Role changed' },
  added: { id: 'organisation.added', message: 'Added to the organisation' },
  organisationNotFound: { id: 'orgRefusal.organisationNotFound', message: 'Organisation not found' },
  customerNotFound: { id: 'orgRefusal.customerNotFound', message: 'Customer not found' },
});

/** The English of each, as the API's `message` says it (the daily limit with its number filled in). */
export const organisationMessages = {
  ...englishOf(organisationRefusals),
  tooManyInvitationsToday: formatIcu(organisationRefusals.tooManyInvitationsToday.message, {
    count: INVITATIONS_PER_DAY,
  }),
};

const roleSchema = z.enum(organisationRoles);

/**
 * A web address, a domain-like word (something.tld, a full-width or ideographic dot too) or an
 * e-mail address. An organisation's name is shown to anyone its owner invites, so it carries none
 * (security issue 48, F2): "St. Andrews" passes, "evil.example" does not.
 */
const WEB_ADDRESS = /https?:|www[.．。]|@|＠|[\p{L}\p{N}_-][.．。][\p{L}]{2,}/iu;
export const looksLikeWebAddress = (text: string) => WEB_ADDRESS.test(text);

const organisationName = z
  .string({ error: organisationRefusals.nameRequired.id })
  .max(200)
  .transform((value) => cleanLine(value))
  .refine((value) => value !== '', { error: organisationRefusals.nameRequired.id })
  .refine((value) => !looksLikeWebAddress(value), { error: organisationRefusals.nameWebAddress.id });

export const organisationMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  isOwner: z.boolean(),
  joinedAt: z.string(),
});
export type OrganisationMember = z.infer<typeof organisationMemberSchema>;

export const organisationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Pending until accepted, revoked or past expiresAt. */
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
});
export type OrganisationInvitation = z.infer<typeof organisationInvitationSchema>;

export const organisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The signed-in customer's own role and whether they own (manage) it. */
  role: roleSchema,
  isOwner: z.boolean(),
  members: z.array(organisationMemberSchema),
  /** The open invitations: the owner's view only (empty for other members). */
  invitations: z.array(organisationInvitationSchema),
  /** "Orders need an accepted quote": staff set it; the members see it (issue 39, decision 0065). */
  ordersRequireAcceptedQuote: z.boolean(),
  /** "Orders require a PO number" for the organisation's members (staff change it: customers.edit, step-up). */
  ordersRequirePoNumber: z.boolean(),
  /** How its members' invoices are e-mailed (issue 52): the owner chooses; a member's own choice wins for them. */
  einvoiceDelivery: einvoiceDeliverySchema.optional(),
});
export type Organisation = z.infer<typeof organisationSchema>;

/** GET /api/account/organisation (and the answer of every change to it). */
export const organisationAnswerSchema = z.object({ organisation: organisationSchema.nullable() });

/** POST /api/account/organisation: the name defaults to the profile's organisation. */
export const createOrganisationRequestSchema = z.object({ name: organisationName.optional() });

/** POST /api/account/organisation/invitations. */
export const inviteMemberRequestSchema = z.object({ email: emailSchema, role: roleSchema });
export type InviteMemberRequest = z.input<typeof inviteMemberRequestSchema>;

/** PUT /api/account/organisation/members/{userId}/role. */
export const memberRoleRequestSchema = z.object({ role: roleSchema });

/** POST /api/organisation-invitations/preview: what the invitee sees before accepting. */
export const organisationInvitationPreviewSchema = z.object({
  organisationName: z.string(),
  email: z.string(),
  role: roleSchema,
  expiresAt: z.string(),
  /** An account with this e-mail exists: the invitee signs in instead of choosing a password. */
  accountExists: z.boolean(),
});

/**
 * POST /api/organisation-invitations/accept: a password for a new account, nothing for a signed-in one;
 * `language`, the page's, becomes a new account's language (issue 53), as at a sign-up.
 */
export const acceptOrganisationInvitationRequestSchema = z.object({
  password: passwordSchema.optional(),
  language: z.enum(LANGUAGES).optional(),
});
export const acceptOrganisationInvitationAnswerSchema = z.object({
  accepted: z.literal(true),
  email: z.string(),
  organisationName: z.string(),
});

/** The organisation as staff see it on a customer's page (GET /api/admin/customers/{key}). */
export const adminCustomerOrganisationSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerEmail: z.string(),
  members: z.array(organisationMemberSchema),
  /** "Orders need an accepted quote" for the organisation's quotes (staff change it: customers.edit, step-up). */
  ordersRequireAcceptedQuote: z.boolean(),
  /** "Orders require a PO number" for the organisation's members (staff change it: customers.edit, step-up). */
  ordersRequirePoNumber: z.boolean(),
  /** The last monthly statement e-mailed to its accounts payable: month (YYYY-MM), when, to how many (null: none yet). */
  lastStatement: z.object({ period: z.string(), sentAt: z.string(), recipients: z.number().int() }).nullable(),
});
export type AdminCustomerOrganisation = z.infer<typeof adminCustomerOrganisationSchema>;

/** PUT /api/admin/organisations/{id}/settings: the organisation's own rules. */
export const organisationSettingsRequestSchema = z
  .object({ ordersRequireAcceptedQuote: z.boolean().optional(), ordersRequirePoNumber: z.boolean().optional() })
  .strict()
  .refine((body) => body.ordersRequireAcceptedQuote !== undefined || body.ordersRequirePoNumber !== undefined, {
    message: 'Say which setting to change.',
  });
/** PUT /api/admin/organisations/{id}/settings: both settings as they now stand. */
export const organisationSettingsSchema = z.object({
  ordersRequireAcceptedQuote: z.boolean(),
  ordersRequirePoNumber: z.boolean(),
});

/** An organisation staff may add the customer to (same name first), GET /api/admin/organisations. */
export const adminOrganisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerEmail: z.string(),
  members: z.number().int(),
});
export const adminOrganisationsAnswerSchema = z.object({ organisations: z.array(adminOrganisationSummarySchema) });
export const adminOrganisationsQuerySchema = z.object({ search: z.string().max(200).optional() });

/** POST /api/admin/customers/{key}/organisation: staff add an account customer (step-up, audited). */
export const addToOrganisationRequestSchema = z.object({ organisationId: z.uuid(), role: roleSchema });

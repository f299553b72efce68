import { z } from 'zod';
import { emailSchema, passwordSchema } from '../accounts/auth-schemas';
import { cleanLine } from '../clean-text';
import { adminListQuerySchema } from '../lists';
import { type Role, roleNames } from './permissions';

/** The Staff page's and the invitation's requests and answers (docs/api/admin.md: staff; docs/api/accounts.md: staff invitations). */

export const staffMessages = {
  lastOwner: 'The last Owner cannot lose the Owner role.',
  selfDeactivation: 'You cannot deactivate yourself.',
  notStaff: 'This person is not a staff member.',
  rolesRequired: 'Choose at least one role.',
  rolesUpdated: 'Roles updated',
  deactivated: 'Staff member deactivated',
  invited: 'Invitation sent',
  resent: 'Invitation sent again',
  revoked: 'Invitation revoked',
  alreadyStaff: 'This person is already a staff member.',
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation link is invalid, used, revoked or expired. Ask an Owner for a new one.',
  invitationOtherAccount: 'This invitation is for another e-mail address. Sign out, then open the link again.',
  invitationSignIn: 'An account with this e-mail already exists: sign in, then open the link again.',
  inviteInstead: 'Invite staff from the Staff page; they accept with their own sign-in.',
  loadFailed: 'Failed to load staff. Please try again.',
  firstNameRequired: 'Enter their first name.',
  lastNameRequired: 'Enter their last name.',
} as const;

/** A name of the invitee, as the profile form cleans and limits it (one line, at most 100), required. */
const inviteeName = (message: string) =>
  z
    .string({ error: message })
    .max(100)
    .transform((value) => cleanLine(value))
    .refine((value) => value !== '', { error: message });

const roleSchema = z.enum(roleNames as [Role, ...Role[]]);

/** One or more roles, each once. */
export const rolesSchema = z
  .array(roleSchema)
  .min(1, staffMessages.rolesRequired)
  .max(roleNames.length)
  .transform((roles) => [...new Set(roles)]);

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  roles: z.array(roleSchema),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** "First Last" as the Owner typed it; null for an invitation sent before names were asked. */
  name: z.string().nullable(),
  roles: z.array(roleSchema),
  invitedByEmail: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Pending until accepted, revoked or past expiresAt. */
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

/** GET /api/admin/staff (and staff.csv): search (e-mail or name, any part), a role, the page. */
export const staffListQuerySchema = adminListQuerySchema.pick({ search: true, page: true, pageSize: true }).extend({
  role: z.preprocess((value) => (value === '' ? undefined : value), roleSchema.optional()),
});
export type StaffListQuery = z.output<typeof staffListQuerySchema>;

/** GET /api/admin/staff: one page of staff members (newest first) and the open invitations. */
export const staffAnswerSchema = z.object({
  staff: z.array(staffMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  invitations: z.array(staffInvitationSchema),
});

/** PUT /api/admin/staff/{id}/roles. */
export const staffRolesRequestSchema = z.object({ roles: rolesSchema });
export const staffMemberAnswerSchema = z.object({ member: staffMemberSchema });

/** POST /api/admin/staff/invitations. */
export const inviteStaffRequestSchema = z.object({
  email: emailSchema,
  firstName: inviteeName(staffMessages.firstNameRequired),
  lastName: inviteeName(staffMessages.lastNameRequired),
  roles: rolesSchema,
});
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;
export const staffInvitationAnswerSchema = z.object({ invitation: staffInvitationSchema });

/** GET /api/staff-invitations/{token}: what the invitee sees before accepting. */
export const invitationPreviewSchema = z.object({
  email: z.string(),
  roles: z.array(roleSchema),
  expiresAt: z.string(),
  /** An account with this e-mail exists: the invitee signs in instead of choosing a password. */
  accountExists: z.boolean(),
});

/** POST /api/staff-invitations/{token}/accept: a password for a new account, nothing for a signed-in one. */
export const acceptInvitationRequestSchema = z.object({ password: passwordSchema.optional() });
export const acceptInvitationAnswerSchema = z.object({ accepted: z.literal(true), email: z.string() });

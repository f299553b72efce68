import { roles as roleTable } from '../../shared/staff/permissions';
import { invitationPreviewSchema, staffMessages } from '../../shared/staff/staff-schemas';
import { InvitationCard, type InvitationKind } from './invitation-card';

type Preview = ReturnType<typeof invitationPreviewSchema.parse>;

const staffInvitation: InvitationKind<Preview> = {
  api: '/api/staff-invitations',
  parsePreview: (body) => invitationPreviewSchema.parse(body),
  next: '/admin',
  // The admin's door: its words stay English, whatever the page's language.
  translated: false,
  words: () => ({
    page: { title: 'Staff invitation | Dropwise', description: 'Join the Dropwise admin.' },
    heading: () => 'Join the Dropwise admin',
    invitedAs: (invitation) => (
      <>
        You are invited as <strong>{invitation.roles.map((role) => roleTable[role].label).join(', ')}</strong> with the
        e-mail <strong>{invitation.email}</strong>. Next you will set up an authenticator app, which every staff member
        needs.
      </>
    ),
    messages: staffMessages,
    buttons: { accept: 'Accept invitation', accepting: 'Accepting...', create: 'Create account and continue' },
    // The admin's door stays English (decision 0069): the server's English as it came.
    refusal: (failure) => (failure instanceof Error ? failure.message : ''),
  }),
};

/**
 * `/staff-invitation?token=…`, the link of an Owner's invitation (issue 24): a new staff member
 * chooses a password; someone whose e-mail already has an account signs in and accepts. Either way
 * the admin opens once they set up an authenticator (the app's set-up step for every admin). A
 * storefront page: it imports no admin code (scripts/check-admin-graph.mjs).
 */
export function StaffInvitationPage() {
  return <InvitationCard kind={staffInvitation} />;
}

import {
  organisationInvitationPreviewSchema,
  organisationMessages,
  organisationRoleDescriptions,
  organisationRoleLabels,
} from '../../shared/accounts/organisation-schemas';
import { InvitationCard, type InvitationKind } from './invitation-card';

type Preview = ReturnType<typeof organisationInvitationPreviewSchema.parse>;

const organisationInvitation: InvitationKind<Preview> = {
  api: '/api/organisation-invitations',
  parsePreview: (body) => organisationInvitationPreviewSchema.parse(body),
  next: '/my-account?tab=organisation',
  page: { title: 'Organisation invitation | Dropwise', description: 'Join your organisation.' },
  heading: (invitation) => (invitation ? `Join ${invitation.organisationName}` : 'Join your organisation'),
  invitedAs: (invitation) => (
    <>
      You are invited as <strong>{organisationRoleLabels[invitation.role]}</strong> with the e-mail{' '}
      <strong>{invitation.email}</strong>: you will see the organisation&apos;s quotes, orders, instruments and
      documents. {organisationRoleDescriptions[invitation.role]}
    </>
  ),
  messages: organisationMessages,
  buttons: { accept: 'Join the organisation', accepting: 'Joining...', create: 'Create account and join' },
};

/**
 * `/organisation-invitation?token=…`, the link of an organisation owner's invitation (issue 39): the
 * invitee signs in with the invited address and accepts, or creates their account with a password
 * (the link proves the mailbox). Then My Account shows the organisation's quotes, orders and documents.
 */
export function OrganisationInvitationPage() {
  return <InvitationCard kind={organisationInvitation} />;
}

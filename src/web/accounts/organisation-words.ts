import {
  organisationMessages,
  organisationRoleDescriptions,
  organisationRoleLabels,
  type OrganisationRole,
} from '../../shared/accounts/organisation-schemas';
import { knownMessage } from '../i18n/known-messages';
import type { PageText } from '../i18n/use-t';

/** A role's name in the page's language (English: the shared label). */
export function roleLabel({ language, t }: PageText, role: OrganisationRole): string {
  if (language === 'en') return organisationRoleLabels[role];
  if (role === 'buyer') return t('organisation.buyer', 'Buyer');
  if (role === 'approver') return t('organisation.approverRole', 'Approver');
  return t('organisation.accountsPayable', 'Accounts payable');
}

/** What a role may do, in the page's language (English: the shared description). */
export function roleDescription({ language, t }: PageText, role: OrganisationRole): string {
  if (language === 'en') return organisationRoleDescriptions[role];
  if (role === 'buyer') return t('organisation.buyerDoes', 'Asks for quotes and places orders.');
  if (role === 'approver') return t('organisation.approverDoes', 'Also accepts quotes for the organisation.');
  return t(
    'organisation.accountsPayableDoes',
    'Also receives the invoices, credit notes and payment reminders by e-mail.',
  );
}

/**
 * The organisation's refusals and notices (shared `organisationMessages`, the server's English) in the page's
 * language; any other message by known-messages.ts.
 */
export function organisationRefusal(text: PageText, message: string): string {
  const { language, t } = text;
  if (language === 'en') return message;
  switch (message) {
    case organisationMessages.invitationInvalid:
      return invitationInvalid(text);
    case organisationMessages.invitationOtherAccount:
      return invitationOtherAccount(text);
    case organisationMessages.invitationSignIn:
      return invitationSignIn(text);
    case organisationMessages.alreadyInOrganisation:
      return t('orgInvite.alreadyInOrganisation', 'You already belong to an organisation.');
    case organisationMessages.alreadyMember:
      return t('orgInvite.alreadyMember', 'This person already belongs to an organisation.');
    case organisationMessages.nameRequired:
      return t('orgRefusal.nameRequired', 'Enter the organisation’s name.');
    case organisationMessages.notInOrganisation:
      return t('orgRefusal.notInOrganisation', 'You do not belong to an organisation.');
    case organisationMessages.ownerOnly:
      return t('orgRefusal.ownerOnly', 'Only the organisation’s owner can manage its members.');
    case organisationMessages.memberNotFound:
      return t('orgRefusal.memberNotFound', 'Member not found');
    case organisationMessages.invitationNotFound:
      return t('orgRefusal.invitationNotFound', 'Invitation not found');
    case organisationMessages.ownerStays:
      return t('orgRefusal.ownerStays', 'The owner cannot be removed from their organisation.');
    case organisationMessages.tooManyInvitations:
      return t('orgRefusal.tooManyInvitations', 'Too many invitations. Please wait before inviting more colleagues.');
    case organisationMessages.organisationNotFound:
      return t('orgRefusal.organisationNotFound', 'Organisation not found');
    default:
      return knownMessage(text, message);
  }
}

export const invitationInvalid = ({ t }: PageText) =>
  t(
    'orgInvite.invalid',
    'This invitation link is invalid, used, revoked or expired. Ask the organisation’s owner for a new one.',
  );
export const invitationOtherAccount = ({ t }: PageText) =>
  t('orgInvite.otherAccount', 'This invitation is for another e-mail address. Sign out, then open the link again.');
export const invitationSignIn = ({ t }: PageText) =>
  t('orgInvite.signIn', 'An account with this e-mail already exists: sign in, then open the link again.');

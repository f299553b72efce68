import type { ReactNode } from 'react';
import { organisationInvitationPreviewSchema } from '../../shared/accounts/organisation-schemas';
import type { PageText } from '../i18n/use-t';
import { InvitationCard, type InvitationKind, type InvitationWords } from './invitation-card';
import {
  organisationRefusals,
  organisationRoleDoes,
  organisationRoleNames,
} from '../../shared/accounts/organisation-schemas';
import '../i18n/field-messages';

type Preview = ReturnType<typeof organisationInvitationPreviewSchema.parse>;

/** Marks a placeholder's place in a translated sentence, to set its value in bold there. */
const mark = (name: string) => `\uE000${name}\uE000`;

/** A sentence with `{name}` placeholders whose values are shown in bold. */
function withBold(sentence: string, values: Record<string, string>): ReactNode[] {
  return sentence
    .split(/\uE000(\w+)\uE000/)
    .map((part, index) => (index % 2 === 1 ? <strong key={part}>{values[part]}</strong> : part));
}

/** The organisation invitation's words in the page's language (English: the specification's, word for word). */
export function organisationInvitationWords(text: PageText): InvitationWords<Preview> {
  const { t } = text;
  return {
    page: {
      title: t('orgInvite.title', 'Organisation invitation | Dropwise'),
      description: t('orgInvite.description', 'Join your organisation.'),
    },
    heading: (invitation) =>
      invitation
        ? t('orgInvite.join', 'Join {organisation}', { organisation: invitation.organisationName })
        : t('orgInvite.joinYours', 'Join your organisation'),
    invitedAs: (invitation) => (
      <>
        {withBold(
          t(
            'orgInvite.invitedAs',
            "You are invited as {role} with the e-mail {email}: you will see the organisation's quotes, orders, instruments and documents.",
            { role: mark('role'), email: mark('email') },
          ),
          { role: text.message(organisationRoleNames[invitation.role]), email: invitation.email },
        )}{' '}
        {text.message(organisationRoleDoes[invitation.role])}
      </>
    ),
    messages: {
      invitationInvalid: text.message(organisationRefusals.invitationInvalid),
      invitationOtherAccount: text.message(organisationRefusals.invitationOtherAccount),
      invitationSignIn: text.message(organisationRefusals.invitationSignIn),
    },
    buttons: {
      accept: t('orgInvite.accept', 'Join the organisation'),
      accepting: t('orgInvite.accepting', 'Joining...'),
      create: t('orgInvite.create', 'Create account and join'),
    },
    refusal: (failure) => text.said(failure),
  };
}

const organisationInvitation: InvitationKind<Preview> = {
  api: '/api/organisation-invitations',
  parsePreview: (body) => organisationInvitationPreviewSchema.parse(body),
  next: '/my-account?tab=organisation',
  translated: true,
  words: organisationInvitationWords,
};

/**
 * `/organisation-invitation?token=…`, the link of an organisation owner's invitation (issue 39): the
 * invitee signs in with the invited address and accepts, or creates their account with a password
 * (the link proves the mailbox). Then My Account shows the organisation's quotes, orders and documents.
 * In the page's language (issue 40).
 */
export function OrganisationInvitationPage() {
  return <InvitationCard kind={organisationInvitation} />;
}

import {
  organisationRoleDescriptions,
  organisationRoleLabels,
  type OrganisationRole,
} from '../../shared/accounts/organisation-schemas';
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

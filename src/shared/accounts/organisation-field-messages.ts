import { defineMessages } from '../i18n/message';

/** The organisation's name field's messages, by id (issue 53, decision 0084): its schema carries the id. */
export const organisationFieldMessages = defineMessages({
  nameRequired: { id: 'orgRefusal.nameRequired', message: 'Enter the organisation’s name.' },
  nameWebAddress: {
    id: 'orgRefusal.nameWebAddress',
    message:
      'Enter the organisation’s name without a web address, domain or e-mail address: it is shown in the invitations we e-mail.',
  },
});

import {
  codeDescriptor,
  freshCodeDescriptor,
  passwordDescriptor,
  recoveryCodeDescriptor,
} from './accounts/auth-field-messages';
import { organisationFieldMessages } from './accounts/organisation-field-messages';
import { titleFieldMessages } from './accounts/title';
import { emailErrorDescriptor, emailFieldDescriptor } from './email-address';
import { englishText, type Message, type MessageDescriptor } from './i18n/message';
import { addressFieldMessages, languageFieldDescriptor } from './orders/address-field-messages';
import { poDocumentFieldMessages } from './orders/po-field-messages';
import { quoteAcceptFieldMessages } from './quotes/quote-accept-field-messages';
import { quoteFieldMessages } from './quotes/quote-messages';
import { serviceFieldMessages } from './service-requests/service-field-messages';
import { waitlistFieldMessages } from './waitlist-field-messages';

/**
 * The shared form fields' messages (issue 53, decision 0084): the zod schemas that browser and server
 * share carry a field's message as its descriptor's id (`{ error: emailFieldDescriptor.id }`), never its
 * English: the sign-in, order, quote, supplier-pack and waitlist forms', the quote acceptance's, the
 * service request's and decontamination declaration's, the PO upload's and the document language's. The page shows a field's error by the id in its own language (`useT().said`); the server
 * answers a 400 with the English as `fields` and the id as `fieldMessageIds` (`fieldRefusal`).
 */
export const sharedFieldDescriptors: readonly MessageDescriptor[] = [
  emailFieldDescriptor,
  emailErrorDescriptor,
  passwordDescriptor,
  codeDescriptor,
  recoveryCodeDescriptor,
  freshCodeDescriptor,
  ...Object.values(addressFieldMessages),
  ...Object.values(quoteFieldMessages),
  ...Object.values(titleFieldMessages),
  languageFieldDescriptor,
  ...Object.values(organisationFieldMessages),
  ...Object.values(quoteAcceptFieldMessages),
  ...Object.values(serviceFieldMessages),
  ...Object.values(waitlistFieldMessages),
  // The PO number's "too long" is the address form's (error.tooLong), listed once above.
  poDocumentFieldMessages.notPdf,
  poDocumentFieldMessages.tooLarge,
];

let byId: Map<string, MessageDescriptor> | undefined;

/** The descriptor of a shared field message by its id (what a zod issue of a shared schema says), if it is one. */
export function fieldDescriptor(id: string): MessageDescriptor | undefined {
  byId ??= new Map(sharedFieldDescriptors.map((descriptor) => [descriptor.id, descriptor]));
  return byId.get(id);
}

/** What an API answer says of fields: the English per field, and the message's id where it has one. */
export interface FieldRefusal {
  fields: Record<string, string>;
  fieldMessageIds: Record<string, string>;
}

/**
 * The fields of a refusal (field path → a zod issue's message, or a descriptor) as the API answers them:
 * a shared field's id becomes its English in `fields` and stays as the id in `fieldMessageIds`; other
 * text is passed as it came.
 */
export function fieldRefusal(said: Record<string, string | Message>): FieldRefusal {
  const fields: Record<string, string> = {};
  const fieldMessageIds: Record<string, string> = {};
  for (const [path, message] of Object.entries(said)) {
    const descriptor = typeof message === 'string' ? fieldDescriptor(message) : message;
    fields[path] = descriptor ? englishText(descriptor) : (message as string);
    if (descriptor) fieldMessageIds[path] = descriptor.id;
  }
  return { fields, fieldMessageIds };
}

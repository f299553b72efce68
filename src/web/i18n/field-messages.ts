import {
  codeDescriptor,
  freshCodeDescriptor,
  passwordDescriptor,
  recoveryCodeDescriptor,
} from '../../shared/accounts/auth-field-messages';
import { emailErrorDescriptor, emailFieldDescriptor } from '../../shared/email-address';
import type { MessageDescriptor } from '../../shared/i18n/message';
import { addressFieldMessages } from '../../shared/orders/address-field-messages';
import { quoteFieldMessages } from '../../shared/quotes/quote-messages';
import { titleFieldMessages } from '../../shared/accounts/title';

/**
 * The shared form fields' messages (the zod schemas' `error`, used by browser and server) as
 * descriptors. zod carries a message as a string, so a form field's error reaches the page as its
 * English: the page finds its descriptor here (built from the descriptors, never written twice) and
 * shows it by the id. Server refusals do not come this way: they carry their id (`ApiError.messageId`).
 */
const fieldDescriptors: MessageDescriptor[] = [
  emailFieldDescriptor,
  emailErrorDescriptor,
  passwordDescriptor,
  codeDescriptor,
  recoveryCodeDescriptor,
  freshCodeDescriptor,
  ...Object.values(addressFieldMessages),
  ...Object.values(quoteFieldMessages),
  ...Object.values(titleFieldMessages),
];

let byMessage: Map<string, MessageDescriptor> | undefined;

/** The descriptor of a shared field message (zod's English), if it is one. */
export function fieldMessage(message: string): MessageDescriptor | undefined {
  byMessage ??= new Map(fieldDescriptors.map((descriptor) => [descriptor.message, descriptor]));
  return byMessage.get(message);
}

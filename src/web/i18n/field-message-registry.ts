import type { MessageDescriptor } from '../../shared/i18n/message';

/**
 * The shared form fields' messages the page can show by id (`useT().said`). Every page uses `useT`, so
 * it does not import all the descriptors itself (about 1 KB gzip of English that the home page, with
 * no form, would load first): the modules that show a field's error import `./field-messages`, which
 * makes them known here.
 */
const known = new Map<string, MessageDescriptor>();

export function knowFieldMessages(descriptors: readonly MessageDescriptor[]): void {
  for (const descriptor of descriptors) known.set(descriptor.id, descriptor);
}

/** The descriptor of a shared field message by its id, once `./field-messages` is loaded. */
export function knownFieldMessage(id: string): MessageDescriptor | undefined {
  return known.get(id);
}

import type { Title } from '../accounts/title';
import type { Translator } from './translator';

/** A title the greeting can address a person by (issue 53, src/shared/accounts/title.ts); none when not given. */
export type { Title };

/** Whom an e-mail greets: the names as the buyer typed them, and a title when one is known. */
export interface GreetingName {
  firstName?: string | null;
  lastName?: string | null;
  title?: Title | null;
}

/**
 * The salutation of a customer e-mail (issue 53, docs/glossary.md "greeting"). English greets by the
 * first name, as the shop always has ("Dear Ada,"), or "Dear Ms Lovelace," with a title. German and
 * French are formal and greet by the family name: "Guten Tag Herr Becker," / "Bonjour Madame Martin,"
 * with a title; without one, the full name ("Guten Tag Thomas Becker,", "Bonjour Claire Martin,"),
 * never the first name alone beside "Sie" or "vous". With no name to use, the general salutation
 * (`fallbackId`: "Dear customer,", "Sehr geehrte Kundin, sehr geehrter Kunde,").
 */
export function greetingLine(
  tr: Translator,
  person: GreetingName | null | undefined,
  fallbackId = 'mail.greetingCustomer',
): string {
  const firstName = person?.firstName?.trim() ?? '';
  const lastName = person?.lastName?.trim() ?? '';
  const title = person?.title && lastName ? person.title : 'none';
  const usable = tr.language === 'en' ? firstName !== '' || title !== 'none' : lastName !== '';
  if (!usable) return tr.t(fallbackId);
  return tr.t('mail.greeting', { title, firstName, lastName }).replace(/ {2,}/g, ' ').replace(/ ,$/, ',');
}

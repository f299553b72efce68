import { defineMessages } from '../i18n/message';

/**
 * The titles a buyer may give beside their name (issue 53, docs/glossary.md "title"): Mr or Ms
 * ("Herr"/"Frau", "Monsieur"/"Madame"), or none. The German and French e-mails greet by it and the
 * family name ("Guten Tag Herr Becker,", "Bonjour Madame Martin,"); without one, the full name.
 */
export const TITLES = ['mr', 'ms'] as const;
export type Title = (typeof TITLES)[number];

export const titleFieldMessages = defineMessages({
  title: { id: 'error.title', message: 'Choose Mr, Ms or no title' },
});

/** A stored value as a title (a JSON field or column read back): anything not ours is none. */
export const asTitle = (value: unknown): Title | null =>
  typeof value === 'string' && (TITLES as readonly string[]).includes(value) ? (value as Title) : null;

/** A title as staff read it, in the shop's own language: "Mr", "Ms" (none: empty). */
export const englishTitle = (title: Title | null | undefined): string =>
  title === 'mr' ? 'Mr' : title === 'ms' ? 'Ms' : '';

/** A name as staff read it, its title first when given: "Mr Thomas Becker". */
export const titledName = (title: Title | null | undefined, ...names: (string | null | undefined)[]): string =>
  [englishTitle(title), ...names.map((name) => name?.trim() ?? '')].filter(Boolean).join(' ');

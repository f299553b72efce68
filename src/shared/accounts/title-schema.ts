import { z } from 'zod';
import { TITLES, type Title, titleFieldMessages } from './title';

/*
 * The title's zod schemas, apart from title.ts so that the pages that only name or show a title (the
 * flows' saved state, field messages) do not bring zod into the home page's first load.
 */

/**
 * The title as a form or request gives it: 'mr', 'ms', or none (null, absent, or the select's empty
 * "—"); anything else is refused with `titleFieldMessages.title`. Read as `Title | null`.
 */
export const titleSchema = z
  .enum(['', ...TITLES], { error: titleFieldMessages.title.id })
  .nullable()
  .optional()
  .transform((value): Title | null => (value ? value : null));

/** A title as stored and answered: 'mr', 'ms' or null (a value not ours reads none). */
export const storedTitleSchema = z.enum(TITLES).nullable().optional();

/** The title in an edit (the profile): as `titleSchema`, but absent leaves the stored one unchanged. */
export const titleEditSchema = z
  .enum(['', ...TITLES], { error: titleFieldMessages.title.id })
  .nullable()
  .optional()
  .transform((value): Title | null | undefined => (value === undefined ? undefined : value || null));

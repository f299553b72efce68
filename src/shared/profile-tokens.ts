import type { PublicBusinessProfile } from './business-profile';
import { phoneHref } from './business-profile';

/**
 * Prerendered pages are built with a token in place of each business-profile text (a private-use
 * character pair around the field's path), and the server puts the profile in force into them as
 * it serves them (src/server/http/profile-html.ts): a change in the admin shows on the next page
 * load, without a rebuild. Derived texts a page cannot build from tokens (the `tel:` link) have
 * tokens of their own.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
export const PROFILE_TOKEN = /\uE000([a-zA-Z.]+)\uE001/g;

/** The texts a page shows: the profile's own and the derived ones. */
export type ProfileTexts = PublicBusinessProfile & { phoneHref: string };

export const profileTexts = (profile: PublicBusinessProfile): ProfileTexts => ({
  ...profile,
  phoneHref: phoneHref(profile.phone),
});

const token = (path: string) => `${OPEN}${path}${CLOSE}`;

/** The profile whose every text is its token, for the prerender. */
export function tokenProfile(example: PublicBusinessProfile): ProfileTexts {
  const walk = (value: unknown, path: string): unknown =>
    typeof value === 'string'
      ? token(path)
      : Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
            key,
            walk(inner, path ? `${path}.${key}` : key),
          ]),
        );
  return walk(profileTexts(example), '') as ProfileTexts;
}

/** The value at a token's path, '' for an unknown path. */
export function profileValue(texts: ProfileTexts, path: string): string {
  let value: unknown = texts;
  for (const key of path.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return typeof value === 'string' ? value : '';
}

import { exampleBusinessProfile, publicProfileOf } from '../../shared/business-profile';
import { type ProfileTexts, profileTexts } from '../../shared/profile-tokens';

/** The id of the JSON block the server puts into every page it serves (src/server/http/profile-html.ts). */
export const PROFILE_SCRIPT_ID = 'business-profile';

let current: ProfileTexts | undefined;

/** The prerender renders with tokens (src/shared/profile-tokens.ts); tests may set a profile. */
export function setPublicProfile(texts: ProfileTexts | undefined): void {
  current = texts;
}

/**
 * The company's public details in force: from the block the server wrote into the page (so the
 * first client render matches the served HTML, and a change in the admin shows on the next page
 * load), else the example (the dev server). No request and no library: the footer is on every
 * page's first load.
 */
export function publicProfile(): ProfileTexts {
  if (current) return current;
  const fallback = profileTexts(publicProfileOf(exampleBusinessProfile));
  if (typeof document === 'undefined') return fallback;
  try {
    const text = document.getElementById(PROFILE_SCRIPT_ID)?.textContent;
    current = text ? { ...fallback, ...(JSON.parse(text) as ProfileTexts) } : fallback;
  } catch {
    current = fallback;
  }
  return current;
}

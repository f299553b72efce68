import type { PublicBusinessProfile } from './business-profile';
import { phoneHref } from './business-profile';
import { placeIn } from './i18n/place-names';

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
export type ProfileTexts = PublicBusinessProfile & {
  phoneHref: string;
  mapEmbedUrl: string;
  mapLinkUrl: string;
  /** The registered place in German and French, for the footer's registration line on German and French pages. */
  registeredInDe: string;
  registeredInFr: string;
};

/** The map's host (the contact page frames it: the CSP's frame-src names it). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';
const OSM = MAP_ORIGIN;

/**
 * The office's map (OpenStreetMap) from the profile's position: the embedded map ('' without a
 * position: no map is shown) and a link to a larger one (a search for the address without one).
 */
function mapUrls(profile: PublicBusinessProfile) {
  const lat = Number(profile.mapLatitude);
  const lon = Number(profile.mapLongitude);
  if (profile.mapLatitude === '' || profile.mapLongitude === '' || !Number.isFinite(lat) || !Number.isFinite(lon)) {
    const { street, city, postalCode, country } = profile.tradingAddress;
    return {
      embed: '',
      link: `${OSM}/search?query=${encodeURIComponent([street, city, postalCode, country].join(', '))}`,
    };
  }
  const box = [lon - 0.01, lat - 0.005, lon + 0.01, lat + 0.005].map((value) => value.toFixed(4)).join('%2C');
  return {
    embed: `${OSM}/export/embed.html?bbox=${box}&layer=mapnik&marker=${lat}%2C${lon}`,
    link: `${OSM}/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`,
  };
}

export const profileTexts = (profile: PublicBusinessProfile): ProfileTexts => {
  const map = mapUrls(profile);
  return {
    ...profile,
    phoneHref: phoneHref(profile.phone),
    mapEmbedUrl: map.embed,
    mapLinkUrl: map.link,
    registeredInDe: placeIn('de', profile.registeredIn),
    registeredInFr: placeIn('fr', profile.registeredIn),
  };
};

/** A profile text's token as the prerendered HTML holds it (`profileToken('tradingName')`). */
export const profileToken = (path: string) => `${OPEN}${path}${CLOSE}`;
const token = profileToken;

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

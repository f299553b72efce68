import type { PublicBusinessProfile } from '../../shared/business-profile';
import { PROFILE_TOKEN, profileTexts, profileValue } from '../../shared/profile-tokens';

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
/** A JSON string's inside, safe in a <script> block. */
const escapeJson = (text: string) => JSON.stringify(text).slice(1, -1).replaceAll('<', '\\u003c');

const JSON_SCRIPT = /(<script type="application\/(?:ld\+)?json"[^>]*>)([\s\S]*?)(<\/script>)/g;

/**
 * A served page with the business profile in force: each profile token of the prerendered HTML
 * (src/shared/profile-tokens.ts) becomes the profile's text, JSON-escaped inside structured data
 * and HTML-escaped elsewhere, and the profile itself goes into the head as a JSON block for the
 * client's first render (src/web/lib/public-profile.ts). A JSON block is data, not script: the
 * CSP does not apply to it.
 */
export function applyProfile(html: string, profile: PublicBusinessProfile): string {
  const texts = profileTexts(profile);
  const inJson = html.replace(
    JSON_SCRIPT,
    (_match, open: string, body: string, close: string) =>
      `${open}${body.replace(PROFILE_TOKEN, (_token, path: string) => escapeJson(profileValue(texts, path)))}${close}`,
  );
  const filled = inJson.replace(PROFILE_TOKEN, (_token, path: string) => escapeHtml(profileValue(texts, path)));
  const block = `<script type="application/json" id="business-profile">${JSON.stringify(texts).replaceAll('<', '\\u003c')}</script>`;
  return filled.includes('</head>') ? filled.replace('</head>', () => `${block}</head>`) : filled;
}

import { company } from '../../shared/company';
import { escapeAttribute } from '../../shared/escape-html';
import { profileToken } from '../../shared/profile-tokens';
import { defaultSystemSettings, type SystemSettings } from '../../shared/settings';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The description a page's HTML carries (attribute-escaped), '' without one. */
export const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';

/**
 * A server-rendered page's head with the Site Name and Site Description settings: the title
 * suffix (`… | Dropwise Labs`, or the home page's `Dropwise | …`) and the site name of the social
 * tags become the Site Name, and the default description (`defaultDescription`, the app shell's,
 * as written in its HTML) becomes the Site Description. Pages with their own description keep it.
 * Unchanged settings leave the page as built.
 */
export function applySiteHead(
  html: string,
  settings: Pick<SystemSettings, 'siteName' | 'siteDescription'>,
  defaultDescription: string,
): string {
  let out = html;
  // Settings text goes in through replacement functions, never as a replacement pattern: in a
  // pattern `$&`, `$'` or `$2` would splice other parts of the page into the head.
  const name = settings.siteName.trim();
  if (name !== '' && name !== defaultSystemSettings.siteName) {
    const safe = escapeAttribute(name);
    // Page titles end with the profile's trading name (its token in the built page, issue 38).
    const names = [profileToken('tradingName'), company.name].map((text) => escapeRegExp(escapeAttribute(text)));
    const suffix = new RegExp(`( \\| )(?:${names.join('|')})(?=</title>|" />|"/>|">)`, 'g');
    out = out.replace(suffix, (_match, separator: string) => `${separator}${safe}`);
    const prefix = new RegExp(`(<title>|content=")${escapeRegExp(escapeAttribute(company.productName))}( \\| )`, 'g');
    out = out.replace(prefix, (_match, opening: string, separator: string) => `${opening}${safe}${separator}`);
    out = out.replace(
      /(<meta property="og:site_name" content=")[^"]*"/,
      (_match, opening: string) => `${opening}${safe}"`,
    );
  }
  const description = settings.siteDescription.trim();
  if (description !== '' && description !== defaultSystemSettings.siteDescription && defaultDescription !== '') {
    const replacement = `content="${escapeAttribute(description)}"`;
    out = out.replaceAll(`content="${defaultDescription}"`, () => replacement);
  }
  return out;
}

import { createHash } from 'node:crypto';
import { bootScript } from '../../shared/boot-script';
import { company } from '../../shared/company';
import { MAP_ORIGIN } from '../../shared/profile-tokens';

/** The CSP source that allows the prerendered pages' inline boot script, and only that text. */
export const bootScriptHash = `'sha256-${createHash('sha256').update(bootScript).digest('base64')}'`;

const originOf = (url: string): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The Content-Security-Policy the app runs under: our own scripts only (files from our origin and
 * the boot script pinned by its hash), styles from our bundle
 * (inline style attributes are allowed for component libraries that position popovers), images
 * and fonts from our bundle, and frames only from the map and a configured video host.
 */
export function contentSecurityPolicy(publicUrl: string): Record<string, string[] | null> {
  const videoOrigins = [
    company.videos.heroLoopUrl,
    company.videos.manualAdditionUrl,
    company.videos.automatedAdditionUrl,
  ].flatMap(originOf);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", bootScriptHash],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    mediaSrc: ["'self'", ...videoOrigins],
    frameSrc: [MAP_ORIGIN, ...originOf(company.videos.embedUrl)],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: publicUrl.startsWith('https://') ? [] : null,
  };
}

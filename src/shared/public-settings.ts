import { company } from './company';

/**
 * The few settings that public pages show, answered by `GET /api/settings/public`. Prerendered
 * pages start from `defaultPublicSettings` and update once the server's values arrive.
 *
 * Kept free of zod on purpose: this module is in the home page's first load, and zod alone would
 * add about 25 KB gzip. The server's response schema lives with its route.
 */
export interface PublicSettings {
  /** Days a quote stays valid (Auto Quote Expiry). */
  autoQuoteExpiry: number;
  /** Standard warranty in months. */
  defaultProductWarranty: number;
  /**
   * Video sources: the shop's own videos unless the company configures others (`company.videos`).
   * `embedUrl` is an embeddable player; when set, Watch Video shows it instead of `explainerUrl`.
   * An empty string means no video: the poster alone shows.
   */
  videos: {
    heroLoopUrl: string;
    manualAdditionUrl: string;
    automatedAdditionUrl: string;
    explainerUrl: string;
    embedUrl: string;
  };
}

/**
 * The shop's own videos, served from its origin (made by scripts/make-videos.mjs, decision 0019).
 * Each exists as `name.webm` (VP9) and `name.mp4` (H.264); the pages offer both.
 */
export const ownVideos = {
  heroLoopUrl: '/media/hero-loop.webm',
  manualAdditionUrl: '/media/manual-addition.webm',
  automatedAdditionUrl: '/media/automated-addition.webm',
  explainerUrl: '/media/explainer.webm',
} as const;

const configuredOr = (configured: string, own: string) => configured || own;

/** The videos the public pages use: a video the company configures, else the shop's own. */
export const publicVideos: PublicSettings['videos'] = {
  heroLoopUrl: configuredOr(company.videos.heroLoopUrl, ownVideos.heroLoopUrl),
  manualAdditionUrl: configuredOr(company.videos.manualAdditionUrl, ownVideos.manualAdditionUrl),
  automatedAdditionUrl: configuredOr(company.videos.automatedAdditionUrl, ownVideos.automatedAdditionUrl),
  explainerUrl: ownVideos.explainerUrl,
  embedUrl: company.videos.embedUrl,
};

/** The system settings' defaults (src/shared/settings.ts; a test keeps the two in step). */
export const defaultPublicSettings: PublicSettings = {
  autoQuoteExpiry: 7,
  defaultProductWarranty: 12,
  videos: { ...publicVideos },
};

/**
 * The sources a <video> offers for a URL: the shop's own video in both its formats (WebM first, the
 * smaller; MP4 for browsers without VP9), a configured URL as given.
 */
export function videoSources(url: string): { src: string; type: string | undefined }[] {
  return /^\/media\/[\w-]+\.webm$/.test(url)
    ? [
        { src: url, type: 'video/webm' },
        { src: url.replace(/webm$/, 'mp4'), type: 'video/mp4' },
      ]
    : [{ src: url, type: undefined }];
}

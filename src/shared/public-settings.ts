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
 * The system settings' defaults (src/shared/settings.ts; a test keeps the two in step). The videos
 * are the company's configured ones only: the shop's own (src/shared/own-videos.ts) arrive with the
 * server's answer, so they stay out of the home page's first-load JavaScript, and the prerendered
 * page paints its posters first.
 */
export const defaultPublicSettings: PublicSettings = {
  autoQuoteExpiry: 7,
  defaultProductWarranty: 12,
  videos: { ...company.videos, explainerUrl: '' },
};

/**
 * The sources a <video> offers for a URL: the shop's own video in both its formats (WebM first, the
 * smaller; MP4 for browsers without VP9), a configured URL as given. Kept small: it is on the home
 * page's first load.
 */
export const videoSources = (url: string): [src: string, type?: string][] =>
  /^\/media\/[\w-]+\.webm$/.test(url)
    ? [
        [url, 'video/webm'],
        [`${url.slice(0, -4)}mp4`, 'video/mp4'],
      ]
    : [[url]];

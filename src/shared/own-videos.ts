import { company } from './company';
import type { PublicSettings } from './public-settings';

/**
 * The shop's own videos, served from its origin (made by scripts/make-videos.mjs, decision 0019).
 * Each exists as `name.webm` (VP9) and `name.mp4` (H.264); the pages offer both (`videoSources`).
 * Server side only (the settings route): the pages learn these URLs from `GET /api/settings/public`.
 */
export const ownVideos = {
  heroLoopUrl: '/media/hero-loop.webm',
  manualAdditionUrl: '/media/manual-addition.webm',
  automatedAdditionUrl: '/media/automated-addition.webm',
  explainerUrl: '/media/explainer.webm',
} as const;

const configuredOr = (configured: string, own: string) => configured || own;

/** The videos the public pages use: a video the company configures (`company.videos`), else the shop's own. */
export const publicVideos: PublicSettings['videos'] = {
  heroLoopUrl: configuredOr(company.videos.heroLoopUrl, ownVideos.heroLoopUrl),
  manualAdditionUrl: configuredOr(company.videos.manualAdditionUrl, ownVideos.manualAdditionUrl),
  automatedAdditionUrl: configuredOr(company.videos.automatedAdditionUrl, ownVideos.automatedAdditionUrl),
  explainerUrl: ownVideos.explainerUrl,
  embedUrl: company.videos.embedUrl,
};

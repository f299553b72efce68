import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ownVideos } from '../../shared/own-videos';
import { videoSources } from '../../shared/public-settings';
import budgetJson from '../../../scripts/media-budget.json';

// The shop's own videos are committed (scripts/make-videos.mjs makes them; CI has no ffmpeg), and
// served from src/web/public/media. Budgets per file, in KB of 1000 bytes (decision 0019).
const mediaDir = 'src/web/public/media';
const budget: Record<string, number> = budgetJson;

describe('the committed product videos', () => {
  it('has the budgets the brief sets: hero loop 400 KB, each comparison loop 300 KB, the explainer 2 MB', () => {
    expect(budget).toEqual({ 'hero-loop': 400, 'manual-addition': 300, 'automated-addition': 300, explainer: 2000 });
  });

  for (const [name, kb] of Object.entries(budget)) {
    it(`${name} exists as VP9 WebM and H.264 MP4, each within ${kb} KB`, () => {
      const webm = join(mediaDir, `${name}.webm`);
      const mp4 = join(mediaDir, `${name}.mp4`);
      expect(existsSync(webm), webm).toBe(true);
      expect(existsSync(mp4), mp4).toBe(true);
      expect(statSync(webm).size).toBeLessThanOrEqual(kb * 1000);
      expect(statSync(mp4).size).toBeLessThanOrEqual(kb * 1000);

      const webmBytes = readFileSync(webm);
      expect(webmBytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML (Matroska/WebM)
      expect(webmBytes.includes('V_VP9')).toBe(true);

      const mp4Bytes = readFileSync(mp4);
      expect(mp4Bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(mp4Bytes.includes('avc1')).toBe(true);
      // Fast start: the index comes before the media data, so playback starts before the whole file arrives.
      expect(mp4Bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(mp4Bytes.indexOf('moov')).toBeLessThan(mp4Bytes.indexOf('mdat'));
    });
  }

  it('every own video the settings name is one of the committed files, offered in both formats', () => {
    for (const url of Object.values(ownVideos)) {
      const sources = videoSources(url);
      expect(sources.map(([, type]) => type)).toEqual(['video/webm', 'video/mp4']);
      for (const [src] of sources) {
        expect(src.startsWith('/media/')).toBe(true);
        expect(existsSync(join(mediaDir, src.slice('/media/'.length))), src).toBe(true);
      }
      expect(Object.keys(budget)).toContain(url.slice('/media/'.length, -'.webm'.length));
    }
  });

  it('a configured external video is offered as given', () => {
    expect(videoSources('https://videos.example/hero.webm')).toEqual([['https://videos.example/hero.webm']]);
  });
});

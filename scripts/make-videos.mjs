// Makes the shop's product videos from its own illustrations (decision 0019):
//   hero-loop       the instrument adding media drop by drop while it mixes (hero, loops)
//   manual-addition the same addition by hand: an unsteady hand, drops at an erratic rate (section 2, loops)
//   automated-addition the instrument: drops at a steady rate with mixing (section 2, loops)
//   explainer       the product in about 40 seconds: the five steps, manual against automated, the price (Watch Video)
//
// Each frame is an SVG built from the illustrations in src/web/public/media (the posters the pages show
// first), rasterised by ffmpeg's librsvg decoder and encoded to WebM (VP9) and MP4 (H.264), no sound.
// Every motion is periodic in its loop's length, so the loops join without a jump.
//
// Usage: node scripts/make-videos.mjs [name ...]      (all four when no name is given)
// Needs ffmpeg with libvpx-vp9, libx264 and librsvg (FFMPEG=/path/to/ffmpeg to choose one). CI does not
// run this: the committed files are served, and src/web/marketing/media-budget.test.ts checks their sizes
// against scripts/media-budget.json.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Paths are the repository's, from wherever the script is started.
process.chdir(join(dirname(fileURLToPath(import.meta.url)), '..'));
const mediaDir = 'src/web/public/media';
/** Per-file budgets in KB (1 KB = 1000 bytes), shared with src/web/marketing/media-budget.test.ts. */
const mediaBudget = JSON.parse(readFileSync('scripts/media-budget.json', 'utf8'));
const ffmpeg = process.env.FFMPEG ?? 'ffmpeg';
const fps = 24;
const TAU = Math.PI * 2;

// ---------------------------------------------------------------------------------------------
// Helpers over the illustrations

const read = (name) => readFileSync(join(mediaDir, name), 'utf8');

/** Replaces one exact piece of an illustration; fails loudly when the illustration has changed. */
function swap(svg, piece, replacement) {
  if (!svg.includes(piece)) throw new Error(`make-videos: the illustration no longer contains ${piece.slice(0, 60)}…`);
  return svg.replace(piece, () => replacement);
}

/** The inside of an <svg> document and its viewBox. */
function parts(svg) {
  const open = svg.indexOf('>', svg.indexOf('<svg')) + 1;
  const viewBox = /viewBox="([^"]+)"/.exec(svg.slice(0, open))?.[1];
  if (!viewBox) throw new Error('make-videos: an illustration has no viewBox');
  return { viewBox, body: svg.slice(open, svg.lastIndexOf('</svg>')) };
}

/** An illustration (or frame) placed at x, y with the given size. */
function place(svg, x, y, width, height, opacity = 1) {
  const { viewBox, body } = parts(svg);
  return `<svg x="${x}" y="${y}" width="${width}" height="${height}" viewBox="${viewBox}" opacity="${n(opacity)}">${body}</svg>`;
}

const n = (value) => (Math.round(value * 100) / 100).toString();
const clamp01 = (value) => Math.min(1, Math.max(0, value));
const ease = (value) => {
  const v = clamp01(value);
  return v * v * (3 - 2 * v);
};
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The illustrations' drop: point at (0, 0), 30 units tall at scale 1. */
const dropPath = 'M0 0c-7 10-10 15-10 20a10 10 0 0 0 20 0c0-5-3-10-10-20z';
const drop = (x, y, scale, fill = '#17a09d') =>
  scale <= 0.01
    ? ''
    : `<path transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})" d="${dropPath}" fill="${fill}"/>`;

/** A liquid surface from x0 to x1 around y: the mixing's small travelling wave plus a decaying splash. */
function surface(x0, x1, y, t, loop, { swirl = 1, splash = 0, color = '#17a09d', width = 3 } = {}) {
  const points = [];
  for (let x = x0; x <= x1 + 0.01; x += 4) {
    const u = (x - x0) / (x1 - x0);
    const wave = swirl * Math.sin(TAU * (u * 1.5 - (t / loop) * Math.round(loop * 2)));
    const ring = splash * Math.sin(TAU * (u * 3)) * Math.sin(Math.PI * u);
    points.push(`${n(x)},${n(y + wave + ring)}`);
  }
  return `<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/**
 * A drop that forms at a tip, falls and lands, for a phase u in [0, 1): it grows until 0.7, falls until
 * 0.85 (behind the tube, which is drawn after it), and is gone after that.
 */
function formingDrop(u, tipX, tipY, landY, size) {
  if (u < 0.7) return drop(tipX, tipY, size * (0.35 + 0.65 * (u / 0.7)));
  if (u < 0.85) {
    const f = (u - 0.7) / 0.15;
    return drop(tipX, tipY + (landY - tipY) * f * f, size);
  }
  return '';
}

/** Splash height at time t for drops landing at the given times (wrapping round the loop). */
function splashAt(t, loop, landings, strength) {
  let total = 0;
  for (const landed of landings) {
    const since = (((t - landed) % loop) + loop) % loop;
    total += strength * Math.exp(-since / 0.22) * (since < 1.2 ? 1 : 0);
  }
  return total;
}

/** A periodic trace of the rate of addition, scrolling left, between x0 and x1 around y. */
function trace(x0, x1, y, t, loop, harmonics, { color, width = 3, opacity = 0.85 }) {
  const span = x1 - x0;
  const shift = (t / loop) * span;
  const points = [];
  for (let x = x0; x <= x1 + 0.01; x += 5) {
    const u = (x - x0 + shift) / span;
    const value = harmonics.reduce((sum, [k, amplitude, phase]) => sum + amplitude * Math.sin(TAU * k * u + phase), 0);
    points.push(`${n(x)},${n(y + value)}`);
  }
  return `<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linejoin="round" opacity="${opacity}"/>`;
}

// ---------------------------------------------------------------------------------------------
// The loops

const heroSvg = read('hero-instrument.svg');
const heroDrop = '<path d="M446 376 c -7 10 -10 15 -10 20 a 10 10 0 0 0 20 0 c 0 -5 -3 -10 -10 -20z" fill="#17a09d"/>';
const heroTube =
  '<rect x="400" y="404" width="92" height="40" rx="9" fill="#fff" stroke="#0b1f3a" stroke-width="3"/>\n  <path d="M406 424 h 80" stroke="#17a09d" stroke-width="3"/>';

/** Hero: a drop every 1.5 s from the needle into the tube, the tube shaking on the mixing stage. */
function heroFrame(t, loop) {
  const period = 1.5;
  const u = (t % period) / period;
  const landings = [0, 1, 2, 3].map((k) => k * period + 0.85 * period);
  const dx = 1.4 * Math.cos(TAU * 4 * (t / loop) * (loop / 1.5));
  const dy = 0.5 * Math.sin(TAU * 4 * (t / loop) * (loop / 1.5));
  let svg = swap(heroSvg, heroDrop, formingDrop(u, 446, 368, 412, 1));
  svg = swap(
    svg,
    heroTube,
    `<g transform="translate(${n(dx)} ${n(dy)})"><rect x="400" y="404" width="92" height="40" rx="9" fill="#fff" stroke="#0b1f3a" stroke-width="3"/>` +
      surface(406, 486, 424, t, loop, { swirl: 1.2, splash: splashAt(t, loop, landings, 3.5) }) +
      '</g>',
  );
  // The running key pulses once per drop.
  return swap(
    svg,
    '<circle cx="498" cy="500" r="9" fill="#17a09d"/>',
    `<circle cx="498" cy="500" r="9" fill="#17a09d" opacity="${n(0.65 + 0.35 * Math.cos(TAU * u))}"/>`,
  );
}

const manualSvg = read('manual-addition-poster.svg');
const manualSyringeOpen = '<g transform="translate(300 170) rotate(-28)">';
const manualShake = '<g fill="none" stroke="#c2410c" stroke-width="3" stroke-linecap="round" opacity=".8">';
const manualDrop =
  '<path transform="translate(468 250) scale(1.1)" d="M0 0c-7 10-10 15-10 20a10 10 0 0 0 20 0c0-5-3-10-10-20z" fill="#17a09d"/>';
const manualLiquid = '<path d="M426 335.0h98" stroke="#17a09d" stroke-width="3"/>';
const manualTrace = /<polyline points="90,420[^>]*\/>/;
/** By hand: drops come in bursts and pauses, in uneven sizes. [start of forming, size, x] */
const manualDrops = [
  [0.1, 1.0, 468],
  [0.55, 0.8, 474],
  [1.6, 1.25, 462],
  [1.9, 0.7, 470],
  [3.3, 1.15, 466],
  [4.3, 0.9, 476],
  [4.55, 1.2, 460],
];

/** Manual: the hand trembles, drops fall in bursts, the rate trace swings. */
function manualFrame(t, loop) {
  const w = (k) => Math.sin(TAU * k * (t / loop));
  const dx = 3 * w(5) + 2 * Math.sin(TAU * 11 * (t / loop) + 1);
  const dy = 2.5 * Math.sin(TAU * 7 * (t / loop) + 0.5) + 1.5 * w(13);
  const angle = -28 + 2.5 * Math.sin(TAU * 3 * (t / loop) + 2) + 1.2 * w(9);
  let svg = swap(
    manualSvg,
    manualSyringeOpen,
    `<g transform="translate(${n(300 + dx)} ${n(170 + dy)}) rotate(${n(angle)})">`,
  );
  svg = swap(svg, manualShake, manualShake.replace('opacity=".8"', `opacity="${n(0.45 + 0.4 * Math.abs(w(6)))}"`));
  const formTime = 0.45;
  const fallTime = 0.35;
  const drops = manualDrops
    .map(([start, size, x]) => {
      const since = (((t - start) % loop) + loop) % loop;
      if (since < formTime) return drop(x, 250, 1.1 * size * (0.35 + 0.65 * (since / formTime)));
      if (since < formTime + fallTime) {
        const f = (since - formTime) / fallTime;
        return drop(x, 250 + 70 * f * f, 1.1 * size);
      }
      return '';
    })
    .join('');
  svg = swap(svg, manualDrop, drops);
  const landings = manualDrops.map(([start]) => start + formTime + fallTime);
  svg = swap(
    svg,
    manualLiquid,
    surface(426, 524, 335, t, loop, { swirl: 0.3, splash: splashAt(t, loop, landings, 4) }),
  );
  return svg.replace(
    manualTrace,
    trace(
      90,
      710,
      405,
      t,
      loop,
      [
        [3, 9, 0.3],
        [5, 6, 1.7],
        [7, 7, 2.9],
        [11, 4, 0.8],
        [13, 3, 4.1],
      ],
      { color: '#c2410c' },
    ),
  );
}

const automatedSvg = read('automated-addition-poster.svg');
const automatedDrop =
  '<path transform="translate(100 214) scale(0.8)" d="M0 0c-7 10-10 15-10 20a10 10 0 0 0 20 0c0-5-3-10-10-20z" fill="#17a09d"/>';
const automatedTube =
  '<rect x="60" y="240" width="80" height="50" rx="10" fill="#effcfb" stroke="#0b1f3a" stroke-width="3.5"/><path d="M66 265.0h68" stroke="#17a09d" stroke-width="3"/>';
const automatedTraces = /<polyline points="90,400 430,400"[^>]*\/><polyline points="90,404[^>]*\/>/;
const automatedKey = '<circle cx="100" cy="170" r="10" fill="#17a09d"/>';

/** Automated: a drop every 1.5 s, the same size each time, the tube mixing, the rate trace flat. */
function automatedFrame(t, loop) {
  const period = 1.5;
  const u = (t % period) / period;
  const landings = [0, 1, 2, 3].map((k) => k * period + 0.85 * period);
  const dx = 1.2 * Math.cos(TAU * 16 * (t / loop));
  const dy = 0.4 * Math.sin(TAU * 16 * (t / loop));
  let svg = swap(automatedSvg, automatedDrop, formingDrop(u, 100, 210, 246, 0.8));
  svg = swap(
    svg,
    automatedTube,
    `<g transform="translate(${n(dx)} ${n(dy)})"><rect x="60" y="240" width="80" height="50" rx="10" fill="#effcfb" stroke="#0b1f3a" stroke-width="3.5"/>` +
      surface(66, 134, 265, t, loop, { swirl: 1, splash: splashAt(t, loop, landings, 2.5) }) +
      '</g>',
  );
  svg = swap(
    svg,
    automatedKey,
    `<circle cx="100" cy="170" r="10" fill="#17a09d" opacity="${n(0.65 + 0.35 * Math.cos(TAU * u))}"/>`,
  );
  return svg.replace(
    automatedTraces,
    trace(
      90,
      430,
      400,
      t,
      loop,
      [
        [4, 0.8, 0.2],
        [8, 0.5, 1.1],
      ],
      { color: '#17a09d', opacity: 1 },
    ) +
      trace(
        90,
        430,
        401,
        t,
        loop,
        [
          [3, 3, 0.3],
          [5, 2, 1.7],
          [7, 2.4, 2.9],
        ],
        { color: '#0b1f3a', width: 2, opacity: 0.35 },
      ),
  );
}

// ---------------------------------------------------------------------------------------------
// The explainer: scenes one after another, each fading in from the page's background

const steps = [
  ['Prepare syringe', 'Draw your media into a standard sterile 3 mL or 6 mL syringe.'],
  ['Load sample', 'Place the sample tube on the mixing stage.'],
  ['Mount syringe', 'Clip the syringe into the holder above the sample.'],
  ['Start automated addition', 'Set the rate and mixing speed on the display and press start.'],
  ['Done', 'The addition finishes on its own; your sample is ready.'],
];
const W = 960;
const H = 540;
const font = 'font-family="Inter, Arial, sans-serif"';
const text = (x, y, size, fill, content, extra = '') =>
  `<text x="${x}" y="${y}" ${font} font-size="${size}" fill="${fill}" ${extra}>${escapeText(content)}</text>`;

const scenes = [
  {
    seconds: 4,
    draw: () =>
      place(heroFrame(0, 6), 520, 30, 420, 315) +
      text(60, 200, 52, '#0b1f3a', 'Dropwise', 'font-weight="600"') +
      text(60, 250, 22, '#3d5f8c', 'Sterile, controlled-rate, drop-wise addition') +
      text(60, 282, 22, '#3d5f8c', 'of media, hands-free.') +
      text(60, 360, 18, '#0e7f7e', '0.5 to 15 mL/min · mixing 0 to 1500 RPM'),
  },
  ...steps.map(([title, body], index) => ({
    seconds: 3.5,
    draw: (t) =>
      place(read(`step-${index + 1}.svg`), 60, 90, 480, 360) +
      text(600, 200, 18, '#0e7f7e', `How does it work · step ${index + 1} of 5`, 'font-weight="600"') +
      text(600, 240, 30, '#0b1f3a', title, 'font-weight="600"') +
      wrap(body, 30)
        .map((line, row) => text(600, 285 + row * 30, 20, '#3d5f8c', line))
        .join('') +
      `<rect x="600" y="420" width="${n(300 * ease(t / 3.2))}" height="4" rx="2" fill="#17a09d"/>`,
  })),
  {
    seconds: 9,
    draw: (t) =>
      text(60, 70, 28, '#0b1f3a', 'The same addition, every time', 'font-weight="600"') +
      place(manualFrame(t % 6, 6), 40, 110, 432, 243) +
      place(automatedFrame(t % 6, 6), 488, 110, 432, 243) +
      text(60, 400, 22, '#c2410c', 'Manual: ±25 mOsm/kg/s', 'font-weight="600"') +
      text(508, 400, 22, '#0e7f7e', 'Dropwise: ±6.6 mOsm/kg/s', 'font-weight="600"') +
      text(60, 450, 26, '#0b1f3a', '73% more consistent*', 'font-weight="600"') +
      text(60, 500, 14, '#3d5f8c', '* Internal trial: 2.5 mL water plus 2.5 mL 50% NaCl added over 3 minutes.'),
  },
  {
    seconds: 6,
    draw: (t) =>
      place(heroFrame(t, 6), 40, 20, 600, 450) +
      text(660, 220, 28, '#0b1f3a', 'Set the rate.', 'font-weight="600"') +
      text(660, 260, 28, '#0b1f3a', 'Walk away.', 'font-weight="600"') +
      text(660, 310, 20, '#3d5f8c', 'Drop by drop, with mixing,') +
      text(660, 340, 20, '#3d5f8c', 'until the addition is done.'),
  },
  {
    seconds: 4,
    draw: () =>
      text(480, 220, 40, '#0b1f3a', 'Dropwise', 'font-weight="600" text-anchor="middle"') +
      text(480, 275, 24, '#3d5f8c', 'From £2,850 / €3,340 excluding VAT', 'text-anchor="middle"') +
      `<rect x="390" y="310" width="180" height="52" rx="8" fill="#0b1f3a"/>` +
      text(480, 343, 20, '#fff', 'Configure Now', 'font-weight="600" text-anchor="middle"'),
  },
];

function wrap(body, width) {
  const lines = [];
  for (const word of body.split(' ')) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

const explainerSeconds = scenes.reduce((sum, scene) => sum + scene.seconds, 0);

function explainerFrame(t) {
  let start = 0;
  for (const scene of scenes) {
    if (t < start + scene.seconds || scene === scenes.at(-1)) {
      const local = t - start;
      const fade = Math.min(ease(local / 0.4), ease((scene.seconds - local) / 0.4));
      return (
        `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
        `<rect width="${W}" height="${H}" fill="#f8fafd"/><g opacity="${n(fade)}">${scene.draw(local)}</g></svg>`
      );
    }
    start += scene.seconds;
  }
  throw new Error('unreachable');
}

// ---------------------------------------------------------------------------------------------
// Rendering and encoding

const videos = {
  'hero-loop': { seconds: 6, frame: (t) => heroFrame(t, 6), webm: 34, mp4: 24 },
  'manual-addition': { seconds: 6, frame: (t) => manualFrame(t, 6), webm: 34, mp4: 24 },
  'automated-addition': { seconds: 6, frame: (t) => automatedFrame(t, 6), webm: 34, mp4: 24 },
  explainer: { seconds: explainerSeconds, frame: explainerFrame, webm: 36, mp4: 26 },
};

function run(args) {
  const result = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`ffmpeg failed (${result.status ?? result.signal}): ${args.join(' ')}`);
}

const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(videos);
for (const name of names) {
  const video = videos[name];
  if (!video) throw new Error(`make-videos: no video called ${name} (${Object.keys(videos).join(', ')})`);
  const dir = mkdtempSync(join(tmpdir(), `make-videos-${name}-`));
  try {
    const frames = Math.round(video.seconds * fps);
    for (let index = 0; index < frames; index += 1) {
      writeFileSync(join(dir, `f-${String(index).padStart(5, '0')}.svg`), video.frame(index / fps));
    }
    const input = ['-framerate', String(fps), '-i', join(dir, 'f-%05d.svg')];
    const even = ['-vf', 'scale=trunc(iw/2)*2:trunc(ih/2)*2,format=yuv420p'];
    const webm = join(mediaDir, `${name}.webm`);
    const mp4 = join(mediaDir, `${name}.mp4`);
    run([
      ...input,
      ...even,
      '-c:v',
      'libvpx-vp9',
      '-b:v',
      '0',
      '-crf',
      String(video.webm),
      '-row-mt',
      '1',
      '-deadline',
      'good',
      '-cpu-used',
      '2',
      '-g',
      String(fps * 6),
      '-an',
      webm,
    ]);
    run([
      ...input,
      ...even,
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-tune',
      'animation',
      '-crf',
      String(video.mp4),
      '-profile:v',
      'high',
      '-movflags',
      '+faststart',
      '-an',
      mp4,
    ]);
    for (const file of [webm, mp4]) {
      const kb = statSync(file).size / 1000;
      const budget = mediaBudget[name];
      console.log(`${file}: ${kb.toFixed(1)} KB (budget ${budget} KB), ${frames} frames at ${fps} fps`);
      if (kb > budget) throw new Error(`make-videos: ${file} is over its budget; raise the crf for ${name}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

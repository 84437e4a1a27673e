// Demo images drawn locally: SVG scenes rendered to JPEG by sharp, no network, no stock photos.
// Artists get a stage with spotlights, haze, a crowd and silhouettes that fit their kind (drum
// kit and guitars for bands, decks for DJs, a magician's hat for acts, ...); profiles get
// initials on colour; news articles get a themed cover (no text: the page shows the title, and the square presets crop).
import sharp from 'sharp';
import type { ArtistKind } from './catalog.ts';
import type { MediaSpec, SeedMedia } from './model.ts';
import { Random } from './random.ts';

interface Palette {
  top: string;
  bottom: string;
  beam: string;
  accent: string;
}

const palettes: readonly Palette[] = [
  { top: '#12061f', bottom: '#4a1458', beam: '#ff5fd8', accent: '#ffd166' },
  { top: '#04121f', bottom: '#0d3b66', beam: '#4cc9f0', accent: '#f72585' },
  { top: '#180b03', bottom: '#6b3208', beam: '#ffb347', accent: '#ffe8a3' },
  { top: '#170307', bottom: '#651322', beam: '#ff5964', accent: '#ffd6a5' },
  { top: '#021615', bottom: '#0b5049', beam: '#64f5d2', accent: '#f9f871' },
  { top: '#090a24', bottom: '#2b2d7a', beam: '#a5b4fc', accent: '#fbbf24' },
  { top: '#0f0716', bottom: '#3c1b6e', beam: '#c084fc', accent: '#5eead4' },
];

const INK = '#07050c';

export const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

const n = (value: number) => Number(value.toFixed(1));

/** A standing figure with its feet at (x, y), `h` tall. */
function figure(x: number, y: number, h: number, pose: 'down' | 'mic' | 'raised' | 'guitar' | 'wave' | 'wand', rim: string) {
  const head = { cx: x, cy: y - 0.9 * h, r: 0.075 * h };
  const shoulderY = y - 0.8 * h;
  const hipY = y - 0.47 * h;
  const limb = n(0.065 * h);
  const torso = `M${n(x - 0.13 * h)},${n(shoulderY)} Q${n(x)},${n(shoulderY - 0.04 * h)} ${n(x + 0.13 * h)},${n(shoulderY)} L${n(x + 0.1 * h)},${n(hipY)} L${n(x - 0.1 * h)},${n(hipY)} Z`;
  const legs = `M${n(x - 0.05 * h)},${n(hipY)} L${n(x - 0.09 * h)},${n(y)} M${n(x + 0.05 * h)},${n(hipY)} L${n(x + 0.09 * h)},${n(y)}`;
  const sx = 0.12 * h;
  const arms: Record<typeof pose, string> = {
    down: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.17 * h)},${n(y - 0.5 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.17 * h)},${n(y - 0.5 * h)}`,
    mic: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.16 * h)},${n(y - 0.52 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.16 * h)},${n(y - 0.72 * h)} L${n(x + 0.05 * h)},${n(y - 0.86 * h)}`,
    raised: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.24 * h)},${n(y - 1.1 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.24 * h)},${n(y - 1.1 * h)}`,
    guitar: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.2 * h)},${n(y - 0.6 * h)} L${n(x - 0.05 * h)},${n(y - 0.55 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.2 * h)},${n(y - 0.62 * h)} L${n(x + 0.3 * h)},${n(y - 0.68 * h)}`,
    wave: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.17 * h)},${n(y - 0.5 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.26 * h)},${n(y - 1.08 * h)}`,
    wand: `M${n(x - sx)},${n(shoulderY + 4)} L${n(x - 0.3 * h)},${n(y - 0.78 * h)} M${n(x + sx)},${n(shoulderY + 4)} L${n(x + 0.2 * h)},${n(y - 0.62 * h)} L${n(x + 0.34 * h)},${n(y - 0.7 * h)}`,
  };
  const stroke = `stroke="${INK}" stroke-width="${limb}" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
  const glow = `stroke="${rim}" stroke-opacity="0.45" stroke-width="${n(limb + 5)}" stroke-linecap="round" stroke-linejoin="round" fill="none"`;
  return [
    `<path d="${legs} ${arms[pose]}" ${glow}/>`,
    `<path d="${torso}" fill="${INK}" stroke="${rim}" stroke-opacity="0.45" stroke-width="3"/>`,
    `<circle cx="${n(head.cx)}" cy="${n(head.cy)}" r="${n(head.r)}" fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="3"/>`,
    `<path d="${legs} ${arms[pose]}" ${stroke}/>`,
  ].join('');
}

function guitar(x: number, y: number, h: number, rim: string) {
  // Body at hip height, neck up and to the right.
  const bx = x - 0.02 * h;
  const by = y - 0.52 * h;
  return `<g stroke="${rim}" stroke-opacity="0.5" stroke-width="3">
    <line x1="${n(bx)}" y1="${n(by)}" x2="${n(bx + 0.36 * h)}" y2="${n(by - 0.2 * h)}" stroke="${INK}" stroke-opacity="1" stroke-width="${n(0.03 * h)}" stroke-linecap="round"/>
    <ellipse cx="${n(bx - 0.03 * h)}" cy="${n(by + 0.04 * h)}" rx="${n(0.11 * h)}" ry="${n(0.085 * h)}" fill="${INK}" transform="rotate(-28 ${n(bx)} ${n(by)})"/>
    <ellipse cx="${n(bx + 0.06 * h)}" cy="${n(by - 0.02 * h)}" rx="${n(0.08 * h)}" ry="${n(0.065 * h)}" fill="${INK}" transform="rotate(-28 ${n(bx)} ${n(by)})"/>
  </g>`;
}

function micStand(x: number, y: number, h: number) {
  const top = y - 0.86 * h;
  return `<g stroke="${INK}" stroke-width="${n(0.018 * h)}" stroke-linecap="round">
    <line x1="${n(x)}" y1="${n(y)}" x2="${n(x)}" y2="${n(top)}"/>
    <line x1="${n(x)}" y1="${n(y - 0.02 * h)}" x2="${n(x - 0.1 * h)}" y2="${n(y)}"/>
    <line x1="${n(x)}" y1="${n(y - 0.02 * h)}" x2="${n(x + 0.1 * h)}" y2="${n(y)}"/>
  </g><ellipse cx="${n(x)}" cy="${n(top - 0.02 * h)}" rx="${n(0.02 * h)}" ry="${n(0.035 * h)}" fill="${INK}"/>`;
}

function drumKit(x: number, y: number, h: number, rim: string, accent: string) {
  const kick = 0.2 * h;
  return `${figure(x, y - 0.18 * h, h * 0.92, 'raised', rim)}
  <g fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="3">
    <circle cx="${n(x)}" cy="${n(y - kick)}" r="${n(kick)}"/>
    <circle cx="${n(x)}" cy="${n(y - kick)}" r="${n(kick * 0.55)}" fill="none" stroke="${accent}" stroke-opacity="0.5"/>
    <ellipse cx="${n(x - 0.3 * h)}" cy="${n(y - 0.42 * h)}" rx="${n(0.1 * h)}" ry="${n(0.035 * h)}"/>
    <rect x="${n(x - 0.4 * h)}" y="${n(y - 0.42 * h)}" width="${n(0.2 * h)}" height="${n(0.12 * h)}"/>
    <ellipse cx="${n(x + 0.3 * h)}" cy="${n(y - 0.36 * h)}" rx="${n(0.12 * h)}" ry="${n(0.04 * h)}"/>
    <rect x="${n(x + 0.18 * h)}" y="${n(y - 0.36 * h)}" width="${n(0.24 * h)}" height="${n(0.2 * h)}"/>
    <ellipse cx="${n(x - 0.48 * h)}" cy="${n(y - 0.78 * h)}" rx="${n(0.16 * h)}" ry="${n(0.025 * h)}" transform="rotate(-12 ${n(x - 0.48 * h)} ${n(y - 0.78 * h)})"/>
    <ellipse cx="${n(x + 0.5 * h)}" cy="${n(y - 0.85 * h)}" rx="${n(0.17 * h)}" ry="${n(0.025 * h)}" transform="rotate(10 ${n(x + 0.5 * h)} ${n(y - 0.85 * h)})"/>
  </g>
  <g stroke="${INK}" stroke-width="${n(0.012 * h)}">
    <line x1="${n(x - 0.48 * h)}" y1="${n(y - 0.78 * h)}" x2="${n(x - 0.48 * h)}" y2="${n(y)}"/>
    <line x1="${n(x + 0.5 * h)}" y1="${n(y - 0.85 * h)}" x2="${n(x + 0.5 * h)}" y2="${n(y)}"/>
  </g>`;
}

function keyboard(x: number, y: number, h: number, rim: string) {
  return `${figure(x, y, h, 'guitar', rim)}
  <g stroke="${INK}" stroke-width="${n(0.02 * h)}"><line x1="${n(x - 0.2 * h)}" y1="${n(y)}" x2="${n(x + 0.2 * h)}" y2="${n(y - 0.5 * h)}"/><line x1="${n(x + 0.2 * h)}" y1="${n(y)}" x2="${n(x - 0.2 * h)}" y2="${n(y - 0.5 * h)}"/></g>
  <rect x="${n(x - 0.38 * h)}" y="${n(y - 0.58 * h)}" width="${n(0.76 * h)}" height="${n(0.08 * h)}" rx="4" fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="3"/>`;
}

function djBooth(x: number, y: number, h: number, rim: string, accent: string) {
  const w = 1.1 * h;
  const top = y - 0.42 * h;
  return `${figure(x, y - 0.05 * h, h, 'wave', rim)}
  <path d="M${n(x - 0.07 * h)},${n(y - 0.97 * h)} A${n(0.085 * h)},${n(0.085 * h)} 0 0 1 ${n(x + 0.07 * h)},${n(y - 0.97 * h)}" stroke="${INK}" stroke-width="${n(0.02 * h)}" fill="none"/>
  <rect x="${n(x - w / 2)}" y="${n(top)}" width="${n(w)}" height="${n(0.42 * h)}" rx="6" fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="3"/>
  <rect x="${n(x - w / 2 + 20)}" y="${n(top + 0.16 * h)}" width="${n(w - 40)}" height="${n(0.025 * h)}" rx="3" fill="${accent}" opacity="0.85"/>
  <ellipse cx="${n(x - 0.3 * h)}" cy="${n(top - 0.02 * h)}" rx="${n(0.16 * h)}" ry="${n(0.035 * h)}" fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="2"/>
  <ellipse cx="${n(x + 0.3 * h)}" cy="${n(top - 0.02 * h)}" rx="${n(0.16 * h)}" ry="${n(0.035 * h)}" fill="${INK}" stroke="${rim}" stroke-opacity="0.5" stroke-width="2"/>
  <path d="M${n(x - 0.06 * h)},${n(top)} L${n(x - 0.09 * h)},${n(top - 0.14 * h)} L${n(x + 0.09 * h)},${n(top - 0.14 * h)} L${n(x + 0.06 * h)},${n(top)} Z" fill="${INK}" stroke="${accent}" stroke-opacity="0.6" stroke-width="2"/>`;
}

function riser(x: number, y: number, h: number, rim: string) {
  return `<rect x="${n(x - 0.75 * h)}" y="${n(y)}" width="${n(1.5 * h)}" height="${n(0.22 * h)}" fill="${INK}" stroke="${rim}" stroke-opacity="0.35" stroke-width="3"/>`;
}

function tophat(x: number, y: number, h: number) {
  const top = y - 0.97 * h;
  return `<rect x="${n(x - 0.07 * h)}" y="${n(top - 0.14 * h)}" width="${n(0.14 * h)}" height="${n(0.14 * h)}" fill="${INK}"/><rect x="${n(x - 0.12 * h)}" y="${n(top - 0.01 * h)}" width="${n(0.24 * h)}" height="${n(0.02 * h)}" fill="${INK}"/>`;
}

function sparkles(rng: Random, cx: number, cy: number, radius: number, color: string, count: number) {
  return Array.from({ length: count }, () => {
    const angle = rng.next() * Math.PI * 2;
    const distance = radius * (0.3 + rng.next() * 0.7);
    const x = cx + Math.cos(angle) * distance;
    const y = cy + Math.sin(angle) * distance;
    const s = 4 + rng.next() * 10;
    return `<path d="M${n(x)},${n(y - s)} L${n(x + s * 0.25)},${n(y - s * 0.25)} L${n(x + s)},${n(y)} L${n(x + s * 0.25)},${n(y + s * 0.25)} L${n(x)},${n(y + s)} L${n(x - s * 0.25)},${n(y + s * 0.25)} L${n(x - s)},${n(y)} L${n(x - s * 0.25)},${n(y - s * 0.25)} Z" fill="${color}" opacity="${n(0.5 + rng.next() * 0.5)}"/>`;
  }).join('');
}

function flames(rng: Random, cx: number, cy: number, radius: number) {
  return Array.from({ length: 26 }, (_, index) => {
    const angle = (index / 26) * Math.PI * 2;
    const r = radius * (0.85 + rng.next() * 0.3);
    const x = cx + Math.cos(angle) * r;
    const y = cy + Math.sin(angle) * r * 0.55;
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(6 + rng.next() * 12)}" fill="url(#flame)"/>`;
  }).join('');
}

/** The performers for a kind, standing on a floor at `floor`, centred on `cx`. */
function performers(kind: ArtistKind, genre: string, members: number, cx: number, floor: number, h: number, palette: Palette, rng: Random) {
  const rim = palette.beam;
  const singer = (x: number, scale = 1) => figure(x, floor, h * scale, 'mic', rim) + micStand(x + 0.05 * h * scale, floor, h * scale);
  const guitarist = (x: number, scale = 0.95) => figure(x, floor, h * scale, 'guitar', rim) + guitar(x, floor, h * scale, rim);
  switch (kind) {
    case 'band':
      // The drummer sits on a riser at the back; the singer stands in front of the kit's side.
      return (
        riser(cx + 0.15 * h, floor - 0.22 * h, h, rim) +
        drumKit(cx + 0.15 * h, floor - 0.22 * h, h * 0.7, rim, palette.accent) +
        guitarist(cx - 0.95 * h) +
        guitarist(cx + 1.05 * h, 0.97) +
        singer(cx - 0.4 * h, 1.05)
      );
    case 'coverband':
      return (
        riser(cx + 0.35 * h, floor - 0.22 * h, h, rim) +
        drumKit(cx + 0.35 * h, floor - 0.22 * h, h * 0.66, rim, palette.accent) +
        keyboard(cx - 1.1 * h, floor, h * 0.95, rim) +
        guitarist(cx + 1.2 * h) +
        singer(cx - 0.3 * h, 1.05) +
        sparkles(rng, cx, floor - 1.3 * h, h * 1.4, palette.accent, 28)
      );
    case 'dj':
      return djBooth(cx, floor, h * 1.05, rim, palette.accent) + (members > 1 ? singer(cx + 0.95 * h, 0.98) : '');
    case 'duo':
      return /klassiek|strijk|piano/i.test(genre) ? figure(cx - 0.45 * h, floor, h, 'guitar', rim) + figure(cx + 0.45 * h, floor, h, 'guitar', rim) : guitarist(cx - 0.45 * h) + singer(cx + 0.4 * h);
    case 'act':
      if (/vuur/i.test(genre)) return figure(cx, floor, h, 'raised', rim) + flames(rng, cx, floor - 1.05 * h, 0.45 * h);
      if (/magie|goochel/i.test(genre)) return figure(cx, floor, h, 'wand', rim) + tophat(cx, floor, h) + sparkles(rng, cx + 0.45 * h, floor - 0.75 * h, 0.35 * h, palette.accent, 14);
      if (/cabaret|stand-up/i.test(genre)) return singer(cx, 1.05);
      if (/steeldrum|percussie|dweil/i.test(genre)) {
        const drummer = (x: number) =>
          figure(x, floor, h, 'guitar', rim) +
          `<ellipse cx="${n(x)}" cy="${n(floor - 0.5 * h)}" rx="${n(0.2 * h)}" ry="${n(0.06 * h)}" fill="${INK}" stroke="${palette.accent}" stroke-opacity="0.6" stroke-width="3"/><line x1="${n(x)}" y1="${n(floor - 0.5 * h)}" x2="${n(x)}" y2="${n(floor)}" stroke="${INK}" stroke-width="${n(0.03 * h)}"/>`;
        return members > 1 ? drummer(cx - 0.5 * h) + drummer(cx + 0.5 * h) : drummer(cx);
      }
      if (members === 1) return figure(cx, floor, h, 'wave', rim) + sparkles(rng, cx, floor - 1.1 * h, 0.7 * h, palette.accent, 14);
      return figure(cx - 0.35 * h, floor, h, 'raised', rim) + figure(cx + 0.35 * h, floor, h * 0.96, 'wave', rim) + sparkles(rng, cx, floor - 1.1 * h, 0.9 * h, palette.accent, 16);
    case 'solo':
      if (members >= 3) {
        const count = Math.min(members, 5);
        return Array.from({ length: count }, (_, i) => figure(cx + (i - (count - 1) / 2) * 0.55 * h, floor, h * (0.92 + (i % 2) * 0.06), i % 2 ? 'guitar' : 'mic', rim)).join('');
      }
      return singer(cx, 1.08);
  }
}

function crowd(rng: Random, width: number, height: number, density: number) {
  const parts: string[] = [];
  const rows = [
    { y: height * 0.9, size: height * 0.055 },
    { y: height * 0.96, size: height * 0.07 },
  ];
  for (const row of rows) {
    const count = Math.round((width / (row.size * 2.2)) * density);
    for (let i = 0; i <= count; i++) {
      const x = (i / count) * width + (rng.next() - 0.5) * row.size;
      const s = row.size * (0.85 + rng.next() * 0.3);
      const y = row.y - rng.next() * s * 0.3;
      parts.push(`<ellipse cx="${n(x)}" cy="${n(y + s * 1.1)}" rx="${n(s * 1.15)}" ry="${n(s * 0.8)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(s * 0.5)}"/>`);
      if (rng.chance(0.1)) {
        const side = rng.chance(0.5) ? -1 : 1;
        const hx = x + side * s * (0.5 + rng.next() * 0.6);
        parts.push(`<path d="M${n(x + side * s * 0.6)},${n(y + s * 0.7)} L${n(hx)},${n(y - s * (0.9 + rng.next() * 0.5))}" stroke="${INK}" stroke-width="${n(s * 0.32)}" stroke-linecap="round"/>`);
      }
    }
  }
  return `<g fill="${INK}">${parts.join('')}</g>`;
}

export function paletteFor(key: string): Palette {
  return new Random(`palette/${key}`).pick(palettes);
}

export interface StageOptions {
  width: number;
  height: number;
  kind: ArtistKind;
  genre: string;
  members: number;
  seed: string;
}

export function stageSvg(options: StageOptions): string {
  const { width: w, height: h, kind, genre, members, seed } = options;
  const rng = new Random(`stage/${seed}`);
  const palette = paletteFor(seed);
  const floor = h * 0.84;
  const figureHeight = Math.min(h * 0.5, w * 0.3);
  const lamps = rng.int(4, 6);
  const beams = Array.from({ length: lamps }, (_, i) => {
    const x0 = ((i + 0.5) / lamps) * w + (rng.next() - 0.5) * w * 0.05;
    const x1 = w / 2 + (rng.next() - 0.5) * w * 0.7;
    const spread = w * (0.07 + rng.next() * 0.08);
    const color = i % 3 === 2 ? palette.accent : palette.beam;
    return `<polygon points="${n(x0 - 6)},${n(h * 0.07)} ${n(x0 + 6)},${n(h * 0.07)} ${n(x1 + spread)},${n(floor)} ${n(x1 - spread)},${n(floor)}" fill="url(#beam-${color.slice(1)})"/>
      <ellipse cx="${n(x1)}" cy="${n(floor)}" rx="${n(spread * 1.1)}" ry="${n(h * 0.025)}" fill="${color}" opacity="0.25"/>
      <circle cx="${n(x0)}" cy="${n(h * 0.07)}" r="${n(h * 0.014)}" fill="#fff" opacity="0.9"/>
      <circle cx="${n(x0)}" cy="${n(h * 0.07)}" r="${n(h * 0.04)}" fill="url(#lamp)"/>`;
  }).join('');
  const beamGradient = (color: string) =>
    `<linearGradient id="beam-${color.slice(1)}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${color}" stop-opacity="0.6"/><stop offset="1" stop-color="${color}" stop-opacity="0.04"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="0.8" stop-color="${palette.bottom}"/><stop offset="1" stop-color="${palette.top}"/></linearGradient>
    ${beamGradient(palette.beam)}${beamGradient(palette.accent)}
    <radialGradient id="haze"><stop offset="0" stop-color="${palette.beam}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.beam}" stop-opacity="0"/></radialGradient>
    <radialGradient id="lamp"><stop offset="0" stop-color="#ffffff" stop-opacity="0.8"/><stop offset="1" stop-color="${palette.beam}" stop-opacity="0"/></radialGradient>
    <radialGradient id="flame"><stop offset="0" stop-color="#fff3b0"/><stop offset="0.5" stop-color="#ff9f1c" stop-opacity="0.9"/><stop offset="1" stop-color="#ff3d00" stop-opacity="0"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0.35"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#sky)"/>
  <ellipse cx="${n(w / 2)}" cy="${n(floor - figureHeight * 0.6)}" rx="${n(w * 0.45)}" ry="${n(h * 0.45)}" fill="url(#haze)"/>
  <rect x="0" y="${n(h * 0.06)}" width="${w}" height="${n(h * 0.018)}" fill="${INK}"/>
  ${beams}
  <rect x="0" y="${n(floor)}" width="${w}" height="${n(h - floor)}" fill="url(#floor)"/>
  ${performers(kind, genre, members, w / 2, floor, figureHeight, palette, rng)}
  ${crowd(rng, w, h, 0.7)}
</svg>`;
}

export function avatarSvg(initials: string, size: number): string {
  const palette = paletteFor(`avatar/${initials}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.bottom}"/><stop offset="1" stop-color="${palette.beam}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#bg)"/>
  <circle cx="${n(size * 0.82)}" cy="${n(size * 0.18)}" r="${n(size * 0.3)}" fill="#fff" opacity="0.08"/>
  <text x="50%" y="50%" dy="0.35em" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${n(size * 0.4)}" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

export function newsCoverSvg(title: string, theme: string, width: number, height: number): string {
  const rng = new Random(`news/${title}`);
  const palette = paletteFor(`news/${theme}/${title}`);
  const motif = (() => {
    switch (theme) {
      case 'bruiloft':
        return `<g fill="none" stroke="${palette.accent}" stroke-width="${n(height * 0.03)}" opacity="0.85"><circle cx="${n(width * 0.72)}" cy="${n(height * 0.3)}" r="${n(height * 0.17)}"/><circle cx="${n(width * 0.82)}" cy="${n(height * 0.3)}" r="${n(height * 0.17)}"/></g>`;
      case 'bedrijfsfeest':
      case 'tips':
        return Array.from({ length: 70 }, () => {
          const x = width * (0.45 + rng.next() * 0.55);
          const y = height * (0.04 + rng.next() * 0.46);
          const color = rng.pick([palette.accent, palette.beam, '#ffffff']);
          return `<rect x="${n(x)}" y="${n(y)}" width="${n(8 + rng.next() * 14)}" height="${n(4 + rng.next() * 6)}" fill="${color}" opacity="${n(0.5 + rng.next() * 0.5)}" transform="rotate(${rng.int(0, 180)} ${n(x)} ${n(y)})"/>`;
        }).join('');
      case 'techniek':
        return Array.from({ length: 5 }, (_, i) => {
          const x0 = width * (0.5 + i * 0.11);
          const x1 = width * (0.35 + rng.next() * 0.6);
          return `<polygon points="${n(x0 - 5)},0 ${n(x0 + 5)},0 ${n(x1 + 90)},${height} ${n(x1 - 90)},${height}" fill="${i % 2 ? palette.accent : palette.beam}" opacity="0.22"/>`;
        }).join('');
      default: {
        const bars = 36;
        const barWidth = (width * 0.5) / bars;
        return Array.from({ length: bars }, (_, i) => {
          const barHeight = height * (0.06 + Math.abs(Math.sin(i * 0.45 + rng.next())) * 0.36);
          return `<rect x="${n(width * 0.48 + i * barWidth)}" y="${n(height * 0.5 - barHeight)}" width="${n(barWidth * 0.6)}" height="${n(barHeight)}" rx="3" fill="${i % 5 === 0 ? palette.accent : palette.beam}" opacity="0.75"/>`;
        }).join('');
      }
    }
  })();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>
    <radialGradient id="glow"><stop offset="0" stop-color="${palette.beam}" stop-opacity="0.5"/><stop offset="1" stop-color="${palette.beam}" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#bg)"/>
  <circle cx="${n(width * 0.78)}" cy="${n(height * 0.4)}" r="${n(height * 0.6)}" fill="url(#glow)"/>
  ${motif}
</svg>`;
}

/** The SVG for a media item. */
export function mediaSvg(media: Pick<SeedMedia, 'width' | 'height'> & { spec: MediaSpec }): string {
  const { spec, width, height } = media;
  switch (spec.kind) {
    case 'artist-cover':
      return stageSvg({ width, height, kind: spec.artistKind, genre: spec.genre, members: spec.members, seed: spec.artistName });
    case 'artist-photo':
      return stageSvg({ width, height, kind: spec.artistKind, genre: spec.genre, members: spec.members, seed: spec.artistName });
    case 'avatar':
      return avatarSvg(spec.initials, width);
    case 'news-cover':
      return newsCoverSvg(spec.title, spec.theme, width, height);
  }
}

export async function renderJpeg(svg: string, quality = 80): Promise<Buffer> {
  return sharp(Buffer.from(svg)).jpeg({ quality, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
}

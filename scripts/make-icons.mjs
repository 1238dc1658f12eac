#!/usr/bin/env node
/**
 * Draws the app icons — a coffee bean in the theme green (#1f5130) on the cream background
 * (#f7f5ef) — and writes them as PNG files by hand (zlib + CRC32 from node:zlib, no image
 * library): public/icons/icon-192.png, icon-512.png (rounded tile, transparent corners) and
 * icon-maskable-512.png (full bleed, the bean inside the maskable safe zone), plus
 * public/favicon.svg. Run: `node scripts/make-icons.mjs`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync, crc32 } from 'node:zlib';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const GREEN = [0x1f, 0x51, 0x30];
const CREAM = [0xf7, 0xf5, 0xef];
const ANGLE = (-32 * Math.PI) / 180;
/** Bean half-axes and slit, in units of the icon's half size. */
const BEAN = { a: 0.5, b: 0.7, slitAmp: 0.1, slitHalfWidth: 0.045, slitLen: 0.8 };
const SAMPLES = 4; // 4×4 supersampling for smooth edges

/** Coverage of the bean (0 outside, 1 inside, slit excluded) at a point of [-1, 1]². */
function beanAt(u, v, scale) {
  const x0 = u / scale;
  const y0 = v / scale;
  const x = x0 * Math.cos(ANGLE) - y0 * Math.sin(ANGLE);
  const y = x0 * Math.sin(ANGLE) + y0 * Math.cos(ANGLE);
  if ((x / BEAN.a) ** 2 + (y / BEAN.b) ** 2 > 1) return false;
  const t = y / BEAN.b;
  if (Math.abs(t) < BEAN.slitLen) {
    const centre = BEAN.slitAmp * Math.sin(Math.PI * t);
    // The slit narrows towards its ends, like the groove of a real bean.
    const half = BEAN.slitHalfWidth * Math.cos((Math.PI / 2) * (t / BEAN.slitLen));
    if (Math.abs(x - centre) < half) return false;
  }
  return true;
}

function insideRoundedSquare(u, v, radius) {
  const qx = Math.abs(u) - (1 - radius);
  const qy = Math.abs(v) - (1 - radius);
  if (qx <= 0 || qy <= 0) return Math.abs(u) <= 1 && Math.abs(v) <= 1;
  return qx * qx + qy * qy <= radius * radius;
}

/** RGBA pixels of one icon. */
function draw(size, { maskable }) {
  const pixels = Buffer.alloc(size * size * 4);
  const beanScale = maskable ? 0.72 : 0.95;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let tile = 0;
      let bean = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const u = ((px + (sx + 0.5) / SAMPLES) / size) * 2 - 1;
          const v = ((py + (sy + 0.5) / SAMPLES) / size) * 2 - 1;
          if (maskable || insideRoundedSquare(u, v, 0.36)) tile++;
          if (beanAt(u, v, beanScale)) bean++;
        }
      }
      const n = SAMPLES * SAMPLES;
      const beanShare = bean / n;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c++) {
        pixels[i + c] = Math.round(GREEN[c] * beanShare + CREAM[c] * (1 - beanShare));
      }
      pixels[i + 3] = Math.round((Math.max(tile, bean) / n) * 255);
    }
  }
  return pixels;
}

function chunk(type, data) {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type RGBA
  // Each scanline starts with filter type 0 (none).
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same bean as SVG for the favicon and the in-app brand mark. */
function faviconSvg() {
  const deg = (ANGLE * 180) / Math.PI;
  const s = 32; // viewBox half size
  const { a, b, slitAmp, slitHalfWidth, slitLen } = BEAN;
  const points = [];
  for (let k = 0; k <= 24; k++) {
    const t = -slitLen + (2 * slitLen * k) / 24;
    points.push([(slitAmp * Math.sin(Math.PI * t) * s).toFixed(2), (t * b * s).toFixed(2)]);
  }
  const slit = `M${points.map((p) => p.join(' ')).join(' L')}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-32 -32 64 64">
  <rect x="-32" y="-32" width="64" height="64" rx="11.5" fill="#f7f5ef"/>
  <g transform="rotate(${(-deg).toFixed(1)})">
    <ellipse cx="0" cy="0" rx="${(a * s * 0.95).toFixed(2)}" ry="${(b * s * 0.95).toFixed(2)}" fill="#1f5130"/>
    <path d="${slit}" fill="none" stroke="#f7f5ef" stroke-width="${(slitHalfWidth * 2 * s).toFixed(2)}" stroke-linecap="round"/>
  </g>
</svg>
`;
}

const outputs = [
  ['public/icons/icon-192.png', png(192, draw(192, { maskable: false }))],
  ['public/icons/icon-512.png', png(512, draw(512, { maskable: false }))],
  ['public/icons/icon-maskable-512.png', png(512, draw(512, { maskable: true }))],
  ['public/favicon.svg', Buffer.from(faviconSvg())],
];
for (const [file, data] of outputs) {
  const target = join(ROOT, file);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, data);
  console.log(`${file} (${data.length} bytes)`);
}

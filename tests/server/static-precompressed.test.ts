/**
 * The build's brotli and gzip copies (scripts/vite-precompress.ts) are what the server sends:
 * the copy the browser accepts, with the original file's type and caching, and the plain file
 * to a browser that accepts neither. Decompressed, each is the file itself.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { precompressDir } from '../../scripts/vite-precompress.ts';

let t: TestApp;
let dist: string;
// Script-like text, repetitive as bundles are, well over the 1 KB below which nothing is copied.
const SCRIPT = Array.from(
  { length: 400 },
  (_, i) => `export const socio${i} = { clave: ${i}, nombre: "Socio ${i}" };`,
).join('\n');
const SHELL = `<!doctype html><html lang="es"><div id="root"></div>${'<!-- x -->'.repeat(200)}`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'comonsit-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SHELL);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'tiny-1.js'), 'export {};');
  writeFileSync(path.join(dist, 'assets', 'logo.png'), Buffer.alloc(4096, 7));
  precompressDir(dist);
  t = await makeTestApp({ env: { DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('precompressed build files', () => {
  it('the build writes a brotli and a gzip copy of text files only, and only where it pays', () => {
    expect(readdirSync(path.join(dist, 'assets')).sort()).toEqual([
      'app-abc123.js',
      'app-abc123.js.br',
      'app-abc123.js.gz',
      'logo.png',
      'tiny-1.js',
    ]);
    expect(readdirSync(dist)).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
  });

  it('a script goes out as brotli to a browser that accepts it, typed and cached as the script', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(SCRIPT.length / 5);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('gzip to a browser without brotli, the plain file to one that accepts neither', async () => {
    const gzip = await get('/assets/app-abc123.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-abc123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('the app shell of a deep link comes precompressed too', async () => {
    const res = await get('/socios', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SHELL);
  });
});

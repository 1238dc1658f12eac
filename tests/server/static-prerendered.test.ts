/**
 * A first visit to a public page gets the HTML the build rendered, in the visitor's
 * language — the app's language cookie first, then Accept-Language — and a login form sent
 * before the app's script took it over comes back as a page, its body never read.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
let dist: string;

const page = (lang: string, name: string) =>
  `<!doctype html><html lang="${lang}"><div id="root" data-prerendered="x">${name} ${lang}</div>`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'comonsit-dist-'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dist, 'public.html'), '<!doctype html><div id="root">public</div>');
  for (const lang of ['es', 'en', 'tz']) {
    mkdirSync(path.join(dist, 'prerendered', lang), { recursive: true });
    writeFileSync(path.join(dist, 'prerendered', lang, 'index.html'), page(lang, 'home'));
    writeFileSync(path.join(dist, 'prerendered', lang, 'acceso.html'), page(lang, 'login'));
  }
  t = await makeTestApp({ env: { DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('prerendered public pages', () => {
  it('/ and /acceso come as their page in the language the browser asks for', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/', {}, 'home es'],
      ['/', { 'accept-language': 'en-US,en;q=0.9,es;q=0.8' }, 'home en'],
      ['/acceso', { 'accept-language': 'fr-FR, en;q=0.5' }, 'login en'],
      ['/acceso', { 'accept-language': 'tzh, es;q=0.9' }, 'login tz'],
      ['/acceso/', { 'accept-language': 'de' }, 'login es'],
      ['/acceso?next=/socios', {}, 'login es'],
    ];
    for (const [url, headers, body] of cases) {
      const res = await get(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Accept-Language, Cookie, Accept-Encoding');
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toContain(`>${body}</div>`);
    }
  });

  it('the language chosen in the app (its cookie) wins over the browser’s', async () => {
    const res = await get('/', {
      'accept-language': 'en',
      cookie: 'other=1; comonsit.lang=tz; more=2',
    });
    expect(res.body).toContain('>home tz</div>');
    const unknown = await get('/', { 'accept-language': 'en', cookie: 'comonsit.lang=fr' });
    expect(unknown.body).toContain('>home en</div>');
  });

  it('other routes get the plain app shell, which the app draws itself', async () => {
    for (const url of ['/socios', '/inicio', '/inicio/', '/conocenos/extra']) {
      const res = await get(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
      // Not the language: only the encoding (a precompressed copy or the plain file) varies.
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
  });

  it('the other public routes get the shell without the session start’s hints', async () => {
    for (const url of ['/conocenos', '/mapa', '/contacto/', '/contacto?x=1']) {
      const res = await get(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body, url).toBe('<!doctype html><div id="root">public</div>');
    }
  });

  it('a login form sent before the app took it over: back to the page, nothing kept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/acceso',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'username=promotor&password=secreta',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/acceso');
    expect(res.body).not.toContain('secreta');
  });
});

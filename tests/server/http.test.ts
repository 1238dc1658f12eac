import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as z from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'comonsit-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Comon Sit</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Comon Sit"}');
  t = await makeTestApp({
    env: {
      DIST_DIR: dist,
      VITE_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      VITE_TILE_SATELLITE_URL: 'https://sat.example.net:8443/{z}/{x}/{y}.jpg',
      VITE_WEATHER_URL: 'https://api.weather.example.com/v1/forecast',
      VITE_WEATHER_KEY: 'demo-key',
      VITE_CALENDAR_URL: 'https://calendar.example.com/embed?src=coop',
      VITE_FORMS_MANUALS_URL: 'https://docs.example.com/manuales',
    },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  it('every answer carries the CSP, nosniff, frame denial and a referrer policy', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/health/' }),
      await t.app.inject({ method: 'GET', url: '/api/users/me.json' }),
      await t.app.inject({ method: 'GET', url: '/socios' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    }
  });

  it('the CSP allows exactly the configured tile, weather and calendar hosts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = directives(String(res.headers['content-security-policy']));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // The app's origin, and the prerendered pages' one inline script by its hash.
    expect(csp.get('script-src')).toEqual(["'self'", expect.stringMatching(/^'sha256-/)]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://*.tiles.example.org',
      'https://sat.example.net:8443',
    ]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://*.tiles.example.org',
      'https://sat.example.net:8443',
      'https://api.weather.example.com',
    ]);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('frame-src')).toEqual(['https://calendar.example.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('GET /api/config/ and /api/health/', () => {
  it('answers the public run-time configuration without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      tileSatelliteUrl: 'https://sat.example.net:8443/{z}/{x}/{y}.jpg',
      tileTopoUrl: null,
      weatherUrl: 'https://api.weather.example.com/v1/forecast',
      weatherKey: 'demo-key',
      calendarUrl: 'https://calendar.example.com/embed?src=coop',
      analyticsId: null,
      formsCurrentUrl: null,
      formsManualsUrl: 'https://docs.example.com/manuales',
      formsTrainingUrl: null,
      formsInfographicsUrl: null,
      timezone: 'America/Mexico_City',
    });
    expect(res.body).not.toContain(t.config.jwtSecret);
  });

  it('health answers ok with the database up and its migrations current', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok', migrations: 'current' });
  });

  it('health answers 503 while the database lacks a migration of this release', async () => {
    const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;
    const deleted = z
      .object({ rows: z.array(z.object({ hash: z.string(), created_at: z.coerce.string() })) })
      .parse(
        await t.db.execute(
          sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
        ),
      );
    const row = deleted.rows[0];
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', database: 'ok', migrations: 'pending' });
    } finally {
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${row!.created_at})`,
      );
    }
  });
});

describe('the built PWA', () => {
  it('serves index.html for client routes (SPA fallback), never cached', async () => {
    for (const url of ['/socios', '/', '/solicitudes/12', '/acceso?next=/socios']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves sw.js revalidated and hashed assets immutable', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toContain('console.log');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a missing file is a 404, not the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-gone.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });

  it('API paths never fall back to the app shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/socios-que-no-existen/' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'No encontrado.' });
  });

  it('compresses large answers when asked', async () => {
    const token = await t.tokenFor('gerente');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/comunidades.json',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe('malformed URLs', () => {
  const BAD = [
    '/api/socios/%E0%A4%A.json',
    '/api/socios/%',
    '/api/contratos/1%ZZ/pagos/',
    '/api/solic-creditos/%C0%AF',
  ];

  it('answer the API error shape in the caller language, never Fastify own', async () => {
    for (const url of BAD) {
      for (const [lang, text] of [
        ['es', 'La dirección pedida no es válida.'],
        ['en', 'The requested address is not valid.'],
      ] as const) {
        const res = await t.as('gerente', {
          method: 'GET',
          url,
          headers: { 'accept-language': lang },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json(), url).toEqual({ non_field_errors: [text] });
      }
    }
  });

  it('a malformed write URL is refused the same way, without a token too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/pagos/%E0%A4%A/',
      headers: { 'accept-language': 'en' },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ non_field_errors: ['The requested address is not valid.'] });
  });
});

/**
 * The Content-Security-Policy holds: on every kind of answer (the app shell, static
 * files, API answers, errors) scripts come only from the app's own origin — no eval, no other
 * host, and no inline script but the one a prerendered page starts its scripts with, allowed by
 * its hash — and the only other hosts are the map tile, weather and calendar
 * services, each only when configured and only where it is used; a configured URL cannot
 * smuggle in a directive. The page source and the build configuration add no inline script
 * (the service worker is registered from the app's own bundle).
 * http.test.ts checks the directives of one fully configured server; this checks the rest.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicConfigFromEnv } from '#server/config';
import { cspDirectives } from '#server/http/security';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { scriptsAfterPaint } from '../../scripts/prerender-html.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_HTML = readFileSync(path.join(ROOT, 'index.html'), 'utf8');

let dist: string;
let t: TestApp;

beforeAll(async () => {
  // A dist folder holding the real page source, served by an app with no service configured.
  dist = mkdtempSync(path.join(tmpdir(), 'comonsit-csp-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), SOURCE_HTML);
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
  t = await makeTestApp({ empty: true, env: { DIST_DIR: dist } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

type Csp = Map<string, string[]>;

function parseCsp(header: unknown): Csp {
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Every source that names another origin (not a keyword, a hash or a 'self'-like scheme). */
function hostsOf(csp: Csp): string[] {
  const own = new Set(["'self'", "'none'", "'unsafe-inline'", 'data:', 'blob:']);
  return [...csp.values()]
    .flat()
    .filter((source) => !own.has(source) && !/^'sha256-[A-Za-z0-9+/]+=*'$/.test(source));
}

/** `script-src`: the app's origin and exactly one inline script, by its SHA-256 hash. */
function expectOwnScriptsOnly(csp: Csp, kind?: string): void {
  const sources = csp.get('script-src') ?? [];
  expect(sources[0], kind).toBe("'self'");
  expect(sources.slice(1), kind).toHaveLength(1);
  expect(sources[1], kind).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
}

/** One answer of each kind the server gives. */
async function answersOf() {
  const token = await t.app.inject({ method: 'POST', url: '/api/token/', payload: '{' });
  return {
    'app shell': await t.app.inject({ method: 'GET', url: '/' }),
    'deep link': await t.app.inject({ method: 'GET', url: '/socios' }),
    'service worker': await t.app.inject({ method: 'GET', url: '/sw.js' }),
    'script file': await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' }),
    'API answer': await t.app.inject({ method: 'GET', url: '/api/config/' }),
    'API 401': await t.app.inject({ method: 'GET', url: '/api/socios.json' }),
    'API 404': await t.app.inject({ method: 'GET', url: '/api/nada/' }),
    'API 400': token,
    'missing file': await t.app.inject({ method: 'GET', url: '/assets/nada.js' }),
  };
}

describe('the CSP on every answer', () => {
  it('allows scripts from the app’s origin only, and no other host, when nothing is configured', async () => {
    for (const [kind, res] of Object.entries(await answersOf())) {
      const csp = parseCsp(res.headers['content-security-policy']);
      expectOwnScriptsOnly(csp, kind);
      expect(csp.get('default-src'), kind).toEqual(["'self'"]);
      expect(csp.get('object-src'), kind).toEqual(["'none'"]);
      expect(csp.get('base-uri'), kind).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), kind).toEqual(["'none'"]);
      expect(csp.get('frame-src'), kind).toEqual(["'none'"]);
      expect(csp.has('script-src-elem') || csp.has('script-src-attr'), kind).toBe(false);
      // Inline styles are the one allowance (the UI kit sets style attributes); never scripts.
      for (const [name, sources] of csp) {
        expect(sources, `${kind} ${name}`).not.toContain("'unsafe-eval'");
        if (name !== 'style-src')
          expect(sources, `${kind} ${name}`).not.toContain("'unsafe-inline'");
      }
      expect(hostsOf(csp), kind).toEqual([]);
    }
  });
});

/** The policy the server sends for a configuration (the same function builds the header). */
const policyFor = (env: Record<string, string>): Csp =>
  new Map(
    Object.entries(cspDirectives(publicConfigFromEnv(env, 'America/Mexico_City'))).map(
      ([name, sources]) => [name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), sources],
    ),
  );

describe('hosts in the CSP come from configuration only', () => {
  it('each service adds its host only when configured, and only where that service is used', () => {
    const tiles = policyFor({ VITE_TILE_TOPO_URL: 'https://{s}.topo.example.org/{z}/{x}/{y}.png' });
    expect(hostsOf(tiles)).toEqual(['https://*.topo.example.org', 'https://*.topo.example.org']);
    expect(tiles.get('img-src')).toContain('https://*.topo.example.org');
    expect(tiles.get('connect-src')).toContain('https://*.topo.example.org');

    const weather = policyFor({ VITE_WEATHER_URL: 'https://api.clima.example.com/v1?lat=17' });
    expect(hostsOf(weather)).toEqual(['https://api.clima.example.com']);
    expect(weather.get('connect-src')).toEqual(["'self'", 'https://api.clima.example.com']);

    const calendar = policyFor({ VITE_CALENDAR_URL: 'https://cal.example.org/embed?x=1' });
    expect(hostsOf(calendar)).toEqual(['https://cal.example.org']);
    expect(calendar.get('frame-src')).toEqual(['https://cal.example.org']);

    // Links the user opens, keys and ids are not fetched by the page: no host for them.
    const others = policyFor({
      VITE_FORMS_MANUALS_URL: 'https://docs.example.net/manuales',
      VITE_FORMS_CURRENT_URL: 'https://forms.example.net/vigentes',
      VITE_ANALYTICS_ID: 'G-123',
      VITE_WEATHER_KEY: 'clave',
    });
    expect(hostsOf(others)).toEqual([]);
    expect(hostsOf(policyFor({}))).toEqual([]);
  });

  it('a configured URL cannot smuggle a directive or a wildcard source into the policy', () => {
    const csp = policyFor({
      VITE_TILE_URL: "https://tiles.example.org;script-src-elem:'unsafe-inline'/{z}/{x}/{y}.png",
      VITE_TILE_SATELLITE_URL: 'https://{s}/{z}/{x}/{y}.png',
      VITE_WEATHER_URL: 'https://*/',
      VITE_CALENDAR_URL: "https://cal.example.org'unsafe-inline'/x",
    });
    expectOwnScriptsOnly(csp);
    expect(csp.has('script-src-elem')).toBe(false);
    expect(hostsOf(csp)).toEqual([]);
  });
});

describe('no inline script in the page or the build', () => {
  it('index.html loads only same-origin script files and has no inline handlers or javascript: URLs', () => {
    const scripts = [...SOURCE_HTML.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(body!.trim(), 'inline script').toBe('');
      expect(attributes).toMatch(/\bsrc="\/[^/"]/);
    }
    expect(SOURCE_HTML).not.toMatch(/\son[a-z]+\s*=/i);
    expect(SOURCE_HTML).not.toMatch(/javascript:/i);
  });

  it('a prerendered page has one inline script, the one the CSP allows by hash, and no other script', async () => {
    const built = SOURCE_HTML.replace(
      '<script type="module" src="/src/main.tsx"></script>',
      '',
    ).replace(
      '</head>',
      '<script type="module" crossorigin src="/assets/index-abc123.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/shell-abc123.js"></head>',
    );
    const page = scriptsAfterPaint(built);
    const scripts = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts).toHaveLength(1);
    const [, attributes, body] = scripts[0]!;
    expect(attributes).toBe('');
    // The scripts it starts are the page's own, the entry first.
    expect(page).toContain(
      '<meta name="comonsit-after-paint" content="/assets/index-abc123.js /assets/shell-abc123.js">',
    );
    expect(page).not.toMatch(/modulepreload" crossorigin href/);
    const hash = `'sha256-${createHash('sha256').update(body!).digest('base64')}'`;
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(parseCsp(res.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      hash,
    ]);
  });

  it('the build registers the service worker from the bundle, never with an inline script', () => {
    const config = readFileSync(path.join(ROOT, 'vite.config.ts'), 'utf8');
    // vite-plugin-pwa's 'inline' (and 'auto', which may choose it) writes a script into the page.
    expect(config).toMatch(/injectRegister:\s*(false|null|'script')/);
    expect(config).not.toMatch(/transformIndexHtml/);
  });
});

/**
 * The built bundle (the shell's budget: docs/performance.md#budgets-and-current-figures): every JS
 * and CSS chunk with its raw and gzipped size; the JavaScript the login screen and app shell load
 * (the entry chunk, what the login page preloads, the login screen's chunk and everything they
 * import statically) against 150 KB gzipped; and the chunks of maplibre-gl, ECharts and SheetJS,
 * which must stay out of the shell (loaded on demand by the screens that use them); and what
 * installing the app downloads per role (the service worker's precache, then the role's files
 * cached at its first login); and the first visit's scripts as the server sends them (the
 * build's brotli copies) against 130 KB.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, type Figure, type FigureReport } from './report.ts';
import { PRECACHE_ROLES_FILE, parsePrecacheRoles } from '../../src/domain/precache-roles.ts';
import {
  AFTER_PAINT_META,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
} from '../../src/domain/prerendered-pages.ts';
import { SESSION_START_HINT } from '../vite-shell-chunk.ts';

/**
 * The script files a first visit of the login page asks for: the prerendered page's (listed in
 * its after-paint meta), else the plain index.html's own tags — without the hints only a stored
 * session's start uses (the private side, the home screen).
 */
function loginPageScripts(distDir: string): string[] {
  const prerendered = path.join(distDir, PRERENDERED_DIR, 'es', PRERENDERED_PAGES['/acceso']!);
  const html = readFileSync(
    existsSync(prerendered) ? prerendered : path.join(distDir, 'index.html'),
    'utf8',
  );
  const meta = new RegExp(`<meta name="${AFTER_PAINT_META}" content="([^"]+)"`).exec(html);
  const urls = meta
    ? meta[1]!.split(' ')
    : [...html.matchAll(/<(?:script|link)\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => !tag.includes(SESSION_START_HINT))
        .map((tag) => /(?:src|href)="([^"]+)"/.exec(tag)?.[1] ?? '');
  return urls
    .filter((url) => url.startsWith('/assets/') && url.endsWith('.js'))
    .map((url) => url.slice('/assets/'.length));
}

const SHELL_BUDGET = 150 * 1024;
const WIRE_BUDGET = 130 * 1024;

const HEAVY: [string, RegExp][] = [
  ['maplibre-gl', /^maplibre-gl-(?!worker)/],
  ['maplibre-gl worker', /^maplibre-gl-worker-.*\.js$/],
  ['ECharts', /^echarts-setup-/],
  ['SheetJS (@e965/xlsx)', /^xlsx-(?!export)/],
];

interface Chunk {
  file: string;
  raw: number;
  gzip: number;
}

export function bundleReport(distDir: string): FigureReport {
  const assets = path.join(distDir, 'assets');
  const chunks: Chunk[] = readdirSync(assets)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((file) => {
      const buf = readFileSync(path.join(assets, file));
      return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const byFile = new Map(chunks.map((c) => [c.file, c]));

  /** A chunk and every chunk it imports statically (what loading it pulls in at once). */
  const closure = (files: string[]): Set<string> => {
    const seen = new Set<string>();
    const queue = [...files];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file) || !byFile.has(file)) continue;
      seen.add(file);
      const code = readFileSync(path.join(assets, file), 'utf8');
      // Static imports only (`from"./x.js"`, `import"./x.js"`); `import("./x.js")` is on demand.
      for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) queue.push(m[1]!);
    }
    return seen;
  };
  const gzipOf = (files: Iterable<string>) =>
    [...files].reduce((sum, f) => sum + (byFile.get(f)?.gzip ?? 0), 0);
  const chunk = (re: RegExp) => chunks.find((c) => c.file.endsWith('.js') && re.test(c.file))?.file;

  const shellFiles = closure(loginPageScripts(distDir));
  const loginChunk = chunk(/^login-screen-/);
  const loginFiles = closure([...shellFiles, ...(loginChunk ? [loginChunk] : [])]);
  const loginGzip = gzipOf(loginFiles);

  console.log(`\nBundle (${assets})`);
  console.log('  gzip       raw        file');
  for (const c of chunks)
    console.log(`  ${fmt(c.gzip, 'bytes').padEnd(10)} ${fmt(c.raw, 'bytes').padEnd(10)} ${c.file}`);
  console.log(
    `\nShell JS loaded by the login page: ${fmt(gzipOf(shellFiles), 'bytes')} gzip (${shellFiles.size} files)`,
  );

  // What a first visit's scripts weigh on the wire: the build's brotli copy the server sends
  // (scripts/vite-precompress.ts), or the file itself where the build made none.
  const wireOf = (file: string) => {
    const full = path.join(assets, file);
    return existsSync(`${full}.br`) ? statSync(`${full}.br`).size : statSync(full).size;
  };
  const loginWire = [...loginFiles].reduce((sum, f) => sum + wireOf(f), 0);
  const figures: Figure[] = [
    {
      id: 'bundle.wire',
      metric: `Login screen + app shell JS on the wire, precompressed brotli (${loginFiles.size} files)`,
      value: loginWire,
      unit: 'bytes',
      budget: '≤ 130 KB',
      ok: loginWire <= WIRE_BUDGET,
    },
    {
      id: 'bundle.shell',
      metric: `Login screen + app shell JS, gzip (${loginFiles.size} files)`,
      value: loginGzip,
      unit: 'bytes',
      budget: '≤ 150 KB',
      ok: loginGzip <= SHELL_BUDGET,
    },
  ];
  for (const [name, re] of HEAVY) {
    const file = chunk(re);
    // What loading it adds beyond the shell: the chunk and its own static imports.
    const extra = file ? [...closure([file])].filter((f) => !loginFiles.has(f)) : [];
    figures.push({
      id: `bundle.${name}`,
      metric: file
        ? `${name}: on-demand chunk, gzip (${file})`
        : `${name}: not in the build (no screen uses it)`,
      value: gzipOf(extra),
      unit: 'bytes',
      budget: 'own chunk, not in the shell',
      ok: file ? !loginFiles.has(file) : null,
    });
  }
  figures.push(...installFigures(distDir));
  return { group: 'Bundle', figures, notes: [`bundle of ${distDir}`] };
}

/** Gzip bytes of a file of the build (what the server sends with compression). */
function gzipBytes(distDir: string, url: string): number {
  return gzipSync(readFileSync(path.join(distDir, url.replace(/^\//, ''))), { level: 9 }).length;
}

/**
 * The install: the precache manifest injected into sw.js (every user), then per role the files
 * its first login caches. Sizes gzip as the server sends them; an update fetches only files
 * whose (hashed) names changed.
 */
function installFigures(distDir: string): Figure[] {
  const sw = readFileSync(path.join(distDir, 'sw.js'), 'utf8');
  const precached = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];
  const install = precached.reduce((sum, url) => sum + gzipBytes(distDir, url), 0);
  const roles = parsePrecacheRoles(
    JSON.parse(readFileSync(path.join(distDir, PRECACHE_ROLES_FILE), 'utf8')),
  );
  if (!roles) throw new Error(`${PRECACHE_ROLES_FILE} is not a role list`);
  const figures: Figure[] = [
    {
      id: 'install.common',
      metric: `Install (service worker precache, every user), gzip (${precached.length} files)`,
      value: install,
      unit: 'bytes',
      budget: null,
      ok: null,
    },
  ];
  for (const [role, files] of Object.entries(roles.roles)) {
    const extra = files.reduce((sum, f) => sum + gzipBytes(distDir, f.url), 0);
    figures.push({
      id: `install.${role}`,
      metric: `Install + first login as ${role}, gzip (${files.length} more files: ${fmt(extra, 'bytes')})`,
      value: install + extra,
      unit: 'bytes',
      budget: null,
      ok: null,
    });
  }
  return figures;
}

/**
 * The built bundle (issue 9; the shell's budget is issue 21's): every JS and CSS chunk with its raw and gzipped size; the
 * JavaScript the login screen and app shell load (the entry chunk, what index.html preloads,
 * the login screen's chunk and everything they import statically) against 150 KB gzipped; and
 * the chunks of maplibre-gl, ECharts and SheetJS, which must stay out of the shell (loaded on
 * demand by the screens that use them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fmt, type Figure, type FigureReport } from './report.ts';

const SHELL_BUDGET = 150 * 1024;

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

  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const shellFiles = closure(
    [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!),
  );
  const loginChunk = chunk(/^login-screen-/);
  const loginFiles = closure([...shellFiles, ...(loginChunk ? [loginChunk] : [])]);
  const loginGzip = gzipOf(loginFiles);

  console.log(`\nBundle (${assets})`);
  console.log('  gzip       raw        file');
  for (const c of chunks)
    console.log(`  ${fmt(c.gzip, 'bytes').padEnd(10)} ${fmt(c.raw, 'bytes').padEnd(10)} ${c.file}`);
  console.log(
    `\nShell JS loaded by index.html: ${fmt(gzipOf(shellFiles), 'bytes')} gzip (${shellFiles.size} files)`,
  );

  const figures: Figure[] = [
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
  return { group: 'Bundle', figures, notes: [`bundle of ${distDir}`] };
}

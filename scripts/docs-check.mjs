#!/usr/bin/env node
/**
 * Keeps the written documentation honest (run by `npm run lint`):
 * - every repository path a page writes in backticks exists — README.md, docs/*.md and the
 *   folder READMEs under src/, server/, tests/, scripts/, sw/ and locales/;
 * - each folder README stays within 8 KB and README.md within 12 KB, so they stay a door into
 *   docs/ rather than a second, drifting copy of it;
 * - every link to a page of docs/ and its section — `[x](testing.md#ci)` in a page,
 *   `docs/testing.md#ci` in a comment of src/, server/, scripts/, tests/ or sw/ —
 *   names a page and a heading that exist (anchors as GitHub makes them from headings);
 * - no comment there cites a numbered part of the original specification, which the repository
 *   does not hold.
 *
 * A path from the repository root must exist as written; a shorter one (`http/errors.ts` in a
 * page about server/, a bare `app.ts`) must be the end of some file's or folder's path, so a
 * deleted or renamed file is caught while a page may name files relative to the folder it is
 * about. `#domain/x` and the other subpath imports resolve through package.json's `imports`.
 * Templates (`routes/<area>.ts`, `*.test.ts`), URLs and commands are not paths and are
 * skipped; files the build or a bench writes are listed in BUILD_OUTPUTS. `--list` prints
 * every path checked.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const FOLDER_README_MAX = 8 * 1024;
const ROOT_README_MAX = 12 * 1024;
/** Where folder READMEs are looked for. */
const FOLDER_ROOTS = ['src', 'server', 'tests', 'scripts', 'sw', 'locales'];
/** Files written by the build or a command, named by the pages but not in the repository. */
const BUILD_OUTPUTS = new Set(['precache-roles.json', 'public.html', 'test-results/bench.json']);
/** The folders .gitignore names (`dist/`, `test-results/`, …): written by commands, not kept. */
const GENERATED_FOLDERS = readFileSync(join(root, '.gitignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^[\w.-]+\/$/.test(line));
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results']);
const EXTENSION = /\.(ts|tsx|mts|mjs|cjs|js|json|md|sql|css|sh|html|yml|yaml|svg|png|webmanifest)$/;
/** Characters that make a backticked text a template, a URL, a command or code, not a path. */
const NOT_A_PATH = /[\s<>*{}()[\]|…?=:,;'"`$@!+]|\.\.\.|^\/|^-|^\.\.?\//;

function walk(dir, found = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path, found);
    else found.push(path);
  }
  return found;
}

const allFiles = walk(root).map((f) => relative(root, f));
/** Every file and every folder (with a trailing slash), relative to the root. */
const allPaths = new Set(allFiles);
for (const file of allFiles) {
  for (let dir = dirname(file); dir !== '.'; dir = dirname(dir)) allPaths.add(`${dir}/`);
}
const TOP_FOLDERS = new Set(
  [...allPaths].filter((p) => /^[^/]+\/$/.test(p)).map((p) => p.slice(0, -1)),
);
const imports = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).imports ?? {};

const folderReadmes = allFiles
  .filter((f) => basename(f) === 'README.md' && FOLDER_ROOTS.includes(f.split('/')[0]))
  .map((f) => join(root, f));
const docs = readdirSync(join(root, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => join(root, 'docs', f));
const pages = [join(root, 'README.md'), ...docs, ...folderReadmes];

/** `#domain/portfolio` → src/domain/portfolio.ts (as package.json's imports resolve it). */
function viaImports(token) {
  for (const [pattern, target] of Object.entries(imports)) {
    const prefix = pattern.replace('*', '');
    if (!token.startsWith(prefix)) continue;
    const rest = token.slice(prefix.length);
    const path = String(target).replace('*', rest);
    return [
      join(root, path),
      join(root, path.replace(/\.ts$/, '')),
      join(root, path.replace(/\.ts$/, '.tsx')),
    ];
  }
  return null;
}

/** Whether `token` names a file or folder of the repository (see the header for how). */
function exists(token, page) {
  if (token.startsWith('#')) return (viaImports(token) ?? []).some((c) => existsSync(c));
  if (BUILD_OUTPUTS.has(token)) return true;
  // Folders the build, the tests or the server write (ignored by git): absent on a clean clone.
  if (GENERATED_FOLDERS.some((folder) => token === folder || token.startsWith(folder))) return true;
  const path = token.replace(/#.*$/, '');
  if (existsSync(join(root, path)) || existsSync(join(dirname(page), path))) return true;
  if (TOP_FOLDERS.has(path.split('/')[0])) return false;
  for (const known of allPaths) if (known.endsWith(`/${path}`)) return true;
  return false;
}

function isPathLike(token) {
  if (NOT_A_PATH.test(token)) return false;
  if (token.startsWith('#')) return /^#[a-z]+\/[\w./-]+$/.test(token) && viaImports(token) !== null;
  if (token.includes('/')) {
    return EXTENSION.test(token) || TOP_FOLDERS.has(token.split('/')[0]) || token.endsWith('/');
  }
  return EXTENSION.test(token) && !/^\d/.test(token);
}

const problems = [];
const checked = [];
for (const page of pages) {
  const text = readFileSync(page, 'utf8');
  const name = relative(root, page);
  const size = statSync(page).size;
  const max =
    name === 'README.md'
      ? ROOT_README_MAX
      : name.startsWith('docs/')
        ? Infinity
        : FOLDER_README_MAX;
  if (size > max) problems.push(`${name}: ${size} bytes, more than ${max}`);
  // Fenced code is an example, not a reference: only inline code spans are paths.
  const prose = text.replace(/```[\s\S]*?```/g, '');
  for (const [, token] of prose.matchAll(/`([^`\n]+)`/g)) {
    if (!isPathLike(token)) continue;
    checked.push(`${name}: ${token}`);
    if (!exists(token, page)) problems.push(`${name}: \`${token}\` does not exist`);
  }
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const anchorsOf = new Map();
/** The anchors of a docs page, null when the page does not exist. */
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const path = join(root, 'docs', file);
    if (!existsSync(path)) anchorsOf.set(file, null);
    else {
      const body = readFileSync(path, 'utf8').replace(/```[\s\S]*?```/g, '');
      anchorsOf.set(file, new Set([...body.matchAll(/^#{1,6} (.+)$/gm)].map(([, h]) => slug(h))));
    }
  }
  return anchorsOf.get(file);
}

function checkLink(where, file, anchor) {
  const known = anchors(file);
  if (known === null) problems.push(`${where}: docs/${file} does not exist`);
  else if (anchor && !known.has(anchor))
    problems.push(`${where}: docs/${file} has no section #${anchor}`);
}

for (const page of pages) {
  const name = relative(root, page);
  const inDocs = name.startsWith('docs/');
  const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
  for (const [, target, anchor] of text.matchAll(/\]\(([^)#\s]*\.md)?(?:#([^)\s]+))?\)/g)) {
    if (target === undefined && anchor === undefined) continue;
    if (target === undefined) {
      if (inDocs) checkLink(name, basename(name), anchor);
      continue;
    }
    if (/^[a-z]+:/.test(target)) continue;
    const resolved = relative(root, join(dirname(page), target));
    if (resolved.startsWith('docs/')) checkLink(name, resolved.slice(5), anchor);
    else if (!existsSync(join(root, resolved)))
      problems.push(`${name}: link to ${resolved} does not exist`);
  }
}

const CODE = /\.(ts|tsx|mts|mjs|js|css|html)$/;
const codeFiles = allFiles.filter(
  (f) => ['src', 'server', 'scripts', 'tests', 'sw'].includes(f.split('/')[0]) && CODE.test(f),
);
/**
 * A citation of a numbered part and section of the original specification, which the
 * repository does not hold (also when broken over two comment lines): a reader cannot follow
 * it, so a comment says the rule itself or cites docs/.
 */
const OUTSIDE_SPEC = /\bspec(?:\s|\*|\/\/)*part[e]?\s?[12]\b|\bpart\s[12]\s?§/gi;
for (const file of codeFiles) {
  const text = readFileSync(join(root, file), 'utf8');
  for (const [, page, anchor] of text.matchAll(/docs\/([\w-]+\.md)(?:#([\w-]+))?/g)) {
    checkLink(file, page, anchor);
  }
  for (const match of text.matchAll(OUTSIDE_SPEC)) {
    const line = text.slice(0, match.index).split('\n').length;
    problems.push(
      `${file}:${line}: cites a specification outside the repository; cite docs/ instead`,
    );
  }
}

if (process.argv.includes('--list')) for (const line of checked) console.log(line);
if (problems.length > 0) {
  console.error(`docs-check: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `docs-check: ${pages.length} pages, ${checked.length} paths, all present; READMEs within size`,
);

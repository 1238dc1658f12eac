#!/usr/bin/env node
// `npm run i18n:report`: key parity of locales/{en,tz}.json against es.json (the reference)
// and the Tseltal strings still pending translation (values starting with "~", see
// locales/README.md). `--check` exits 1 when a file lacks or adds keys.
// With a database configured (DATABASE_URL or DATA_DIR, or `--db`), it also counts the
// translations the cooperative keeps on the server: approved texts and drafts
// waiting for review. Without one (lint) it reads the files only.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../locales/', import.meta.url);
const load = (lang) => JSON.parse(readFileSync(new URL(`${lang}.json`, root), 'utf8'));

function flatten(obj, prefix = '') {
  return Object.entries(obj).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? flatten(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, value]],
  );
}

const es = new Map(flatten(load('es')));
let broken = false;
for (const lang of ['en', 'tz']) {
  const other = new Map(flatten(load(lang)));
  const missing = [...es.keys()].filter((k) => !other.has(k));
  const extra = [...other.keys()].filter((k) => !es.has(k));
  console.log(`${lang}: ${other.size} keys, ${missing.length} missing, ${extra.length} extra`);
  for (const k of missing) console.log(`  missing  ${k}`);
  for (const k of extra) console.log(`  extra    ${k}`);
  if (missing.length || extra.length) broken = true;
}

const tz = flatten(load('tz'));
const pending = tz.filter(([, v]) => typeof v === 'string' && v.startsWith('~'));
console.log(
  `\ntz: ${tz.length - pending.length} translated, ${pending.length} pending translation`,
);
if (!process.argv.includes('--summary')) {
  for (const [key, value] of pending) console.log(`  pending  ${key}  «${value.slice(1)}»`);
}

if (process.env.DATABASE_URL || process.env.DATA_DIR || process.argv.includes('--db')) {
  // The server's module reads the database (TypeScript, through tsx); a failure is reported,
  // never fatal: the files' check above is what --check decides on.
  const cli = fileURLToPath(new URL('../server/cli/translations.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', cli, 'counts'], {
    encoding: 'utf8',
  });
  const counts = run.status === 0 ? JSON.parse(run.stdout.trim().split('\n').at(-1)) : null;
  if (counts) {
    const inFiles = tz.length - pending.length;
    console.log(
      `server: ${counts.approved} approved Tseltal texts, ${counts.drafts} drafts waiting for review` +
        ` (npm run i18n:approved-to-locale writes the approved ones into tz.json; ${inFiles} there now)`,
    );
  } else {
    console.log(`server: translations not counted (${(run.stderr || '').trim().split('\n')[0]})`);
  }
}
if (process.argv.includes('--check') && broken) process.exit(1);

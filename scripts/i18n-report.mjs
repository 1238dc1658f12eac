#!/usr/bin/env node
// `npm run i18n:report`: key parity of locales/{en,tz}.json against es.json (the reference)
// and the Tseltal strings still pending translation (values starting with "~", see
// locales/README.md). `--check` exits 1 when a file lacks or adds keys.
import { readFileSync } from 'node:fs';

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
if (process.argv.includes('--check') && broken) process.exit(1);

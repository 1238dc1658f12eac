#!/usr/bin/env node
// Adds (or replaces) UI strings in the three locale files at once, safely when several people
// or tools edit locales at the same time (a lock directory serialises the read-merge-write).
//
//   node scripts/i18n-add.mjs fragment.json
//
// fragment.json: { "es": { "area": { "key": "Texto" } }, "en": { ... }, "tz": { ... } }
// `es` is required; a key missing from `en` or `tz` is an error, except that a `tz` key left out
// is written as pending ("~" + the Spanish text, see locales/README.md). Existing keys keep their
// place; new keys are appended to their object. Files are written as Prettier formats them.
import { mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';

const root = new URL('../locales/', import.meta.url);
const lockDir = new URL('.i18n-add.lock', root);

function isObject(value) {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (isObject(value)) {
      if (!isObject(target[key])) target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

function flatten(obj, prefix = '') {
  return Object.entries(obj).flatMap(([key, value]) =>
    isObject(value) ? flatten(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value]],
  );
}

function setPath(obj, path, value) {
  const parts = path.split('.');
  let node = obj;
  for (const part of parts.slice(0, -1)) {
    if (!isObject(node[part])) node[part] = {};
    node = node[part];
  }
  node[parts.at(-1)] = value;
}

async function withLock(run) {
  for (let attempt = 0; ; attempt++) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST' || attempt > 600) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    run();
  } finally {
    rmdirSync(lockDir);
  }
}

const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/i18n-add.mjs fragment.json');
  process.exit(2);
}
const fragment = JSON.parse(readFileSync(file, 'utf8'));
if (!isObject(fragment.es)) {
  console.error('fragment needs an "es" object');
  process.exit(2);
}
const esKeys = flatten(fragment.es);
const enKeys = new Map(flatten(fragment.en ?? {}));
const missingEn = esKeys.filter(([key]) => !enKeys.has(key)).map(([key]) => key);
if (missingEn.length > 0) {
  console.error(`en lacks: ${missingEn.join(', ')}`);
  process.exit(1);
}
const tz = structuredClone(fragment.tz ?? {});
const tzKeys = new Map(flatten(tz));
for (const [key, value] of esKeys) {
  if (!tzKeys.has(key)) setPath(tz, key, `~${value}`);
}

await withLock(() => {
  for (const [lang, part] of [
    ['es', fragment.es],
    ['en', fragment.en],
    ['tz', tz],
  ]) {
    const target = new URL(`${lang}.json`, root);
    const merged = merge(JSON.parse(readFileSync(target, 'utf8')), part);
    writeFileSync(target, `${JSON.stringify(merged, null, 2)}\n`);
  }
});
console.log(`added ${esKeys.length} keys to es, en and tz`);

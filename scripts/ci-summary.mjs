#!/usr/bin/env node
// CI's closing summary: how long each stage took (.ci/run writes them, one "name<TAB>seconds"
// a line, lint and typecheck side by side, the wall clock of the whole run last), the tests per area (the folder under tests/, and the engine for the server suite),
// then one closing line "N passed, N failed".
//
//   node scripts/ci-summary.mjs --stages test-results/stages.tsv name=report.json ...
//
// A report is "label=file" (the label prefixes its areas: "pg" → "pg:server") or just a file.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

const args = process.argv.slice(2);
let stagesFile = null;
const reports = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--stages') stagesFile = args[(i += 1)];
  else reports.push(args[i]);
}

const pad = (text, width) => String(text).padEnd(width);
const padLeft = (text, width) => String(text).padStart(width);

if (stagesFile && existsSync(stagesFile)) {
  const rows = readFileSync(stagesFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'));
  console.log('\nStage timings');
  for (const [name, seconds, note] of rows)
    console.log(
      `  ${pad(name, 28)} ${padLeft(formatSeconds(Number(seconds)), 8)}${note ? `  ${note}` : ''}`,
    );
}

function formatSeconds(seconds) {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  return m > 0 ? `${m}m${String(s).padStart(2, '0')}s` : `${s}s`;
}

/** tests/<area>/… → area; anything else keeps its first folder. */
function areaOf(file) {
  const path = relative(process.cwd(), file);
  const parts = path.split('/');
  return parts[0] === 'tests' && parts.length > 2 ? parts[1] : parts[0];
}

let passed = 0;
let failed = 0;
let skipped = 0;
const areas = new Map();
for (const spec of reports) {
  const eq = spec.indexOf('=');
  const label = eq > 0 ? spec.slice(0, eq) : '';
  const file = eq > 0 ? spec.slice(eq + 1) : spec;
  if (!existsSync(file)) {
    console.log(`missing report: ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const result of report.testResults ?? []) {
    const area = `${label ? `${label}:` : ''}${areaOf(result.name)}`;
    const counts = areas.get(area) ?? { files: 0, passed: 0, failed: 0, skipped: 0 };
    counts.files += 1;
    for (const test of result.assertionResults ?? []) {
      if (test.status === 'passed') counts.passed += 1;
      else if (test.status === 'failed') counts.failed += 1;
      else counts.skipped += 1;
    }
    // A file that failed before its tests ran (an import error) has no test results.
    if (result.status === 'failed' && (result.assertionResults ?? []).length === 0)
      counts.failed += 1;
    areas.set(area, counts);
  }
}

if (areas.size > 0) {
  console.log('\nTests per area');
  console.log(
    `  ${pad('area', 16)} ${padLeft('files', 6)} ${padLeft('passed', 7)} ${padLeft('failed', 7)} ${padLeft('skipped', 8)}`,
  );
  for (const [area, c] of [...areas].sort(([a], [b]) => a.localeCompare(b)))
    console.log(
      `  ${pad(area, 16)} ${padLeft(c.files, 6)} ${padLeft(c.passed, 7)} ${padLeft(c.failed, 7)} ${padLeft(c.skipped, 8)}`,
    );
}

console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);

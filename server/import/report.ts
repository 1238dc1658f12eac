/**
 * The import's report: per table what was read, written and skipped; every skipped row with
 * its reason; the values adapted on the way in; and the verification table (figure / checked /
 * equal / different) with every difference. `formatReport` prints it for a person; the same
 * object is stored with the run and written as JSON with `--report`.
 */
import {
  SKIP_REASONS,
  type IncompleteRow,
  type Note,
  type SkippedRow,
  type SkipReason,
} from './log.ts';
import type { Difference, FigureCount } from './verification.ts';

export interface TableLine {
  source: string;
  target: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: number;
  seconds: number;
}

export interface ImportReport {
  source: string;
  target: string;
  dryRun: boolean;
  /** The day the portfolio and statuses were computed for. */
  date: string;
  startedAt: string;
  seconds: number;
  /** Where the time went: reading the original, writing, verifying. */
  phases: { read: number; write: number; verify: number };
  tables: TableLine[];
  skipped: SkippedRow[];
  notes: Note[];
  verification: { figures: FigureCount[]; differences: Difference[]; footnotes: string[] };
  /** Rows imported lacking what the product requires, or with figures to review. */
  incomplete: IncompleteRow[];
  /** Original tables this database lacked (an older original): read as empty. */
  missingTables: string[];
  /** The people and their loans: what arrived, incomplete, and what did not. */
  people: PeopleLine[];
  /** 0 clean, 2 when any row was skipped. */
  exitCode: 0 | 2;
}

/** Members, contracts or payments: read, imported (incomplete ones included), skipped. */
export interface PeopleLine {
  what: 'members' | 'contracts' | 'payments';
  source: string;
  read: number;
  imported: number;
  incomplete: number;
  skipped: number;
}

const n = (value: number) => value.toLocaleString('en-US');
const pad = (text: string, width: number) => text.padEnd(width);
const num = (value: number, width: number) => n(value).padStart(width);

/** How many ids a note group lists before "… and N more". */
const NOTE_IDS_SHOWN = 40;

export function tableProgressLine(line: TableLine): string {
  return (
    `  ${pad(line.source, 34)} → ${pad(line.target, 20)} ${num(line.read, 7)} read, ` +
    `${n(line.inserted)} new, ${n(line.updated)} updated, ${n(line.unchanged)} unchanged, ` +
    `${n(line.skipped)} skipped (${line.seconds.toFixed(1)} s)`
  );
}

function tablesSection(report: ImportReport): string[] {
  const header =
    `  ${pad('original table', 34)}   ${pad('this product', 20)} ` +
    `${'read'.padStart(7)} ${'new'.padStart(7)} ${'updated'.padStart(7)} ` +
    `${'same'.padStart(7)} ${'skipped'.padStart(7)}`;
  return [
    'Tables',
    header,
    ...report.tables.map(
      (t) =>
        `  ${pad(t.source, 34)} → ${pad(t.target, 20)} ${num(t.read, 7)} ${num(t.inserted, 7)} ` +
        `${num(t.updated, 7)} ${num(t.unchanged, 7)} ${num(t.skipped, 7)}`,
    ),
  ];
}

function skippedSection(skipped: readonly SkippedRow[]): string[] {
  if (skipped.length === 0) return ['Skipped rows: none'];
  const byReason = new Map<SkipReason, number>();
  for (const s of skipped) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
  return [
    `Skipped rows: ${n(skipped.length)} (${[...byReason]
      .map(([reason, count]) => `${n(count)} ${SKIP_REASONS[reason]}`)
      .join(', ')})`,
    ...skipped.map((s) => `  ${s.table} ${s.id}: ${SKIP_REASONS[s.reason]} — ${s.detail}`),
  ];
}

function notesSection(notes: readonly Note[]): string[] {
  if (notes.length === 0) return ['Adapted on the way in: nothing'];
  const groups = new Map<string, Note[]>();
  for (const note of notes) {
    const key = `${note.table}: ${note.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), note]);
  }
  const lines = [`Adapted on the way in: ${n(notes.length)} values (imported, see each kind)`];
  for (const [key, group] of groups) {
    lines.push(`  ${key} — ${n(group.length)}`);
    for (const note of group.slice(0, NOTE_IDS_SHOWN))
      lines.push(`      ${note.id}${note.detail ? `: ${note.detail}` : ''}`);
    if (group.length > NOTE_IDS_SHOWN)
      lines.push(
        `      … and ${n(group.length - NOTE_IDS_SHOWN)} more (all of them with --report)`,
      );
  }
  return lines;
}

function verificationSection(report: ImportReport): string[] {
  const { figures, differences, footnotes } = report.verification;
  const width = Math.max(6, ...figures.map((f) => f.figure.length));
  const lines = [
    'Verification (this product’s arithmetic on the imported rows against the original’s figures)',
    `  ${pad('figure', width)} ${'checked'.padStart(9)} ${'equal'.padStart(9)} ${'different'.padStart(9)}`,
    ...figures.map(
      (f) =>
        `  ${pad(f.figure, width)} ${num(f.checked, 9)} ${num(f.equal, 9)} ${num(f.different, 9)}`,
    ),
  ];
  lines.push(...footnotes.map((f) => `  * ${f}`));
  if (differences.length === 0) lines.push('Differences: none');
  else {
    lines.push(`Differences: ${n(differences.length)} (reported, not corrected)`);
    for (const d of differences)
      lines.push(`  ${d.figure} — ${d.row}: original ${d.original}, this product ${d.product}`);
  }
  return lines;
}

function missingTablesSection(tables: readonly string[]): string[] {
  if (tables.length === 0) return [];
  return [
    `Tables this original does not have (an older version), read as empty: ${tables.join(', ')}`,
    '',
  ];
}

function incompleteSection(rows: readonly IncompleteRow[]): string[] {
  if (rows.length === 0) return ['Imported incomplete or for review: none'];
  return [
    `Imported incomplete or for review: ${n(rows.length)} (the work list; members also under ` +
      '/socios → "Datos por completar")',
    ...rows.map((r) => `  ${r.label}: ${r.lacks.join('; ')}`),
  ];
}

function peopleSection(people: readonly PeopleLine[]): string[] {
  return [
    'People and their loans',
    ...people.map(
      (p) =>
        `  ${pad(p.what, 10)} ${num(p.read, 7)} in the original: ${n(p.imported)} imported ` +
        `(${n(p.incomplete)} incomplete or for review), ${n(p.skipped)} skipped`,
    ),
  ];
}

export function formatReport(report: ImportReport): string {
  const mode = report.dryRun ? ' — DRY RUN: nothing was kept' : '';
  const different = report.verification.figures.reduce((sum, f) => sum + f.different, 0);
  return [
    `Import from the original system: ${report.source} → ${report.target}${mode}`,
    `Figures computed for ${report.date}`,
    '',
    ...tablesSection(report),
    '',
    ...missingTablesSection(report.missingTables),
    ...skippedSection(report.skipped),
    '',
    ...notesSection(report.notes),
    '',
    ...verificationSection(report),
    '',
    ...incompleteSection(report.incomplete),
    '',
    ...peopleSection(report.people),
    '',
    `Result: ${n(report.skipped.length)} rows skipped, ${n(different)} differences; ` +
      `exit status ${report.exitCode}. ${report.seconds.toFixed(1)} s (read ` +
      `${report.phases.read.toFixed(1)} s, write ${report.phases.write.toFixed(1)} s, verify ` +
      `${report.phases.verify.toFixed(1)} s).`,
  ].join('\n');
}

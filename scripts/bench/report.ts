/**
 * The benchmark's output: one table (metric | value | budget | OK/OVER) and, on request, the
 * same figures as JSON with the machine they were measured on. Budgets are printed, never
 * asserted: a slow machine must not fail a build. Every bench script also hands its figures to
 * `npm run bench` (scripts/bench.mjs) as one `@@bench {…}` line (`emitFigures`), which the
 * runner collects into the one table of the performance report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Unit = 'ms' | 'count' | 'bytes';

export interface Figure {
  /** Stable id for the JSON (e.g. "pull.demo.promotor.first.ms"). */
  id: string;
  metric: string;
  value: number;
  unit: Unit;
  /** The budget as people read it ("≤ 5 s"), or null when the figure is for information. */
  budget: string | null;
  /** null: no budget. */
  ok: boolean | null;
  /**
   * For time figures: the CPU time the same work took in this process (server and phone alike
   * when both run here). On a machine other programs load, wall time stretches; CPU time shows
   * what the work itself costs.
   */
  cpu?: number;
  /** The budget checked against `cpu` (null or absent: not checked). */
  cpuOk?: boolean | null;
}

/** A figure printed for information, beside the ones held to a budget. */
export function info(id: string, metric: string, value: number, unit: Unit): Figure {
  return { id, metric, value, unit, budget: null, ok: null };
}

/** The line prefix `npm run bench` looks for on each script's standard output. */
export const FIGURES_LINE = '@@bench ';

/** What one bench script hands to the runner. */
export interface FigureReport {
  /** Section of the report, e.g. "Sync". */
  group: string;
  figures: Figure[];
  notes: string[];
}

/** Print the figures as one machine-readable line for scripts/bench.mjs. */
export function emitFigures(report: FigureReport): void {
  console.log(`${FIGURES_LINE}${JSON.stringify(report)}`);
}

/** CPU time of this process since `start` (from `process.cpuUsage()`), in ms. */
export function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

export function fmt(value: number, unit: Unit): string {
  if (unit === 'ms')
    return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
  if (unit === 'bytes')
    return value >= 1024 ? `${(value / 1024).toFixed(1)} KB` : `${Math.round(value)} B`;
  return String(value);
}

export function printTable(title: string, figures: readonly Figure[]): void {
  const rows = figures.map((f) => [
    f.metric,
    fmt(f.value, f.unit),
    f.cpu === undefined ? '' : fmt(f.cpu, 'ms'),
    f.budget ?? '—',
    f.ok === null ? '' : f.ok ? 'OK' : f.cpuOk ? 'OVER (CPU: OK)' : 'OVER',
  ]);
  const head = ['metric', 'value', 'CPU', 'budget', ''];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const r of rows) console.log(line(r));
}

export function machine(): Record<string, string | number> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
  };
}

export function writeJson(file: string, figures: readonly Figure[], notes: string[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const body = { measuredAt: new Date().toISOString(), machine: machine(), figures, notes };
  writeFileSync(file, `${JSON.stringify(body, null, 2)}\n`);
}

/**
 * E2E_CPU=1: what each journey file costs in CPU-seconds, into test-results/e2e-cpu.tsv
 * (docs/testing.md#ci). The machine is shared and its speed drifts, so a file's wall time says
 * little about what it costs; CPU time does, and CPU time beside wall time says whether a file
 * computes or waits (a link, a timer, a throttled phone).
 *
 * Every process under this worker (its Chromium, servers of its own) and the run's servers
 * (started by the global set-up) are read once a second, and a file is charged what each of
 * them spent while it ran. Reading them, rather than a parent's count of its reaped children,
 * keeps Chromium's renderers: their zygote is killed with the browser and never reaps them.
 * Other work on the machine is left out; with E2E_WORKERS above 1 a file is charged every
 * worker's server.
 */
import { appendFileSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';

const TICKS_PER_SECOND = 100;
const SAMPLE_MS = 1000;
const out = new URL('../../test-results/e2e-cpu.tsv', import.meta.url).pathname;

export const CPU_METER = process.env.E2E_CPU === '1';

interface Proc {
  pid: number;
  parent: number;
  /** user + system seconds of the process itself */
  seconds: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command's closing parenthesis: state, ppid, …; utime and stime at 11, 12.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return {
      pid,
      parent: Number(fields[1]),
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    };
  } catch {
    return null; // ended between the listing and the read
  }
}

/** This worker and every process under it, and the run's servers (children of Vitest's main). */
function measuredProcesses(): Proc[] {
  const procs = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProc(Number(name)))
    .filter((proc): proc is Proc => proc !== null);
  const children = new Map<number, Proc[]>();
  for (const proc of procs) children.set(proc.parent, [...(children.get(proc.parent) ?? []), proc]);
  const isServer = (proc: Proc) => {
    try {
      return readFileSync(`/proc/${proc.pid}/cmdline`, 'utf8').includes('server/main.ts');
    } catch {
      return false;
    }
  };
  const roots = [
    ...procs.filter((proc) => proc.pid === process.pid),
    ...(children.get(process.ppid) ?? []).filter(isServer),
  ];
  const found: Proc[] = [];
  const stack = [...roots];
  for (let proc = stack.pop(); proc; proc = stack.pop()) {
    found.push(proc);
    stack.push(...(children.get(proc.pid) ?? []));
  }
  return found;
}

/** Seconds per process at the start of the file, and the latest reading. */
const atStart = new Map<number, number>();
const latest = new Map<number, number>();
let sampler: ReturnType<typeof setInterval> | undefined;
let started = 0;

function sample(): void {
  for (const proc of measuredProcesses()) latest.set(proc.pid, proc.seconds);
}

export function startCpuMeter(): void {
  atStart.clear();
  latest.clear();
  for (const proc of measuredProcesses()) atStart.set(proc.pid, proc.seconds);
  started = performance.now();
  sampler = setInterval(sample, SAMPLE_MS);
  sampler.unref();
}

export function stopCpuMeter(file: string): void {
  clearInterval(sampler);
  sample();
  let seconds = 0;
  for (const [pid, now] of latest) seconds += now - (atStart.get(pid) ?? 0);
  const wall = (performance.now() - started) / 1000;
  mkdirSync(dirname(out), { recursive: true });
  appendFileSync(out, `${file}\t${seconds.toFixed(1)}\t${wall.toFixed(1)}\n`);
}

/**
 * One writer per embedded database (docs/security.md "One writer per database"). PGlite is a
 * single-process engine: two processes opening one `DATA_DIR` each keep their own copy in
 * memory and write over each other's files — a change made by `npm run user` beside a running
 * server was lost, and the users table's index no longer matched its rows. So whoever opens the
 * directory (the server or a command) first takes `DATA_DIR/pgdata.lock`, holding its pid;
 * anyone else is refused with a message naming the holder. A lock whose pid no longer runs (a
 * crash, `kill -9`) is stale and taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/** The directory is held by another live process. */
export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
    readonly holder: string,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by ${holder} (pid ${holderPid}). ` +
        'Only one process may open it at a time: stop that process first and run this again ' +
        '(or use DATABASE_URL, where many may).',
    );
    this.name = 'DataDirInUse';
  }
}

export interface DataDirLock {
  release(): void;
}

const lockContent = z.object({
  pid: z.number().int().positive(),
  holder: z.string().catch('another process'),
});
type LockContent = z.infer<typeof lockContent>;

const errorCode = (error: unknown) =>
  error instanceof Error && 'code' in error ? String(error.code) : undefined;

export const lockFile = (dataDir: string) => path.join(dataDir, 'pgdata.lock');

function readLock(file: string): LockContent | null {
  try {
    const parsed = lockContent.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether process `pid` runs (EPERM: it does, as another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

/**
 * Take the directory's lock for this process (`holder` names it in the message others get), or
 * throw DataDirInUse. The lock goes when `release` is called or the process exits.
 */
export function lockDataDir(dataDir: string, holder: string): DataDirLock {
  const file = lockFile(dataDir);
  for (let tries = 0; tries < 3; tries++) {
    let fd: number;
    try {
      // Created only if absent: of two processes starting together, one wins.
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const held = readLock(file);
      if (held && alive(held.pid)) throw new DataDirInUse(dataDir, held.pid, held.holder);
      // Stale (its process is gone) or half-written by a crash: take it over.
      try {
        unlinkSync(file);
      } catch (gone) {
        if (errorCode(gone) !== 'ENOENT') throw gone;
      }
      continue;
    }
    writeSync(fd, JSON.stringify({ pid: process.pid, holder } satisfies LockContent));
    closeSync(fd);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      process.off('exit', release);
      // Only our own lock: never one a later process took over.
      if (readLock(file)?.pid === process.pid) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    };
    process.on('exit', release);
    return { release };
  }
  const held = readLock(file);
  throw new DataDirInUse(dataDir, held?.pid ?? 0, held?.holder ?? 'another process');
}

/**
 * Whole-table reads kept in memory between screens: the office moves from
 * one list to the next, and each used to read its thousands of rows from IndexedDB again.
 * A kept read answers from memory until a table it reads changes — locally or in another tab
 * (Dexie's `storagemutated`, the same signal live queries follow) — and then reads again.
 * The answer is shared: callers must not mutate it.
 *
 * Inside `useLiveQuery`, an answer from memory still counts the tables (a cheap count), so the
 * live query keeps observing them and re-runs when they change.
 */
import { Dexie } from 'dexie';
import { currentDbUserId, getDb } from '#db/database';

interface Kept<T> {
  db: Dexie;
  answer: Promise<T>;
}

/** Each kept read: whether a change of these parts concerns it, and how to drop its answer. */
const keptReads = new Set<{ concerns: (part: string) => boolean; forget: () => void }>();

// Subscribed when this module loads, before any live query: a change drops the kept answer
// before the live queries that follow it run again.
Dexie.on('storagemutated', (parts) => {
  const changed = Object.keys(parts);
  for (const read of keptReads) if (changed.some(read.concerns)) read.forget();
});

/**
 * `read` (which reads `tables` of the open user database), kept until one of those tables
 * changes or another user's database is opened; its `warm()` reads it ahead, when a user's
 * database is open.
 */
export function keptRead<T>(tables: readonly string[], read: () => Promise<T>) {
  let kept: Kept<T> | null = null;
  keptReads.add({
    concerns: (part) => {
      const db = kept?.db;
      return (
        db !== undefined && tables.some((table) => part.startsWith(`idb://${db.name}/${table}/`))
      );
    },
    forget: () => {
      kept = null;
    },
  });
  const answer = async (): Promise<T> => {
    const db = getDb();
    const entry = kept;
    if (entry && entry.db === db) {
      await Promise.all(tables.map((table) => db.table(table).count()));
      // Still the same answer after the counts (a change meanwhile dropped it): reuse it.
      if (kept === entry) return entry.answer;
    }
    // In an explicit read transaction: one consistent moment of the tables, and out of Dexie's
    // live-query cache, which deep-copies every row it answers (tens of milliseconds for the
    // office's tens of thousands of payments) — a kept answer is shared, never changed.
    const fresh: Kept<T> = { db, answer: db.transaction('r', tables, read) };
    kept = fresh;
    fresh.answer.catch(() => {
      if (kept === fresh) kept = null;
    });
    return fresh.answer;
  };
  // Read ahead of a screen's first visit (#app/screens' warm-up, while the app is idle), once
  // a user's database is open.
  const warm = async (): Promise<void> => {
    if (currentDbUserId() !== null) await answer();
  };
  return Object.assign(answer, { warm });
}

/**
 * Answers computed over the whole data set (the office reports), kept in this
 * process's memory until the data change: the office opens /reportes again and again between
 * other screens, and each visit used to compute 24 month ends over every loan again.
 *
 * "The data changed" is read from the database itself, so several instances on one PostgreSQL
 * stay right: every insert, update and removal of a replicated table takes a number from
 * `row_version_seq` (its `row_version`, or its row in `sync_removals`), and the requests'
 * comments (the funnel's approval dates) are counted apart. An answer is kept only when that
 * mark is the same before and after computing it and no other transaction was open when the
 * computing began: a write still uncommitted then could commit without moving the mark again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

export interface DataMark {
  /** Changes when anything a report reads changes. */
  version: string;
  /** No other transaction was open: what this one reads is everything committed so far. */
  quiet: boolean;
}

export async function dataMark(db: Db): Promise<DataMark> {
  const result: unknown = await db.execute(sql`
    SELECT
      (SELECT last_value FROM row_version_seq)::text
        || '.' || (SELECT count(*) || '.' || coalesce(max(id), 0) FROM solicitud_chat) AS version,
      cardinality(array(SELECT pg_snapshot_xip(pg_current_snapshot()))) = 0 AS quiet`);
  const rows: unknown = typeof result === 'object' && result ? Reflect.get(result, 'rows') : null;
  const row: unknown = Array.isArray(rows) ? rows[0] : null;
  const version: unknown = typeof row === 'object' && row ? Reflect.get(row, 'version') : null;
  const quiet: unknown = typeof row === 'object' && row ? Reflect.get(row, 'quiet') : null;
  if (typeof version !== 'string') throw new Error('kept-answers: no data mark');
  return { version, quiet: quiet === true };
}

export class KeptAnswers<T> {
  private readonly kept = new Map<string, { version: string; answer: T }>();

  /** `max`: answers kept at once (the oldest one is dropped first). */
  constructor(private readonly max = 32) {}

  /** The answer for `key` (everything the answer depends on besides the data), kept or new. */
  async answer(db: Db, key: string, compute: () => Promise<T>): Promise<T> {
    const before = await dataMark(db);
    const hit = this.kept.get(key);
    if (hit && hit.version === before.version) return hit.answer;
    const answer = await compute();
    if (before.quiet && (await dataMark(db)).version === before.version) {
      this.kept.delete(key);
      this.kept.set(key, { version: before.version, answer });
      if (this.kept.size > this.max) {
        const oldest = this.kept.keys().next();
        if (!oldest.done) this.kept.delete(oldest.value);
      }
    }
    return answer;
  }
}

/**
 * The pull's next page, computed while the current one travels (docs/performance.md#the-xl-set).
 * A first pull is a chain of pages each asked for once the previous one arrived: on a slow link
 * the server's time for a page and the link's time for the one before added up. Once a page with
 * more after it is answered, the page after its cursor is computed at once and kept in this
 * process, for that user, scope and limit.
 *
 * A kept page is served only when it is exactly what the request would compute: the data mark
 * (`row_version_seq` and the requests' comments, the same as the kept reports) has not moved
 * since the computing began, and no other transaction was open then. Anything written in
 * between, and the page is computed again. A page not asked for within a minute is dropped;
 * an instance that did not keep it computes it as before.
 */
import type { PullAnswer } from '#domain/sync-protocol';
import type { Db } from '#server/db/client';
import { dataMark } from '#server/services/kept-answers';

interface Ahead {
  at: number;
  /** The page, with the data mark it was computed on; null when it cannot be served. */
  page: Promise<{ mark: string; answer: PullAnswer } | null>;
}

export class PagesAhead {
  private readonly pages = new Map<string, Ahead>();

  /** `max`: pages kept at once (the oldest is dropped first); `ttlMs`: how long one waits. */
  constructor(
    private readonly max = 16,
    private readonly ttlMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Start computing the page `key` names (one pull has at most one page ahead). */
  start(db: Db, key: string, pull: string, compute: () => Promise<PullAnswer>): void {
    for (const [k] of this.pages) if (k.startsWith(`${pull}|`)) this.pages.delete(k);
    const page = (async () => {
      const before = await dataMark(db);
      if (!before.quiet) return null;
      return { mark: before.version, answer: await compute() };
    })().catch(() => null);
    this.pages.set(`${pull}|${key}`, { at: this.now(), page });
    if (this.pages.size > this.max) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.pages.delete(oldest.value);
    }
  }

  /** The page `key` names if it was computed ahead and the data have not moved since; else null. */
  async take(db: Db, key: string, pull: string): Promise<PullAnswer | null> {
    const id = `${pull}|${key}`;
    const kept = this.pages.get(id);
    if (!kept) return null;
    this.pages.delete(id);
    if (this.now() - kept.at > this.ttlMs) return null;
    const page = await kept.page;
    if (!page) return null;
    return (await dataMark(db)).version === page.mark ? page.answer : null;
  }
}

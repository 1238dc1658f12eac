/**
 * Pull pages cut by bytes as well as by rows: a page stops once its JSON
 * passes the byte budget, every row still comes exactly once and in version order, and the
 * removals and the cursor stay consistent with the cut.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PULL_MAX_LIMIT, type PullAnswer } from '#domain/sync-protocol';
import { pullPage } from '#server/sync/pull';
import type { PullScope } from '#server/sync/registry';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { managerPullScope } from '#tests/helpers/pull-scope';

let t: TestApp;
let scope: PullScope;
beforeAll(async () => {
  t = await makeTestApp();
  scope = await managerPullScope(t);
});
afterAll(async () => {
  await t.close();
});

async function pullAll(pageBytes: number, limit = PULL_MAX_LIMIT) {
  const pages: PullAnswer[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await pullPage(t.db, scope, cursor, limit, pageBytes);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) break;
    if (pages.length > 2000) throw new Error('pull does not end');
  }
  return pages;
}

/** table|key of every row, in the order served. */
const served = (pages: PullAnswer[]) =>
  pages.flatMap((p) =>
    Object.entries(p.changes).flatMap(([table, rows]) =>
      rows.map((r) => `${table}|${JSON.stringify(r)}`),
    ),
  );
const rowBytes = (pages: PullAnswer[]) =>
  pages.map((p) =>
    Object.values(p.changes)
      .flat()
      .map((r) => Buffer.byteLength(JSON.stringify(r)) + 1),
  );

describe('pull pages cut by bytes', () => {
  it('serves the same rows once each, in pages that pass the budget by at most one row', async () => {
    const whole = await pullAll(64 * 1024 * 1024);
    const wholeBytes = rowBytes(whole)
      .flat()
      .reduce((a, b) => a + b, 0);
    // About six pages' worth, whatever the seed's size.
    const budget = Math.ceil(wholeBytes / 6);
    const pages = await pullAll(budget);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    expect(pages.length).toBeLessThanOrEqual(6 + whole.length);
    expect(new Set(served(pages))).toEqual(new Set(served(whole)));
    expect(served(pages)).toHaveLength(served(whole).length);
    for (const sizes of rowBytes(pages)) {
      const total = sizes.reduce((a, b) => a + b, 0);
      expect(total - sizes.at(-1)!).toBeLessThan(budget); // only its last row passes it
    }
    // The first page of a full pull that has more says how many rows the whole pull brings.
    expect(pages[0]!.total).toBe(served(whole).length);
    expect(pages.slice(1).every((p) => p.total === undefined)).toBe(true);
  });

  it('the row cap still cuts first when the rows are small', async () => {
    const byRows = await pullAll(64 * 1024 * 1024, 400);
    const counts = byRows.map((p) => Object.values(p.changes).flat().length);
    expect(counts.slice(0, -1).every((n) => n === 400)).toBe(true);
  });
});

/**
 * The pull's next page computed while the current one travels (server/sync/pull-ahead.ts): a
 * page kept ahead is served only while nothing was written since it was computed, and a phone
 * pulling through the route ends with the same copy as a pull computed page by page at request
 * time, writes between pages included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { PullAnswer } from '#domain/sync-protocol';
import { socios } from '#server/db/schema';
import { pullPage } from '#server/sync/pull';
import { PagesAhead } from '#server/sync/pull-ahead';
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

/** The copy a phone ends with: each table's rows by key, the later page's row winning. */
function copyOf(pages: readonly PullAnswer[]): Map<string, string> {
  const copy = new Map<string, string>();
  for (const page of pages) {
    for (const [table, keys] of Object.entries(page.removed))
      for (const key of keys) copy.delete(`${table}|${String(key)}`);
    for (const [table, rows] of Object.entries(page.changes))
      for (const row of rows) {
        const record = row as Record<string, unknown>;
        const key = record.id ?? record.clave_socio ?? record.key ?? JSON.stringify(record);
        copy.set(`${table}|${String(key)}`, JSON.stringify(row));
      }
  }
  return copy;
}

async function socioPhone(clave: number): Promise<string | null> {
  const [row] = await t.db
    .select({ telefono: socios.telefono })
    .from(socios)
    .where(eq(socios.clave_socio, clave));
  return row?.telefono ?? null;
}

async function setPhone(clave: number, telefono: string): Promise<void> {
  await t.db.update(socios).set({ telefono }).where(eq(socios.clave_socio, clave));
}

async function firstSocio(): Promise<number> {
  const [row] = await t.db
    .select({ clave: socios.clave_socio })
    .from(socios)
    .orderBy(asc(socios.clave_socio))
    .limit(1);
  return row!.clave;
}

describe('pull pages computed ahead', () => {
  it('serves a page kept ahead once, computed once, while nothing was written', async () => {
    const ahead = new PagesAhead();
    const first = await pullPage(t.db, scope, undefined, 30);
    let computed = 0;
    ahead.start(t.db, `30|${first.cursor}`, 'gerente', async () => {
      computed += 1;
      return pullPage(t.db, scope, first.cursor, 30);
    });
    const served = await ahead.take(t.db, `30|${first.cursor}`, 'gerente');
    expect(served).toEqual(await pullPage(t.db, scope, first.cursor, 30));
    expect(computed).toBe(1);
    // Taken once: asked again, it is computed by the caller.
    expect(await ahead.take(t.db, `30|${first.cursor}`, 'gerente')).toBeNull();
  });

  it('is not served after a write, for another pull or key, or after a minute', async () => {
    let clock = 1_000_000;
    const ahead = new PagesAhead(16, 60_000, () => clock);
    const first = await pullPage(t.db, scope, undefined, 30);
    const compute = () => pullPage(t.db, scope, first.cursor, 30);

    let computed = (): void => undefined;
    const done = new Promise<void>((resolve) => (computed = resolve));
    ahead.start(t.db, 'k', 'p', async () => {
      const page = await compute();
      computed();
      return page;
    });
    await done; // the page is computed: now a write
    const clave = await firstSocio();
    await setPhone(clave, '9610000101');
    expect(await socioPhone(clave)).toBe('9610000101');
    expect(await ahead.take(t.db, 'k', 'p')).toBeNull();

    ahead.start(t.db, 'k', 'p', compute);
    expect(await ahead.take(t.db, 'k', 'other pull')).toBeNull();
    expect(await ahead.take(t.db, 'other key', 'p')).toBeNull();
    expect(await ahead.take(t.db, 'k', 'p')).toEqual(await compute());

    ahead.start(t.db, 'k', 'p', compute);
    clock += 60_001;
    expect(await ahead.take(t.db, 'k', 'p')).toBeNull();
  });

  it('through the route, with a write between pages: the same copy as pages computed on request', async () => {
    const clave = await firstSocio();
    const pages: PullAnswer[] = [];
    let cursor = '';
    // Small pages, so that many come after the write (the demo set is two pages at the default).
    const limit = 300;
    for (;;) {
      const res = await t.as('gerente', {
        method: 'GET',
        url: `/api/sync/pull/?cursor=${encodeURIComponent(cursor)}&limit=${limit}`,
      });
      expect(res.statusCode).toBe(200);
      const page = res.json<PullAnswer>();
      pages.push(page);
      if (pages.length === 2) await setPhone(clave, '9610000202');
      cursor = page.cursor;
      if (!page.hasMore) break;
      if (pages.length > 500) throw new Error('pull does not end');
    }
    const phone = copyOf(pages);
    expect(pages.length).toBeGreaterThan(4);
    expect(JSON.parse(phone.get(`socios|${clave}`)!)).toMatchObject({ telefono: '9610000202' });
    // A pull of the same data from the start, each page computed when asked.
    const fresh: PullAnswer[] = [];
    let next: string | undefined;
    for (;;) {
      const page = await pullPage(t.db, scope, next, 5000);
      fresh.push(page);
      next = page.cursor;
      if (!page.hasMore) break;
    }
    expect(phone).toEqual(copyOf(fresh));
  });
});

/**
 * GET /registros-contables.json a page at a time (/bancos): without `limit`
 * the spec's whole array of the range; with `limit`, pages in the same order and range, each
 * with the cursor of the next, that together hold exactly the whole list; bad paging input is
 * a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const row = z.object({ id: z.number(), fecha: z.string(), referencia: z.string() });
const page = z.object({ results: z.array(row), next: z.string().nullable() });
const URL = '/api/registros-contables.json/';

async function whole(query = '') {
  const res = await t.as('coordinador', { method: 'GET', url: `${URL}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return z.array(row).parse(res.json());
}

/** Every page of `limit` rows of the range in `query`, following `next` to the end. */
async function paged(limit: number, query = '') {
  const pages: z.infer<typeof page>[] = [];
  let after: string | null = null;
  do {
    const sep = query ? `${query}&` : '?';
    const url: string = `${URL}${sep}limit=${limit}${after ? `&after=${after}` : ''}`;
    const res = await t.as('coordinador', { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const answer = page.parse(res.json());
    pages.push(answer);
    after = answer.next;
  } while (after !== null && pages.length < 1000);
  return pages;
}

describe('GET /registros-contables.json?limit=', () => {
  it('pages hold the whole list in its order, newest date first, each row as the whole list has it', async () => {
    const all = await whole();
    const byDb = await t.db.execute(
      sql`SELECT id FROM registros_contables ORDER BY fecha DESC, id DESC`,
    );
    const dbIds = z
      .object({ rows: z.array(z.object({ id: z.coerce.number() })) })
      .parse(byDb)
      .rows.map((r) => r.id);
    expect(dbIds.length).toBeGreaterThan(100);
    expect(all.map((r) => r.id)).toEqual(dbIds);

    const pages = await paged(41);
    expect(pages.length).toBe(Math.ceil(all.length / 41));
    for (const p of pages.slice(0, -1)) expect(p.results).toHaveLength(41);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.flatMap((p) => p.results)).toEqual(all);
  });

  it('pages of a date range hold that range only, as its whole list does', async () => {
    const all = await whole();
    const dates = [...new Set(all.map((r) => r.fecha))].sort();
    const from = dates[Math.floor(dates.length / 3)]!;
    const to = dates[Math.floor((2 * dates.length) / 3)]!;
    const query = `?initialDate=${from}&finalDate=${to}`;
    const inRange = await whole(query);
    expect(inRange.map((r) => r.id)).toEqual(
      all.filter((r) => r.fecha >= from && r.fecha <= to).map((r) => r.id),
    );
    const pages = await paged(25, query);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(inRange.map((r) => r.id));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=5001', 'limit'],
    ['after=abc', 'after'],
    ['limit=10&after=no-es-un-cursor', 'after'],
  ])('?%s → 400 naming %s', async (query, field) => {
    const res = await t.as('coordinador', { method: 'GET', url: `${URL}?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    const errors = z.record(z.string(), z.array(z.string())).parse(res.json());
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('a final date before the initial one is still refused on the final date', async () => {
    const res = await t.as('coordinador', {
      method: 'GET',
      url: `${URL}?initialDate=2026-02-01&finalDate=2026-01-01&limit=10`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(z.record(z.string(), z.unknown()).parse(res.json()))).toContain('finalDate');
  });
});

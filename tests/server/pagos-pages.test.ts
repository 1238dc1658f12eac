/**
 * GET /pagos.json a page at a time: without `limit` the spec's whole array;
 * with `limit`, pages in the same order and scope, each with the cursor of the next, that
 * together hold exactly the whole list; bad paging input is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { addMonths } from '#domain/dates';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const row = z.object({ id: z.number(), fecha_pago: z.string(), region: z.number() });
const page = z.object({ results: z.array(row), next: z.string().nullable() });

async function whole(user: string) {
  const res = await t.as(user, { method: 'GET', url: '/api/pagos.json' });
  expect(res.statusCode).toBe(200);
  return z.array(row).parse(res.json());
}

/** Every page of `limit` rows, following `next` to the end. */
async function paged(user: string, limit: number) {
  const pages: z.infer<typeof page>[] = [];
  let after: string | null = null;
  do {
    const url: string = `/api/pagos.json?limit=${limit}${after ? `&after=${after}` : ''}`;
    const res = await t.as(user, { method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const answer = page.parse(res.json());
    pages.push(answer);
    after = answer.next;
  } while (after !== null && pages.length < 1000);
  return pages;
}

describe('GET /pagos.json?limit=', () => {
  it('pages hold the whole list in its order, newest payment date first', async () => {
    const all = await whole('coordinador');
    // The order, from the database on its own: payment date, then id, both descending.
    const byDb = await t.db.execute(sql`SELECT id FROM pagos ORDER BY fecha_pago DESC, id DESC`);
    const dbIds = z
      .object({ rows: z.array(z.object({ id: z.coerce.number() })) })
      .parse(byDb)
      .rows.map((r) => r.id);
    expect(all.map((r) => r.id)).toEqual(dbIds);

    const pages = await paged('coordinador', 37);
    expect(pages.length).toBe(Math.ceil(all.length / 37));
    for (const p of pages.slice(0, -1)) expect(p.results).toHaveLength(37);
    expect(pages.at(-1)!.next).toBeNull();
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(dbIds);
  });

  it("a promoter's pages hold its region's payments only, as its whole list does", async () => {
    const all = await whole('promotor');
    expect(all.length).toBeGreaterThan(0);
    expect(new Set(all.map((r) => r.region))).toEqual(new Set([all[0]!.region]));
    const pages = await paged('promotor', 50);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(all.map((r) => r.id));
  });

  it('a payment recorded between two pages lands on the first page, never shifting the next', async () => {
    const first = page.parse(
      (await t.as('coordinador', { method: 'GET', url: '/api/pagos.json?limit=5' })).json(),
    );
    const member = await memberOfRegion(t.db, 1);
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -2),
    });
    const paid = await t.as('gerente', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(id, today(), { capital: '100', ord: '0' }),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const newId = z.object({ id: z.number() }).parse(paid.json()).id;

    const second = page.parse(
      (
        await t.as('coordinador', {
          method: 'GET',
          url: `/api/pagos.json?limit=5&after=${first.next}`,
        })
      ).json(),
    );
    const all = await whole('coordinador');
    const ids = all.map((r) => r.id);
    // The new payment is first in the list; the second page goes on where the first ended.
    expect(ids[0]).toBe(newId);
    expect(second.results.map((r) => r.id)).toEqual(ids.slice(6, 11));
    expect(first.results.map((r) => r.id)).toEqual(ids.slice(1, 6));
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=5001', 'limit'],
    ['limit=diez', 'limit'],
    ['after=abc', 'after'],
    ['limit=10&after=no-es-un-cursor', 'after'],
    [`limit=10&after=${Buffer.from('2026-01-01:x').toString('base64url')}`, 'after'],
  ])('?%s → 400 naming %s', async (query, field) => {
    const res = await t.as('coordinador', { method: 'GET', url: `/api/pagos.json?${query}` });
    expect(res.statusCode, res.body).toBe(400);
    const errors = z.record(z.string(), z.array(z.string())).parse(res.json());
    expect(Object.keys(errors)).toEqual([field]);
    expect(errors[field]![0]).toMatch(/limit|after/);
  });
});

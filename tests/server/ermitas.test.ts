/** GET /ermitas/{id}.json (docs/business-rules.md#other-areas): the hermitage detail. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Hermitage } from '#domain/entities';
import { ermitas } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /ermitas/{id}.json', () => {
  it('answers each hermitage exactly as the list does, for any logged-in user', async () => {
    const list = (await t.as('socio', { method: 'GET', url: '/api/ermitas.json' })).json<
      Hermitage[]
    >();
    expect(list.length).toBeGreaterThan(20);
    for (const h of list) {
      const res = await t.as('socio', { method: 'GET', url: `/api/ermitas/${h.ermita_id}.json` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(h);
    }
  });

  it('ubicacion is [lat, lng] from the stored coordinates, null when unknown', async () => {
    const [located] = await t.db.select().from(ermitas).where(eq(ermitas.ermita_id, 1));
    const res = (
      await t.as('promotor', { method: 'GET', url: '/api/ermitas/1/' })
    ).json<Hermitage>();
    if (located!.lat !== null && located!.lng !== null)
      expect(res.ubicacion).toEqual([located!.lat, located!.lng]);
    await t.db.update(ermitas).set({ lat: null }).where(eq(ermitas.ermita_id, 1));
    const after = (
      await t.as('promotor', { method: 'GET', url: '/api/ermitas/1' })
    ).json<Hermitage>();
    expect(after.ubicacion).toBeNull();
  });

  it('unknown or impossible ids are 404', async () => {
    for (const id of ['99999', '0', 'abc', '2147483648', '-2']) {
      const res = await t.as('gerente', { method: 'GET', url: `/api/ermitas/${id}.json` });
      expect(res.statusCode, id).toBe(404);
      expect(Object.keys(res.json())).toEqual(['detail']);
    }
  });
});

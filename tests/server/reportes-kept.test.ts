/**
 * The reports are kept between requests until the data change (#server/services/kept-answers):
 * a record written after a report was read shows in the next reading of that report.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { socios } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { today } from './contratos-helpers.ts';
import { cashContribution } from './security-world.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const savingsRows = z.object({
  filas: z.array(
    z.object({ mes: z.string(), n_aportaciones: z.number(), aportaciones: z.number() }),
  ),
});

async function thisMonth() {
  const res = await t.as('gerente', { method: 'GET', url: '/api/reportes/ahorro/' });
  expect(res.statusCode).toBe(200);
  const row = savingsRows.parse(res.json()).filas.find((r) => r.mes === today().slice(0, 7));
  if (!row) throw new Error('no row for this month');
  return row;
}

describe('a report read again after a write', () => {
  it('counts a contribution recorded after the report was first read', async () => {
    const before = await thisMonth();
    expect(await thisMonth()).toEqual(before);
    const [member] = await t.db
      .select({ clave: socios.clave_socio })
      .from(socios)
      .where(eq(socios.estatus_cafe, 'AC'))
      .orderBy(asc(socios.clave_socio))
      .limit(1);
    const created = await t.as('gerente', {
      method: 'POST',
      url: '/api/movimientos/',
      payload: cashContribution(member!.clave, '500'),
    });
    expect(created.statusCode, created.body).toBe(201);
    const after = await thisMonth();
    expect(after.n_aportaciones).toBe(before.n_aportaciones + 1);
    expect(after.aportaciones).toBe(before.aportaciones + 50_000);
  });
});

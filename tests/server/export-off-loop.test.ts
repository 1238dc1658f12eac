/**
 * The largest export never holds the server: while GET /registros-contables-xlsx/ builds the
 * file of the demo's accounting records and 20,000 more (most of a cooperative's year),
 * /api/health/ keeps answering within 100 ms (see the test for how a loaded machine's noise is
 * allowed for). Only health checks answered before the file came count, and there must be
 * several of them: the export was really building while they were asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { readSheet } from '#tests/helpers/xlsx-cells';

let t: TestApp;
const EXTRA = 20_000;
let total = 0;

const one = z.array(z.object({ id: z.coerce.number() })).min(1);
const count = z.array(z.object({ n: z.coerce.number() })).length(1);
const rowsOf = (result: unknown) =>
  Array.isArray(result) ? result : z.object({ rows: z.array(z.unknown()) }).parse(result).rows;

beforeAll(async () => {
  t = await makeTestApp();
  const [user] = one.parse(rowsOf(await t.db.execute(sql`SELECT id FROM users LIMIT 1`)));
  const [sub] = one.parse(rowsOf(await t.db.execute(sql`SELECT id FROM subcuentas LIMIT 1`)));
  const [movement] = one.parse(
    rowsOf(
      await t.db.execute(sql`
        INSERT INTO movimientos_banco (referencia_banco, fecha, cantidad, tipo, ingr_egr, usuario)
        VALUES ('CARGAANUAL', '2025-01-02', 1.00, 'Otros', true, ${user!.id})
        RETURNING id`),
    ),
  );
  // A year of records, two incomes for each expense, amounts 1.00 to 900.00.
  await t.db.execute(sql`
    INSERT INTO registros_contables (movimiento_banco, subcuenta, fecha, cantidad, ingr_egr, usuario)
    SELECT ${movement!.id}, ${sub!.id}, date '2025-01-01' + (g % 365), (g % 900) + 1,
           g % 3 <> 0, ${user!.id}
    FROM generate_series(1, ${EXTRA}) AS g`);
  const [all] = count.parse(
    rowsOf(await t.db.execute(sql`SELECT count(*) AS n FROM registros_contables`)),
  );
  total = all!.n;
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('exports off the event loop', () => {
  it('/api/health/ answers within 100 ms while the largest export builds', async () => {
    expect(total).toBeGreaterThanOrEqual(EXTRA);
    // The health route's first answer (its code compiled, its first database read) is not
    // the export's doing: it is asked once before.
    const warm = performance.now();
    expect((await t.app.inject({ method: 'GET', url: '/api/health/' })).statusCode).toBe(200);
    expect(performance.now() - warm).toBeLessThan(5000);
    let built = false;
    const download = t
      .as('gerente', {
        method: 'GET',
        url: '/api/registros-contables-xlsx/?initialDate=2000-01-01&finalDate=2100-12-31',
      })
      .finally(() => {
        built = true;
      });

    const during: number[] = [];
    while (!built) {
      const start = performance.now();
      const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
      const took = performance.now() - start;
      expect(health.statusCode).toBe(200);
      if (!built) during.push(took);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const file = await download;
    expect(file.statusCode, file.body.slice(0, 200)).toBe(200);
    // The whole table came: every record, after the header row.
    expect(readSheet(file.rawPayload).rows).toHaveLength(total);
    // Asked over and over while the file was being built…
    expect(during.length).toBeGreaterThanOrEqual(10);
    // …and answered within 100 ms. A shared 2-core machine under a load of 10+ (the CI, other
    // test runs) deschedules any process now and then for a tenth of a second or two, so the
    // budget holds for 95 % of the checks and none may wait a whole second: a loop held by the
    // export (a whole-table read, the workbook written on this thread) waited 9.6 s.
    const sorted = [...during].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(100);
    expect(sorted.at(-1)).toBeLessThan(1000);
  }, 300_000);
});

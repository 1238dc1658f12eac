/**
 * Two payments sent at the same time on one contract (docs/business-rules.md#payments) through the
 * API: they never both settle nor together overdraw the debt. Runs on PGlite and, with DATABASE_URL
 * (scripts/with-temp-postgres.sh), on PostgreSQL. Through the API the global write-order lock
 * alone serialises them; tests/server-pg/payments-row-lock.test.ts proves the contract row lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addMonths } from '#domain/dates';
import { contratos, pagos } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
let member: number;

beforeAll(async () => {
  t = await makeTestApp();
  member = await memberOfRegion(t.db, 1);
});
afterAll(async () => {
  await t.close();
});

const send = (username: string, body: Record<string, unknown>, key: string) =>
  t.as(username, {
    method: 'POST',
    url: '/api/pagos/',
    payload: body,
    headers: { 'idempotency-key': key },
  });

describe('concurrent payments on one contract', () => {
  it('two payments that together exceed the debt: one 201, the other a clear 400', async () => {
    // 10,000.00 capital, 600.00 interest owed today.
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const body = paymentBody(id, today(), { capital: '6000' });
    const answers = await Promise.all([
      send('promotor', body, 'concurrent-overdraw-a'),
      send('coordinador', body, 'concurrent-overdraw-b'),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 400]);
    const rejected = answers.find((a) => a.statusCode === 400)!;
    // It saw the first payment: 4,000.00 capital and 600.00 interest left.
    expect(rejected.json()).toEqual({
      cantidad: ['La cantidad ($6,000.00) es mayor que la deuda total ($4,600.00).'],
      abono_capital: [
        'El abono a capital ($6,000.00) es mayor que el capital por pagar ($4,000.00).',
      ],
    });
    const stored = await t.db.select().from(pagos).where(eq(pagos.credito, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ abono_capital: '6000.00', deuda_prev_capital: '10000.00' });
  });

  it('two payments of the whole debt: one settles, the other is told the contract is paid', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const body = paymentBody(id, today(), { capital: '10000', ord: '600' });
    const answers = await Promise.all([
      send('gerente', body, 'concurrent-settle-a'),
      send('coordinador', body, 'concurrent-settle-b'),
    ]);
    const ok = answers.filter((a) => a.statusCode === 201);
    const refused = answers.filter((a) => a.statusCode === 400);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(ok[0]!.json()).toMatchObject({ estatus_nuevo: 'PA' });
    expect(refused[0]!.json()).toEqual({
      credito: [`El crédito ${id} no tiene deuda pendiente (estatus Pagado).`],
    });
    const [contract] = await t.db.select().from(contratos).where(eq(contratos.id, id));
    expect(contract).toMatchObject({ estatus: 'PA', fecha_final: today() });
    expect(await t.db.select().from(pagos).where(eq(pagos.credito, id))).toHaveLength(1);
  });

  it('the same payment sent twice with one key has one effect', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const body = paymentBody(id, today(), { capital: '100' });
    const [a, b] = await Promise.all([
      send('promotor', body, 'concurrent-same-key'),
      send('promotor', body, 'concurrent-same-key'),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json<{ id: number }>().id).toBe(b.json<{ id: number }>().id);
    expect(await t.db.select().from(pagos).where(eq(pagos.credito, id))).toHaveLength(1);
  });
});

/**
 * Two withdrawals for one member arriving at the same time, which together exceed the
 * balance: exactly one may pass (docs/business-rules.md#contributions-and-withdrawals, checked in
 * the transaction that writes). Runs on PGlite and, with DATABASE_URL
 * (scripts/with-temp-postgres.sh), on PostgreSQL where the transactions really run in parallel on
 * separate connections.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movementSchema } from '#domain/forms/movement';
import { movimientos, users } from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import { createMovement } from '#server/services/movements';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember, write } from './acopios-movimientos-helpers.ts';
import { unlinkMovementsOf } from './bancos-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const deposit = (clave: number, monto: string, aportacion: boolean) => ({
  clave_socio: clave,
  fecha_entrega: '2025-03-10',
  monto,
  proceso: 'CF',
  aportacion,
  ordinario: true,
  tipo_de_movimiento: 'BA',
  fecha_banco: '2025-03-11',
  referencia_banco: 'REF1',
  responsable_entrega: null,
});

async function startWith(clave: number, monto: string) {
  await unlinkMovementsOf(t.db, clave);
  await t.db.delete(movimientos).where(eq(movimientos.clave_socio, clave));
  const res = await write(t, 'gerente', 'POST', '/api/movimientos/', deposit(clave, monto, true));
  expect(res.statusCode, res.body).toBe(201);
}

async function saldo(clave: number) {
  const res = await t.as('gerente', {
    method: 'GET',
    url: `/api/movimientos/saldo/?clave_socio=${clave}`,
  });
  return res.json<{ saldo: string }>().saldo;
}

describe('concurrent withdrawals', () => {
  it('through the API: only one of two withdrawals that together exceed the balance passes', async () => {
    for (let round = 0; round < 4; round++) {
      const clave = await activeMember(t, 1 + round, ['CF']);
      await startWith(clave, '1000');
      const results = await Promise.all(
        (['gerente', 'coordinador'] as const).map((user, k) =>
          write(t, user, 'POST', '/api/movimientos/', deposit(clave, '600', false), {
            'Idempotency-Key': `withdraw-${round}-${k}-0001`,
          }),
        ),
      );
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 400]);
      const refused = results.find((r) => r.statusCode === 400)!;
      expect(refused.json()).toEqual({
        monto: ['El retiro ($600.00) es mayor que el saldo del socio ($400.00).'],
      });
      expect(await saldo(clave)).toBe('400.00');
    }
  });

  it('in the service itself: the member lock serialises two transactions', async () => {
    const clave = await activeMember(t, 1, ['CF'], 1);
    await startWith(clave, '1000');
    const [gerente] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    const user = {
      id: gerente!.id,
      role: 'GE' as const,
      clave_socio: null,
      region: null,
      translator: false,
    };
    const values = movementSchema().parse(deposit(clave, '700', false));
    // Two transactions opened at once, without the route's write-order lock: only the
    // member's row lock stands between them.
    const outcomes = await Promise.allSettled(
      [0, 1].map(() =>
        t.db.transaction((tx) =>
          createMovement(tx, user, values, { capturedAt: null, receivedAt: new Date() }, 'UTC'),
        ),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected');
    expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(RuleError);
    expect(await saldo(clave)).toBe('300.00');
  });
});

/**
 * Property: the phone's figures are the server's figures. Over random
 * sequences of captures (payments on one contract, contributions of one member), sends, server
 * refusals, lost connections, corrections and discards, after EVERY step the debt lookup and
 * the member's balance on the phone equal what the real server computes over the records it
 * accepted plus this phone's pending ones (waiting, sending, no answer yet) — refused, blocked
 * and discarded ones never count. The oracle runs the server's own write services for the
 * pending captures inside a transaction that is rolled back, then reads the server's figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import { registerAppCommands } from '#commands/catalog';
import type { MovimientoCreatePayload } from '#commands/movimientos';
import { pagoBodyOf } from '#commands/pago-record';
import type { PagoCreatePayload } from '#commands/pagos';
import { notCountedRecords } from '#db/reads/counted';
import type { Balance } from '#domain/balance';
import { todayIn } from '#domain/dates';
import { debtAt, type Debt } from '#domain/debt';
import { movementSchema } from '#domain/forms/movement';
import { paymentSchema } from '#domain/forms/payment';
import { lookupDebt } from '#features/pagos/debt-lookup.ts';
import { memberBalance } from '#features/movimientos/member-balance.ts';
import { findAuthUser, type AuthUser } from '#server/auth/user-lookup';
import { users } from '#server/db/schema';
import { findContract, loadDebtPaymentsOf } from '#server/services/credit-records';
import { balanceOfMember, createMovement } from '#server/services/movements';
import { createPayment } from '#server/services/payments';
import { discard } from '#sync/commands';
import type { SyncEngine } from '#sync/engine';
import type { OutboxRow } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

type Action =
  | { type: 'pay'; cents: number }
  | { type: 'contribute'; cents: number }
  | { type: 'send' }
  | { type: 'refuse' }
  | { type: 'offline' }
  | { type: 'correct'; pick: number; cents: number }
  | { type: 'discard'; pick: number };

const cents = fc.integer({ min: 100, max: 2_000 });
const pick = fc.nat({ max: 20 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ type: fc.constant('pay' as const), cents }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('contribute' as const), cents }) },
  { weight: 2, arbitrary: fc.constant({ type: 'send' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'refuse' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'offline' as const }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('correct' as const), pick, cents }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('discard' as const), pick }) },
);

/** A fixed number of cases: a run cut short must fail (fast-check counts no interrupt). */
const CASES = 20;
let run = 0;

let w: SyncWorld;
let user: AuthUser;
let credito = 0;
let clave = 0;
let display: MovimientoCreatePayload['display'];
const today = todayIn();
const CREATES = ['pago.create', 'movimiento.create'];
const OPEN = ['pending', 'sending', 'uncertain'];
const ATTENTION = ['rejected', 'blocked', 'conflict', 'stuck'];

function payment(amount: number): PagoCreatePayload {
  return {
    body: pagoBodyOf({
      credito,
      fecha_pago: today,
      cantidad: amount,
      abono_capital: amount,
      interes_ord: 0,
      interes_mor: 0,
      fecha_banco: null,
      referencia_banco: null,
    }),
    author: { autor: user.id, nombre_autor: 'promotor' },
  };
}

function contribution(amount: number): MovimientoCreatePayload {
  return {
    movimiento: {
      clave_socio: clave,
      fecha_entrega: today,
      monto: (amount / 100).toFixed(2),
      proceso: 'CF',
      aportacion: true,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
    },
    display,
  };
}

interface Figures {
  debt: Debt | null;
  balance: Balance | null;
}

class Rollback extends Error {}

/** The server's figures over what it accepted plus the phone's pending captures. */
async function serverFigures(pending: readonly OutboxRow[]): Promise<Figures> {
  let figures: Figures | null = null;
  try {
    await w.t.db.transaction(async (tx) => {
      for (const row of pending) {
        const capture = { capturedAt: new Date(row.capturedAt), receivedAt: new Date() };
        const pago = rowOfKind(row, 'pago.create');
        const movimiento = rowOfKind(row, 'movimiento.create');
        if (pago) {
          const values = paymentSchema({ today }).parse(pago.payload.body);
          await createPayment(tx, user, values, capture);
        } else if (movimiento) {
          const values = movementSchema({ today }).parse(movimiento.payload.movimiento);
          await createMovement(tx, user, values, capture, w.t.config.timezone);
        }
      }
      const contract = await findContract(tx, user, credito);
      const payments = (await loadDebtPaymentsOf(tx, [credito])).get(credito) ?? [];
      figures = {
        debt: contract ? debtAt(contract.debt, payments, today) : null,
        balance: await balanceOfMember(tx, clave),
      };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (!figures) throw new Error('no figures');
  return figures;
}

async function phoneFigures(): Promise<Figures> {
  const lookup = await lookupDebt(credito, today);
  const records = await w.db.movimientos.toArray();
  const notCounted = await notCountedRecords('movimiento');
  return {
    debt: lookup.kind === 'debt' ? lookup.debt : null,
    balance: memberBalance(records, clave, { notCounted }).balance,
  };
}

async function creates(statuses: readonly string[]): Promise<OutboxRow[]> {
  const rows = await w.db.outbox.toArray();
  return rows
    .filter((r) => CREATES.includes(r.kind) && statuses.includes(r.status))
    .sort((a, b) => a.seq - b.seq);
}

async function expectSameFigures(step: string): Promise<void> {
  const expected = await serverFigures(await creates(OPEN));
  expect(await phoneFigures(), step).toEqual(expected);
}

beforeAll(async () => {
  w = await startSyncWorld();
  registerAppCommands();
  const [row] = await w.t.db.select().from(users).where(eq(users.username, 'promotor'));
  const found = row ? await findAuthUser(w.t.db, row.id) : null;
  if (!found) throw new Error('no promotor');
  user = found;
  await w.engine().pull();
  // A collected contract with room for many small payments today, and an active coffee member.
  for (const c of await w.db.contratos.toArray()) {
    const server = await findContract(w.t.db, user, c.id);
    if (!server || server.debt.estatus !== 'DP' || server.debt.estatus_ejecucion !== 'CO') continue;
    const payments = (await loadDebtPaymentsOf(w.t.db, [c.id])).get(c.id) ?? [];
    if (payments.some((p) => p.fecha_pago > today)) continue;
    const debt = debtAt(server.debt, payments, today);
    if (debt && debt.capital_por_pagar >= 500_000) {
      credito = c.id;
      break;
    }
  }
  const member = (await w.db.socios.toArray()).find(
    (s) => s.estatus_cafe === 'AC' && typeof s.clave_socio === 'number',
  );
  if (credito === 0 || !member || typeof member.clave_socio !== 'number')
    throw new Error('no contract or member to work on');
  clave = member.clave_socio;
  display = {
    nombre_socio: 'socio',
    region: 0,
    nombre_region: '',
    comunidad: 0,
    nombre_comunidad: '',
  };
}, 240_000);

afterAll(async () => {
  await w.close();
});

describe('money figures property', () => {
  it('after every step the phone counts what the server accepted plus its pending captures', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        run += 1;
        let clock = Date.now();
        const engine: SyncEngine = w.engine({
          now: () => clock,
          backoff: { baseMs: 1000, maxMs: 4000, maxAttempts: 3, defaultRetryAfterMs: 1000 },
        });
        const drain = async (fault: 'pass' | 'refuse' | 'offline') => {
          let refused = false;
          w.proxy.rule = (r) => {
            if (r.method !== 'POST') return { type: 'pass' };
            if (fault === 'offline') return { type: 'drop-request' };
            if (fault === 'refuse' && !refused) {
              refused = true;
              return { type: 'respond', status: 400, body: { non_field_errors: ['refused'] } };
            }
            return { type: 'pass' };
          };
          clock += 10_000;
          await engine.drain();
          w.proxy.rule = () => ({ type: 'pass' });
        };
        for (const [i, a] of actions.entries()) {
          if (a.type === 'pay') await enqueue('pago.create', payment(a.cents));
          else if (a.type === 'contribute')
            await enqueue('movimiento.create', contribution(a.cents));
          else if (a.type === 'send') await drain('pass');
          else if (a.type === 'refuse') await drain('refuse');
          else if (a.type === 'offline') await drain('offline');
          else {
            const rows = await creates(a.type === 'correct' ? ['rejected'] : ATTENTION);
            const row = rows[a.pick % Math.max(rows.length, 1)];
            if (row && a.type === 'discard') await discard(row.id, 'property test');
            if (row && a.type === 'correct') {
              const pago = rowOfKind(row, 'pago.create');
              const movimiento = rowOfKind(row, 'movimiento.create');
              if (pago) await resubmit(pago, payment(a.cents));
              if (movimiento) await resubmit(movimiento, contribution(a.cents));
            }
          }
          await expectSameFigures(`case ${run}, step ${i}: ${a.type}`);
        }
        // Clean up for the next case: nothing refused stays, everything pending arrives.
        for (const row of await creates(['rejected', 'conflict', 'stuck'])) {
          await discard(row.id, 'property test');
        }
        for (const row of await creates(['blocked'])) await discard(row.id, 'property test');
        for (let n = 0; n < 5 && (await creates(OPEN)).length > 0; n += 1) await drain('pass');
        expect(await creates([...OPEN, ...ATTENTION])).toEqual([]);
        // With nothing pending, the phone's figures are the server's answers over HTTP.
        const phone = await phoneFigures();
        const debt = await w.t.as('promotor', {
          method: 'GET',
          url: `/api/contratos/${credito}/deuda/?fecha=${today}`,
        });
        expect(debt.json<{ total_deuda: number }>().total_deuda).toBe(
          (phone.debt?.total_deuda ?? 0) / 100,
        );
        const saldo = await w.t.as('promotor', {
          method: 'GET',
          url: `/api/movimientos/saldo/?clave_socio=${clave}`,
        });
        expect(Number(saldo.json<{ saldo?: string }>().saldo ?? 0)).toBe(
          (phone.balance?.saldo ?? 0) / 100,
        );
      }),
      { numRuns: CASES },
    );
    // Every case ran (and, the property holding, none was shrunk): fewer would prove less.
    expect(run).toBe(CASES);
  });
});

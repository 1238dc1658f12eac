/**
 * Property (docs/trip-reconciliation.md): every accepted peso of a trip is reconciled exactly
 * once. Over random sequences of cash captures (payments, contributions, withdrawals — some
 * dated tomorrow, which the real server refuses), sends, lost answers (the
 * phone resends under the same key), no signal, corrections of refused captures (a correction
 * of a correction too), discards and trip closings, with the phone pushing in batches or one
 * call per write: once everything is sent and a last closing taken, the office's closings of
 * the case received, per kind, exactly what the server accepted (read from its own records),
 * and every accepted write is counted in one closing only, for its whole amount.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, gt, gte, inArray, lt, max } from 'drizzle-orm';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import { registerAppCommands } from '#commands/catalog';
import type { MovimientoCreatePayload } from '#commands/movimientos';
import { pagoBodyOf } from '#commands/pago-record';
import type { PagoCreatePayload } from '#commands/pagos';
import { closingPayload, currentTrip } from '#commands/viajes';
import { addDays, todayIn } from '#domain/dates';
import { debtAt } from '#domain/debt';
import { parseMoney } from '#domain/money';
import { tripTotals, type TripCaptureKind, type TripClosingAnswer } from '#domain/trip-shapes';
import { findAuthUser, type AuthUser } from '#server/auth/user-lookup';
import { idempotencyKeys, movimientos, pagos, tripClosings, users } from '#server/db/schema';
import { findContract, loadDebtPaymentsOf } from '#server/services/credit-records';
import { discard } from '#sync/commands';
import type { OutboxRow } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

type Kind = TripCaptureKind;
type Action =
  | { type: 'capture'; kind: Kind; cents: number; refused: boolean }
  | { type: 'send' }
  | { type: 'lose-answer' }
  | { type: 'offline' }
  | { type: 'close' }
  | { type: 'correct'; pick: number; cents: number; refusedAgain: boolean }
  | { type: 'discard'; pick: number };

const cents = fc.integer({ min: 100, max: 2_000 });
const pick = fc.nat({ max: 20 });
const action: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('capture' as const),
      kind: fc.constantFrom<Kind>('pago', 'pago', 'aportacion', 'retiro'),
      cents,
      refused: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.constant({ type: 'send' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'lose-answer' as const }) },
  { weight: 1, arbitrary: fc.constant({ type: 'offline' as const }) },
  { weight: 2, arbitrary: fc.constant({ type: 'close' as const }) },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('correct' as const),
      pick,
      cents,
      refusedAgain: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('discard' as const), pick }) },
);

/** A fixed number of cases: a run cut short must fail (fast-check counts no interrupt). */
const CASES = 16;
/** A capture dated tomorrow: the server refuses it (a date cannot be in the future). */
const tomorrow = addDays(todayIn(), 1);
let run = 0;

let w: SyncWorld;
let user: AuthUser;
let credito = 0;
let clave = 0;
let display: MovimientoCreatePayload['display'];
const today = todayIn();
const CAPTURES = ['pago.create', 'movimiento.create'];
const OPEN = ['pending', 'sending', 'uncertain'];

function payment(amount: number, refused = false): PagoCreatePayload {
  return {
    body: pagoBodyOf({
      credito,
      fecha_pago: refused ? tomorrow : today,
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

function movement(amount: number, aportacion: boolean, refused = false): MovimientoCreatePayload {
  return {
    movimiento: {
      clave_socio: clave,
      fecha_entrega: refused ? tomorrow : today,
      monto: (amount / 100).toFixed(2),
      proceso: 'CF',
      aportacion,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
    },
    display,
  };
}

async function rowsOf(statuses: readonly string[], kinds = CAPTURES): Promise<OutboxRow[]> {
  const rows = await w.db.outbox.toArray();
  return rows
    .filter((r) => kinds.includes(r.kind) && statuses.includes(r.status))
    .sort((a, b) => a.seq - b.seq);
}

/** What the server accepted from the promoter since `afterKeyId`, per write, from its records. */
async function acceptedSince(
  afterKeyId: number,
): Promise<Map<string, { kind: Kind; cents: number }>> {
  const keys = await w.t.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.user_id, user.id),
        gt(idempotencyKeys.id, afterKeyId),
        gte(idempotencyKeys.status, 200),
        lt(idempotencyKeys.status, 300),
        inArray(idempotencyKeys.kind, CAPTURES),
      ),
    );
  const out = new Map<string, { kind: Kind; cents: number }>();
  for (const k of keys) {
    const id = Number(k.record_ref);
    if (k.kind === 'pago.create') {
      const [p] = await w.t.db.select().from(pagos).where(eq(pagos.id, id));
      out.set(k.key, { kind: 'pago', cents: parseMoney(p!.cantidad)! });
    } else {
      const [m] = await w.t.db.select().from(movimientos).where(eq(movimientos.id, id));
      out.set(k.key, {
        kind: m!.aportacion ? 'aportacion' : 'retiro',
        cents: parseMoney(m!.monto)!,
      });
    }
  }
  return out;
}

const money = (text: string | null) => parseMoney(text) ?? 0;

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

describe('trip reconciliation property', () => {
  it('the closings receive every accepted capture once, batch and single push alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(action, { minLength: 1, maxLength: 14 }),
        fc.constantFrom<'batch' | 'single'>('batch', 'single'),
        async (actions, pushMode) => {
          run += 1;
          const [keysBefore] = await w.t.db
            .select({ id: max(idempotencyKeys.id) })
            .from(idempotencyKeys);
          const [closingsBefore] = await w.t.db
            .select({ id: max(tripClosings.id) })
            .from(tripClosings);
          let clock = Date.now();
          // Never stuck: a lost answer is resent under its key until the server answers.
          const engine = w.engine({
            pushMode,
            now: () => clock,
            backoff: { baseMs: 1000, maxMs: 4000, maxAttempts: 1000, defaultRetryAfterMs: 1000 },
          });
          const drain = async (fault: 'pass' | 'lose-answer' | 'offline') => {
            let lost = false;
            w.proxy.rule = (r) => {
              if (r.method !== 'POST') return { type: 'pass' };
              if (fault === 'offline') return { type: 'drop-request' };
              if (fault === 'lose-answer' && !lost) {
                lost = true;
                return { type: 'drop-response' };
              }
              return { type: 'pass' };
            };
            clock += 10_000;
            await engine.drain();
            w.proxy.rule = () => ({ type: 'pass' });
          };
          const close = async () => {
            const trip = await currentTrip();
            await enqueue('viaje.close', closingPayload(trip, tripTotals(trip.lines).declared));
          };
          for (const a of actions) {
            if (a.type === 'capture') {
              if (a.kind === 'pago') await enqueue('pago.create', payment(a.cents, a.refused));
              else
                await enqueue(
                  'movimiento.create',
                  movement(a.cents, a.kind === 'aportacion', a.refused),
                );
            } else if (a.type === 'send') await drain('pass');
            else if (a.type === 'lose-answer') await drain('lose-answer');
            else if (a.type === 'offline') await drain('offline');
            else if (a.type === 'close') await close();
            else {
              const rows = await rowsOf(['rejected']);
              const row = rows[a.pick % Math.max(rows.length, 1)];
              if (row && a.type === 'discard') await discard(row.id, 'property test');
              if (row && a.type === 'correct') {
                const again = a.refusedAgain;
                const pago = rowOfKind(row, 'pago.create');
                const mov = rowOfKind(row, 'movimiento.create');
                if (pago) await resubmit(pago, payment(a.cents, again));
                if (mov)
                  await resubmit(mov, movement(a.cents, mov.payload.movimiento.aportacion, again));
              }
            }
          }
          // Everything refused is given up on, everything else arrives, then a last closing.
          for (let n = 0; n < 6; n += 1) {
            // One at a time: a discard unblocks the rows that waited for it.
            for (;;) {
              const [row] = await rowsOf(['rejected', 'conflict', 'stuck', 'blocked']);
              if (!row) break;
              await discard(row.id, 'property test');
            }
            if ((await rowsOf(OPEN, [...CAPTURES, 'viaje.close'])).length === 0) break;
            await drain('pass');
          }
          const last = await currentTrip();
          if (last.lines.length > 0) {
            await close();
            for (let n = 0; n < 4 && (await rowsOf(OPEN, ['viaje.close'])).length > 0; n += 1)
              await drain('pass');
          }
          expect(
            await rowsOf(
              [...OPEN, 'rejected', 'blocked', 'stuck', 'conflict'],
              [...CAPTURES, 'viaje.close'],
            ),
          ).toEqual([]);

          const accepted = await acceptedSince(keysBefore?.id ?? 0);
          const res = await w.t.as('coordinador', { method: 'GET', url: '/api/cierres-viaje/' });
          expect(res.statusCode).toBe(200);
          const closings = res
            .json<TripClosingAnswer[]>()
            .filter((c) => c.promotor === user.id && c.id > (closingsBefore?.id ?? 0));

          // Where each accepted write was counted: the line naming it (what the line received
          // beyond its accepted corrections) or a line listing it as an accepted correction.
          const counted = new Map<string, number[]>();
          const count = (key: string, amount: number) =>
            counted.set(key, [...(counted.get(key) ?? []), amount]);
          for (const c of closings) {
            for (const line of c.lineas) {
              let own = money(line.recibido);
              for (const fix of line.correcciones) {
                if (!fix.aceptada) continue;
                count(fix.clave, money(fix.monto));
                own -= money(fix.monto);
              }
              if (own !== 0) count(line.clave, own);
            }
          }
          for (const [key, write] of accepted)
            expect(counted.get(key), `case ${run} (${pushMode}): ${key}`).toEqual([write.cents]);
          expect([...counted.keys()].filter((k) => !accepted.has(k))).toEqual([]);

          // Σ received over the closings = Σ accepted cash captures, per kind.
          const sum = (kind: Kind) =>
            [...accepted.values()].filter((v) => v.kind === kind).reduce((s, v) => s + v.cents, 0);
          const received = (field: 'pagos' | 'aportaciones' | 'retiros') =>
            closings.reduce((s, c) => s + money(c.recibido[field]), 0);
          expect({
            pagos: received('pagos'),
            aportaciones: received('aportaciones'),
            retiros: received('retiros'),
          }).toEqual({
            pagos: sum('pago'),
            aportaciones: sum('aportacion'),
            retiros: sum('retiro'),
          });
        },
      ),
      { numRuns: CASES },
    );
    // Every case ran (and, the property holding, none was shrunk): fewer would prove less.
    expect(run).toBe(CASES);
  });
});

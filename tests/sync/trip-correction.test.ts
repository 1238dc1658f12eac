/**
 * The trip's cash after a correction: a payment the real server refuses (more
 * than the contract's debt), corrected and resent, is counted ONCE in the trip summary — the
 * corrected amount in "sent" cash — and the refused original only as refused/void, never in the
 * cash totals.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import { registerAppCommands } from '#commands/catalog';
import { pagoBodyOf } from '#commands/pago-record';
import type { PagoCreatePayload } from '#commands/pagos';
import { closingPayload, currentTrip } from '#commands/viajes';
import { todayIn } from '#domain/dates';
import { debtAt } from '#domain/debt';
import { tripTotals } from '#domain/trip-shapes';
import { findAuthUser, type AuthUser } from '#server/auth/user-lookup';
import { users } from '#server/db/schema';
import { findContract, loadDebtPaymentsOf } from '#server/services/credit-records';
import type { OutboxRow } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
let user: AuthUser;
let credito = 0;
let debtCents = 0;
const today = todayIn();

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

async function onlyPayment(): Promise<OutboxRow> {
  const rows = (await w.db.outbox.toArray()).filter((r) => r.kind === 'pago.create');
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

beforeAll(async () => {
  w = await startSyncWorld();
  registerAppCommands();
  const [row] = await w.t.db.select().from(users).where(eq(users.username, 'promotor'));
  const found = row ? await findAuthUser(w.t.db, row.id) : null;
  if (!found) throw new Error('no promotor');
  user = found;
  await w.engine().pull();
  // A collected contract with a debt today (the payment is refused when it exceeds it).
  for (const c of await w.db.contratos.toArray()) {
    const server = await findContract(w.t.db, user, c.id);
    if (!server || server.debt.estatus !== 'DP' || server.debt.estatus_ejecucion !== 'CO') continue;
    const payments = (await loadDebtPaymentsOf(w.t.db, [c.id])).get(c.id) ?? [];
    if (payments.some((p) => p.fecha_pago > today)) continue;
    const debt = debtAt(server.debt, payments, today);
    if (debt && debt.total_deuda >= 300_00) {
      credito = c.id;
      debtCents = debt.total_deuda;
      break;
    }
  }
  if (credito === 0) throw new Error('no contract with a debt');
}, 240_000);

beforeEach(async () => {
  await w.reset();
  await w.engine().pull();
});

afterAll(async () => {
  await w.close();
});

describe('trip summary after a refused payment is corrected', () => {
  it('counts the accepted correction once; the refused original never in the cash', async () => {
    const engine = w.engine();
    // More than the debt: the server refuses it.
    await enqueue('pago.create', payment(debtCents + 50_000));
    await engine.drain();
    const refused = await onlyPayment();
    expect(refused.status).toBe('rejected');
    const whileRefused = tripTotals((await currentTrip()).lines);
    expect(whileRefused.cashIn).toBe(0);
    expect(whileRefused.cells.pago.rechazado).toEqual({ count: 1, cents: debtCents + 50_000 });

    // Corrected to 100.00 and resent: accepted.
    const pago = rowOfKind(refused, 'pago.create');
    if (!pago) throw new Error('not a payment');
    await resubmit(pago, payment(100_00));
    await engine.drain();
    expect((await onlyPayment()).status).toBe('done');

    const trip = await currentTrip();
    const totals = tripTotals(trip.lines);
    expect(totals.cashIn).toBe(100_00);
    expect(totals.cells.pago.enviado).toEqual({ count: 1, cents: 100_00 });
    expect(totals.cells.pago.pendiente).toEqual({ count: 0, cents: 0 });
    expect(totals.cells.pago.rechazado.count).toBe(0);
    expect(trip.lines.filter((l) => l.tipo === 'pago')).toHaveLength(1);
  });

  it('a payment pending at a closing, refused and corrected after it, is not counted again in the next trip', async () => {
    const engine = w.engine();
    await enqueue('pago.create', payment(debtCents + 50_000));
    // The trip is closed before the payment reaches the office: counted as pending cash.
    const before = await currentTrip();
    const declared = tripTotals(before.lines).declared;
    expect(declared.pago).toBe(debtCents + 50_000);
    await enqueue('viaje.close', closingPayload(before, declared));
    await engine.drain();
    const refused = await onlyPayment();
    expect(refused.status).toBe('rejected');
    // Refused after the closing: shown in the next trip as refused, not as cash.
    const whileRefused = tripTotals((await currentTrip()).lines);
    expect(whileRefused.cashIn).toBe(0);
    expect(whileRefused.cells.pago.rechazado.count).toBe(1);

    const pago = rowOfKind(refused, 'pago.create');
    if (!pago) throw new Error('not a payment');
    await resubmit(pago, payment(100_00));
    await engine.drain();
    expect((await onlyPayment()).status).toBe('done');
    // Its cash was received on the closed trip: the next trip does not count it a second time.
    const next = await currentTrip();
    expect(next.lines.filter((l) => l.tipo === 'pago')).toEqual([]);
    expect(tripTotals(next.lines).cashIn).toBe(0);
  });
});

/**
 * The phone's side of the office's field inbox, against the real server: a refused
 * payment corrected on the phone names the refused key (X-Replaces-Key), so the inbox links
 * the two; a refused payment discarded with a reason, and what the queue still holds, reach
 * the office in the queue report sent after a synced cycle — counts only, never contents.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { discard } from '#sync/commands';
import { enqueue, resubmit, rowOfKind } from '#commands/outbox';
import { registerAppCommands } from '#commands/catalog';
import { pagoBodyOf } from '#commands/pago-record';
import type { PagoCreatePayload } from '#commands/pagos';
import { todayIn } from '#domain/dates';
import type { FieldPhonesAnswer, InboxPage } from '#domain/field-inbox';
import { buildQueueReport, discardReasonMessage } from '#sync/queue-report';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
let credito = 0;
const today = todayIn();

function payment(credit: number, amount: number): PagoCreatePayload {
  return {
    body: pagoBodyOf({
      credito: credit,
      fecha_pago: today,
      cantidad: amount,
      abono_capital: amount,
      interes_ord: 0,
      interes_mor: 0,
      fecha_banco: null,
      referencia_banco: null,
    }),
    author: { autor: w.userId, nombre_autor: 'promotor' },
  };
}

async function inbox(query = ''): Promise<InboxPage> {
  const res = await w.t.as('coordinador', { method: 'GET', url: `/api/bandeja/${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>();
}

beforeAll(async () => {
  w = await startSyncWorld();
  registerAppCommands();
  await w.engine().pull();
  const contract = (await w.db.contratos.toArray())[0];
  if (!contract) throw new Error('no contract in the promoter replica');
  credito = contract.id;
}, 240_000);

beforeEach(async () => {
  await w.reset();
  await w.engine().pull();
});

afterAll(async () => {
  await w.close();
});

describe('the field inbox from the phone', () => {
  it('links a corrected payment to the refused one it replaces', async () => {
    const engine = w.engine();
    // A contract that does not exist: the server refuses it (404/400).
    await enqueue('pago.create', payment(99_999_999, 100_00));
    await engine.drain();
    const refused = (await w.db.outbox.toArray()).find((r) => r.kind === 'pago.create')!;
    expect(refused.status).toBe('rejected');
    const pago = rowOfKind(refused, 'pago.create');
    if (!pago) throw new Error('not a payment');
    await resubmit(pago, payment(credito, 1_00));
    await engine.drain();

    const rows = (await inbox('?tipo=pago.create')).results;
    const original = rows.find((r) => r.status >= 400 && r.rechazo?.reemplazo);
    expect(original?.rechazo?.desenlace).toBe('corrected');
    const replacement = rows.find((r) => r.id === original?.rechazo?.reemplazo?.id);
    expect(replacement?.kind).toBe('pago.create');
    expect(replacement?.reemplaza).toBe(original?.id);
  });

  it('reports the queue in counts and a discard with its reason after a synced cycle', async () => {
    await enqueue('pago.create', payment(99_999_998, 100_00));
    await w.engine().drain();
    const refused = (await w.db.outbox.toArray()).find((r) => r.status === 'rejected')!;
    await discard(refused.id, discardReasonMessage('wrongData'));
    // Another payment stays on the phone (never sent: the engine below does not drain first).
    await enqueue('pago.create', payment(credito, 2_00));
    const report = await buildQueueReport(w.db, Date.now(), 'DEV1');
    expect(report.counts).toEqual([{ kind: 'pago.create', state: 'pending', count: 1 }]);
    expect(report.discarded).toEqual([
      expect.objectContaining({ key: refused.id, reason: 'wrongData' }),
    ]);
    expect(JSON.stringify(report)).not.toContain('abono_capital');

    // A cycle with reporting on: push, pull, then the report.
    await w.engine({ reportQueue: () => true }).syncNow();
    const [row] = (await inbox('?estado=refused')).results.filter(
      (r) => r.rechazo?.desenlace === 'discarded',
    );
    expect(row?.rechazo?.motivo_descarte).toBe('Datos equivocados');
    const phones = await w.t.as('coordinador', { method: 'GET', url: '/api/bandeja/telefonos/' });
    const mine = phones.json<FieldPhonesAnswer>().telefonos.find((p) => p.user_id === w.userId);
    expect(mine?.ultimo_reporte).not.toBeNull();
    // What the phone holds after that cycle, as the office sees it: the same rows, counted.
    const left = (await w.db.outbox.toArray()).filter((r) => r.status !== 'done');
    expect(mine?.cola.reduce((n, c) => n + c.count, 0)).toBe(left.length);
    expect(mine?.cola.map((c) => c.state).sort()).toEqual(left.map((r) => r.status).sort());
  });
});

/**
 * The phone registers the device code of its receipts before any write carrying one leaves
 * (docs/security.md, "Receipt numbers"; src/sync/receipt-device.ts), against the real server:
 * the registration comes first on the wire, is remembered, covers an outbox filled before
 * registration existed, and a failed registration loses nothing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { enqueue } from '#commands/outbox';
import { registerAppCommands } from '#commands/catalog';
import { movementBody, type MovimientoCreatePayload } from '#commands/movimientos';
import { todayIn } from '#domain/dates';
import { receiptNumber } from '#domain/receipts';
import { movimientos, receiptDevices } from '#server/db/schema';
import { RECEIPT_DEVICES_META, registeredCodes } from '#sync/receipt-device';
import type { OutboxRow } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';
import { activeMember } from '#tests/server/acopios-movimientos-helpers';

let w: SyncWorld;
let member = 0;
let sequence = 0;

/** A cash contribution with a receipt drawn on device `code`, as the movement form queues it. */
function contribution(code: string): MovimientoCreatePayload {
  sequence += 1;
  return {
    movimiento: movementBody({
      clave_socio: member,
      fecha_entrega: todayIn(),
      monto: 25_000,
      proceso: 'CF',
      aportacion: true,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
      recibo: receiptNumber(w.userId, code, sequence),
      recibo_codigo: `SY${String(100_000 + sequence).slice(-6)}`,
      recibo_reemplaza: null,
    }),
    display: {
      nombre_socio: '',
      region: 0,
      nombre_region: '',
      comunidad: 0,
      nombre_comunidad: '',
    },
  };
}

const isRegistration = (r: { method: string; path: string }) =>
  r.method === 'POST' && r.path.startsWith('/api/recibos/dispositivos');
const isMovementWrite = (r: { method: string; path: string; body: string }) =>
  r.method === 'POST' &&
  (r.path.startsWith('/api/movimientos') ||
    (r.path.startsWith('/api/sync/push') && r.body.includes('/api/movimientos/')));

const row = async (id: string): Promise<OutboxRow> => (await w.db.outbox.get(id))!;

async function serverCodes(): Promise<string[]> {
  const rows = await w.t.db
    .select({ codigo: receiptDevices.codigo })
    .from(receiptDevices)
    .where(eq(receiptDevices.user_id, w.userId));
  return rows.map((r) => r.codigo).sort();
}

async function storedWith(recibo: string): Promise<number> {
  const rows = await w.t.db
    .select({ id: movimientos.id })
    .from(movimientos)
    .where(and(eq(movimientos.autor, w.userId), eq(movimientos.recibo, recibo)));
  return rows.length;
}

beforeAll(async () => {
  w = await startSyncWorld();
  registerAppCommands();
  member = await activeMember(w.t, 1, ['CF']);
}, 240_000);

beforeEach(async () => {
  await w.reset();
});

afterAll(async () => {
  await w.close();
});

describe('registering the receipt device code', () => {
  it('registers the code before the first write carrying it, once', async () => {
    const first = contribution('RG01');
    const { mutationId } = await enqueue('movimiento.create', first);
    const report = await w.engine().drain();
    expect(report).toMatchObject({ sent: 1, stop: null });
    expect((await row(mutationId)).status).toBe('done');

    const registration = w.proxy.log.findIndex(isRegistration);
    const write = w.proxy.log.findIndex(isMovementWrite);
    expect(registration).toBeGreaterThanOrEqual(0);
    expect(write).toBeGreaterThan(registration);
    expect(JSON.parse(w.proxy.log[registration]!.body)).toEqual({ codigo: 'RG01' });
    expect(await serverCodes()).toContain('RG01');
    expect(await registeredCodes(w.db)).toEqual(['RG01']);
    expect(await storedWith(first.movimiento.recibo!)).toBe(1);

    // Remembered: the next receipt of this phone goes without asking again.
    w.proxy.log.length = 0;
    const second = await enqueue('movimiento.create', contribution('RG01'));
    expect((await w.engine({ pushMode: 'single' }).drain()).sent).toBe(1);
    expect((await row(second.mutationId)).status).toBe('done');
    expect(w.proxy.log.some(isRegistration)).toBe(false);
  });

  it('an outbox of receipts queued before registration: offline nothing is lost, then all go', async () => {
    const queued = [contribution('MG01'), contribution('MG01')];
    const ids: string[] = [];
    for (const payload of queued)
      ids.push((await enqueue('movimiento.create', payload)).mutationId);

    // No connection when it tries to register: the pass stops, the rows are untouched.
    w.proxy.rule = (r) => (isRegistration(r) ? { type: 'drop-request' } : { type: 'pass' });
    const offline = await w.engine().drain();
    expect(offline).toMatchObject({ sent: 0, stop: 'network' });
    expect(w.proxy.log.some(isRegistration)).toBe(true);
    expect(w.proxy.log.some(isMovementWrite)).toBe(false);
    for (const id of ids) {
      const r = await row(id);
      expect(r.status).toBe('pending');
      expect(r.attempts).toBe(0);
    }
    expect(await w.db.meta.get(RECEIPT_DEVICES_META)).toBeUndefined();
    expect(await serverCodes()).not.toContain('MG01');

    // Back online: registered, then both sent, each stored once.
    w.proxy.rule = () => ({ type: 'pass' });
    const online = await w.engine().drain();
    expect(online).toMatchObject({ sent: 2, stop: null });
    for (const id of ids) expect((await row(id)).status).toBe('done');
    for (const payload of queued) expect(await storedWith(payload.movimiento.recibo!)).toBe(1);
    expect(await serverCodes()).toContain('MG01');
    expect(await registeredCodes(w.db)).toContain('MG01');
  });

  it('a refused registration is not remembered: the write goes and answers for itself', async () => {
    const payload = contribution('RF01');
    const { mutationId } = await enqueue('movimiento.create', payload);
    w.proxy.rule = (r) =>
      isRegistration(r)
        ? { type: 'respond', status: 400, body: { codigo: ['refused'] } }
        : { type: 'pass' };
    const report = await w.engine({ pushMode: 'single' }).drain();
    expect(report.stop).toBeNull();
    const refused = await row(mutationId);
    expect(refused.status).toBe('rejected');
    expect(refused.lastError?.body).toEqual({
      recibo: [
        `El recibo ${payload.movimiento.recibo!} viene del teléfono RF01, que no está registrado a tu nombre para emitir recibos.`,
      ],
    });
    expect(await registeredCodes(w.db)).toEqual([]);
    expect(w.proxy.log.filter(isRegistration)).toHaveLength(1);
    expect(await storedWith(payload.movimiento.recibo!)).toBe(0);
  });
});

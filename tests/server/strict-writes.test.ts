/**
 * Strict write bodies (docs/security.md, "Input rules"): the capture writes, their bank edits,
 * the office's contract writes (activation, extension, waiver), trip closings, queue reports,
 * inbox marks, the batch push and the token calls refuse a field
 * they do not know with a 400 naming it — and the body the phone's own command builds still
 * goes through. A write of a batch is held to the same rule; its refusal names the field and is
 * kept where the office reads refused field work.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '#domain/dates';
import type { InboxPage, QueueReportInput } from '#domain/field-inbox';
import type { PushAnswer } from '#domain/push-answer';
import { receiptNumber } from '#domain/receipts';
import { acopioBody, acopioCreateCommand } from '#commands/acopios';
import {
  movementBody,
  movimientoBankCommand,
  movimientoCreateCommand,
} from '#commands/movimientos';
import { pagoBodyOf } from '#commands/pago-record';
import { pagoBankCommand, pagoCreateCommand } from '#commands/pagos';
import { closingPayload, tripOf, viajeCloseCommand } from '#commands/viajes';
import { registerAppCommands } from '#commands/catalog';
import { activateCommand, extendCommand, waiveCommand } from '#commands/creditos';
import { activationSchema } from '#domain/forms/activation';
import { extensionSchema } from '#domain/forms/extension';
import { waiverSchema } from '#domain/forms/waiver';
import { batchWriteOf } from '#sync/batch-push';
import type { OutboxRow } from '#sync/types';
import { users } from '#server/db/schema';
import { DEMO_PASSWORD, makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { insertContract, paymentBody, today } from './contratos-helpers.ts';
import { registerReceiptDevice } from './receipt-devices-helpers.ts';

let t: TestApp;
let promoterId: number;
let member: number;
let counter = 0;
const newKey = (label: string) => `strict-${label}-${Date.now()}-${++counter}`;
const NOT_KNOWN = ['Este campo no se puede modificar'];

beforeAll(async () => {
  t = await makeTestApp();
  registerAppCommands();
  const [promoter] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'promotor'));
  if (!promoter) throw new Error('no demo promoter');
  promoterId = promoter.id;
  member = await activeMember(t, 1, ['CF']);
  // The device code of this file's receipt numbers, registered as the phone does.
  await registerReceiptDevice(t, 'promotor', 'K7Q2');
});
afterAll(async () => {
  await t.close();
});

/** A receipt as the phone allocates it: the author's id, a device code, a sequence. */
function receipt(sequence: number) {
  return {
    recibo: receiptNumber(promoterId, 'K7Q2', sequence),
    recibo_codigo: `ST${String(100_000 + sequence).slice(-6)}`,
    recibo_reemplaza: null,
  };
}

/** The single call of a command's request, as the phone sends it (path under /api/). */
function send(
  request: { method: string; path: string; body?: unknown },
  extra: Record<string, unknown> | null,
  username = 'promotor',
) {
  const body = request.body;
  if (body === null || typeof body !== 'object') throw new Error('a write without a body');
  return t.as(username, {
    method: request.method === 'PATCH' ? 'PATCH' : request.method === 'PUT' ? 'PUT' : 'POST',
    url: `/api/${request.path}`,
    payload: { ...body, ...extra },
    headers: { 'idempotency-key': newKey('single'), 'x-captured-at': new Date().toISOString() },
  });
}

async function newLoan(): Promise<number> {
  return insertContract(t.db, { clave_socio: member, fecha_inicio: addMonths(today(), -3) });
}

function paymentPayload(credito: number, sequence: number) {
  return {
    body: pagoBodyOf({
      credito,
      fecha_pago: today(),
      cantidad: 12_550,
      abono_capital: 12_550,
      interes_ord: 0,
      interes_mor: 0,
      fecha_banco: null,
      referencia_banco: null,
      ...receipt(sequence),
    }),
    author: { autor: promoterId, nombre_autor: 'promotor' },
  };
}

const ctx = { recordId: 'r', serverId: null };
/** The names an optimistic record shows (never sent). */
const NO_NAMES = {
  nombre_socio: '',
  region: 0,
  nombre_region: '',
  comunidad: 0,
  nombre_comunidad: '',
};

function movementPayload(sequence: number) {
  return {
    movimiento: movementBody({
      clave_socio: member,
      fecha_entrega: today(),
      monto: 30_000,
      proceso: 'CF',
      aportacion: true,
      ordinario: true,
      tipo_de_movimiento: 'EF',
      fecha_banco: null,
      referencia_banco: null,
      responsable_entrega: null,
      ...receipt(sequence),
    }),
    display: NO_NAMES,
  };
}

describe('captures: an unknown field is a 400 naming it; the app payload is stored', () => {
  it('POST /pagos/', async () => {
    const loan = await newLoan();
    const request = pagoCreateCommand.request(paymentPayload(loan, 1), ctx);
    const refused = await send(request, { autor: 1, descuento: '10' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ autor: NOT_KNOWN, descuento: NOT_KNOWN });
    const stored = await send(request, null);
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('PATCH /pagos/{id}.json (bank data)', async () => {
    const loan = await newLoan();
    const created = await send(pagoCreateCommand.request(paymentPayload(loan, 2), ctx), null);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const request = pagoBankCommand.request(
      {
        id,
        credito: loan,
        bank: { fecha_banco: today(), referencia_banco: 'DEP-1' },
        before: { fecha_banco: null, referencia_banco: null },
      },
      ctx,
    );
    const refused = await send(request, { cantidad: '1' }, 'coordinador');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ cantidad: NOT_KNOWN });
    const edited = await send(request, null, 'coordinador');
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('POST /acopios/', async () => {
    const request = acopioCreateCommand.request(
      {
        acopio: acopioBody({
          clave_socio: member,
          fecha: today(),
          tipo_de_producto: 'CF',
          kilos_de_producto: '120.50',
          ingreso: 843_575,
          ...receipt(3),
        }),
        display: NO_NAMES,
      },
      ctx,
    );
    const refused = await send(request, { precio: '70' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ precio: NOT_KNOWN });
    const stored = await send(request, null);
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('POST /movimientos/ and its bank edit', async () => {
    const request = movimientoCreateCommand.request(movementPayload(4), ctx);
    const refused = await send(request, { saldo: '0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ saldo: NOT_KNOWN });
    const stored = await send(request, null);
    expect(stored.statusCode, stored.body).toBe(201);
    const row = stored.json<{ id: number }>();

    const bank = movimientoBankCommand.request(
      {
        id: row.id,
        bank: { tipo_de_movimiento: 'TR', fecha_banco: today(), referencia_banco: 'TR-9' },
        before: stored.json(),
      },
      ctx,
    );
    const refusedEdit = await send(bank, { monto: '1' }, 'coordinador');
    expect(refusedEdit.statusCode).toBe(400);
    expect(refusedEdit.json()).toEqual({ monto: NOT_KNOWN });
    const edited = await send(bank, null, 'coordinador');
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('trip closings, queue reports, inbox marks', () => {
  it('POST /cierres-viaje/: the closing and each of its captures', async () => {
    const request = viajeCloseCommand.request(
      closingPayload(tripOf([]), { pago: 0, aportacion: 0, retiro: 0 }),
      ctx,
    );
    const refused = await send(request, { recibido: '0.00' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ recibido: NOT_KNOWN });
    const capture = { clave: newKey('cap'), tipo: 'pago', monto: '10.00', estado: 'rechazado' };
    const inner = await send(request, { capturas: [{ ...capture, socio: 1 }] });
    expect(inner.statusCode).toBe(400);
    expect(inner.json()).toEqual({ 'capturas.0.socio': NOT_KNOWN });
    const closed = await send(request, null);
    expect(closed.statusCode, closed.body).toBe(201);
  });

  it('POST /sync/queue-report/: the report and its entries', async () => {
    const report: QueueReportInput = {
      device: 'strict-device',
      counts: [{ kind: 'pago.create', state: 'pending', count: 2 }],
      oldest_captured_at: new Date().toISOString(),
      oldest_refused_at: null,
      discarded: [],
    };
    const request = { method: 'POST', path: 'sync/queue-report/', body: report };
    const refused = await send(request, { montos: [] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ montos: NOT_KNOWN });
    const entry = await send(request, {
      counts: [{ kind: 'pago.create', state: 'pending', count: 2, total: '5' }],
    });
    expect(entry.statusCode).toBe(400);
    expect(entry.json()).toEqual({ 'counts.0.total': NOT_KNOWN });
    const stored = await send(request, null);
    expect(stored.statusCode, stored.body).toBe(200);
  });

  it('POST /bandeja/revisados/: the body and its filter', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.as('coordinador', { method: 'POST', url: '/api/bandeja/revisados/', payload });
    const refused = await post({ ids: [1], todos: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ todos: NOT_KNOWN });
    const filter = await post({ filtro: { tipo: 'pago.create', socio_nombre: 'x' } });
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toEqual({ 'filtro.socio_nombre': NOT_KNOWN });
    // What the app sends (src/api/bandeja.ts): ids, or the filter's non-empty values.
    const marked = await post({ filtro: { tipo: 'pago.create' } });
    expect(marked.statusCode, marked.body).toBe(200);
  });
});

describe('the token calls', () => {
  it('login, refresh and logout each name a field they do not know', async () => {
    const login = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: '/api/token/', payload });
    const refusedLogin = await login({ username: 'promotor', password: DEMO_PASSWORD, rol: 'GE' });
    expect(refusedLogin.statusCode).toBe(400);
    expect(refusedLogin.json()).toEqual({ rol: NOT_KNOWN });
    const ok = await login({ username: 'promotor', password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const { refresh } = ok.json<{ refresh: string }>();
    for (const url of ['/api/token/refresh/', '/api/token/logout/']) {
      const res = await t.app.inject({ method: 'POST', url, payload: { refresh, todas: true } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ todas: NOT_KNOWN });
    }
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/token/logout/',
      payload: { refresh },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);
  });
});

/** An outbox row as the phone keeps it, for `batchWriteOf`. */
function outboxRow(kind: string, payload: unknown): OutboxRow {
  const id = newKey('row');
  const now = new Date().toISOString();
  return {
    id,
    seq: ++counter,
    deviceId: 'strict-device',
    userId: promoterId,
    kind,
    recordId: id,
    chainKey: `chain-${id}`,
    dependsOn: [],
    payload,
    capturedAt: now,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    result: null,
    serverId: null,
    supersedes: null,
    createdAt: now,
    updatedAt: now,
    sentAt: null,
    doneAt: null,
  };
}

describe('the batch push', () => {
  const push = (payload: Record<string, unknown>) =>
    t.as('promotor', { method: 'POST', url: '/api/sync/push/', payload });

  it('refuses unknown fields of the batch and of each write, naming them', async () => {
    const loan = await newLoan();
    const write = batchWriteOf(outboxRow('pago.create', paymentPayload(loan, 10)));
    if (!write) throw new Error('pago.create has no command');
    const top = await push({ writes: [write], dispositivo: 'x' });
    expect(top.statusCode).toBe(400);
    expect(top.json()).toEqual({ dispositivo: NOT_KNOWN });
    const item = await push({ writes: [{ ...write, prioridad: 1 }] });
    expect(item.statusCode).toBe(400);
    expect(item.json()).toEqual({ 'writes.0.prioridad': NOT_KNOWN });
  });

  it("answers a write's unknown body field as its single call, and the office sees why", async () => {
    const loan = await newLoan();
    const good = batchWriteOf(outboxRow('pago.create', paymentPayload(loan, 11)));
    const bad = batchWriteOf(outboxRow('movimiento.create', movementPayload(12)));
    if (!good || !bad || typeof bad.body !== 'object') throw new Error('unknown command');
    const res = await push({ writes: [good, { ...bad, body: { ...bad.body, saldo: '0' } }] });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = res.json<PushAnswer>().results;
    expect(first?.status).toBe(201);
    expect(second?.key).toBe(bad.key);
    expect(second?.status).toBe(400);
    expect(second?.body).toEqual({ saldo: NOT_KNOWN });

    const inbox = await t.as('coordinador', {
      method: 'GET',
      url: '/api/bandeja/?tipo=movimiento.create&estado=refused',
    });
    expect(inbox.statusCode, inbox.body).toBe(200);
    const refused = inbox
      .json<InboxPage>()
      .results.find((r) => r.user_id === promoterId && r.clave_socio === member);
    expect(refused?.rechazo?.motivo).toBe('Este campo no se puede modificar');
  });
});

describe("the office's contract writes: an unknown field is a 400 naming it; the form's values go through", () => {
  // The values each form hands its command: the form's schema output, as the screens parse them.
  it('PATCH /contratos/{id}.json (activation)', async () => {
    const loan = await insertContract(t.db, { clave_socio: member, fecha_inicio: null });
    const values = activationSchema().parse({
      fecha_inicio: today(),
      tipo_tasa: 'FI',
      estatus_ejecucion: 'CO',
      fecha_banco: '',
      referencia_banco: '',
    });
    const request = activateCommand.request(
      { id: loan, fondoComun: false, values, before: null },
      ctx,
    );
    const refused = await send(request, { monto: '99999.00' }, 'gerente');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ monto: NOT_KNOWN });
    const activated = await send(request, null, 'gerente');
    expect(activated.statusCode, activated.body).toBe(200);
  });

  it('PATCH /contratos/{id}/prorroga/ (extension)', async () => {
    const loan = await newLoan();
    const values = extensionSchema.parse({
      prorroga: '2',
      prorroga_justificacion: 'Cosecha tardía',
    });
    const request = extendCommand.request({ id: loan, values, before: null }, ctx);
    const refused = await send(request, { plazo: 24 }, 'gerente');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ plazo: NOT_KNOWN });
    const extended = await send(request, null, 'gerente');
    expect(extended.statusCode, extended.body).toBe(200);
  });

  it('POST /condonaciones/ (waiver)', async () => {
    // A waiver needs the capital paid: 8 months on a 6-month loan, capital paid today.
    const loan = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -8),
    });
    const pay = await t.as('gerente', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(loan, today(), { capital: '10000', ord: '100' }),
    });
    expect(pay.statusCode, pay.body).toBe(201);
    const values = waiverSchema.parse({ credito: loan, justificacion: 'Huracán' });
    const request = waiveCommand.request({ id: loan, values, before: null }, ctx);
    const refused = await send(request, { interes_ord: '0.00' }, 'gerente');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ interes_ord: NOT_KNOWN });
    const waived = await send(request, null, 'gerente');
    expect(waived.statusCode, waived.body).toBe(201);
  });
});

/**
 * Trip closings: `POST /api/cierres-viaje/` stores a promoter's closing once
 * under its Idempotency-Key, refuses malformed bodies with field errors, and the office's
 * `GET` recomputes what the server received of the captures each closing names: the amounts
 * of the accepted records those keys created, a refused or never-sent capture counting zero.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths } from '#domain/dates';
import type { TripClosingAnswer } from '#domain/trip-shapes';
import { tripClosingCaptures, tripClosings, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { insertContract, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
let member: number;
let keyCounter = 0;
const newKey = (label: string) => `trip-${label}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await makeTestApp();
  member = await activeMember(t, 1, ['CF']);
});
afterAll(async () => {
  await t.close();
});

function post(username: string, url: string, payload: unknown, key: string) {
  return t.as(username, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'idempotency-key': key, 'x-captured-at': new Date().toISOString() },
  });
}

const contribution = (monto: string) => ({
  clave_socio: member,
  fecha_entrega: today(),
  monto,
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: 'EF',
  fecha_banco: null,
  referencia_banco: null,
  responsable_entrega: null,
});

async function officeList(username = 'coordinador'): Promise<TripClosingAnswer[]> {
  const res = await t.as(username, { method: 'GET', url: '/api/cierres-viaje/' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TripClosingAnswer[]>();
}

describe('POST /cierres-viaje/', () => {
  it('recomputes received per kind from the accepted records the closing names', async () => {
    const loan = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    // Accepted: a payment of 250.50 and a contribution of 120.25.
    const payKey = newKey('pay');
    const paid = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(loan, today(), { capital: '250.50' }),
      payKey,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const contribKey = newKey('contrib');
    const given = await post('promotor', '/api/movimientos/', contribution('120.25'), contribKey);
    expect(given.statusCode, given.body).toBe(201);
    // Refused by the server: a payment on a contract that does not exist.
    const refusedKey = newKey('refused');
    const refused = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(999_999, today(), { capital: '40' }),
      refusedKey,
    );
    expect(refused.statusCode).toBe(400);
    // Still on the phone (never reached the server): a contribution of 30.
    const unsentKey = newKey('unsent');

    const closing = {
      desde: '2026-11-01T12:00:00.000Z',
      pagos: '290.50', // 250.50 sent + 40 the phone still counted as pending
      aportaciones: '150.25', // 120.25 sent + 30 pending
      retiros: '0',
      capturas: [
        { clave: payKey, tipo: 'pago', monto: '250.50', estado: 'enviado' },
        { clave: refusedKey, tipo: 'pago', monto: '40', estado: 'pendiente' },
        { clave: contribKey, tipo: 'aportacion', monto: '120.25', estado: 'enviado' },
        { clave: unsentKey, tipo: 'aportacion', monto: '30', estado: 'pendiente' },
        { clave: newKey('old-refusal'), tipo: 'pago', monto: '99', estado: 'rechazado' },
      ],
    };
    const res = await post('promotor', '/api/cierres-viaje/', closing, newKey('close'));
    expect(res.statusCode, res.body).toBe(201);
    const answer = res.json<TripClosingAnswer>();
    expect(answer.declarado).toEqual({
      pagos: '290.50',
      aportaciones: '150.25',
      retiros: '0.00',
    });
    expect(answer.recibido).toEqual({ pagos: '250.50', aportaciones: '120.25', retiros: '0.00' });
    expect(answer.capturas).toBe(4);
    expect(answer.capturas_recibidas).toBe(2);
    expect(answer.desde).toBe('2026-11-01T12:00:00.000Z');

    // The pending contribution arrives after the closing: the office now reads it as received.
    const late = await post('promotor', '/api/movimientos/', contribution('30'), unsentKey);
    expect(late.statusCode, late.body).toBe(201);
    const listed = (await officeList()).find((c) => c.id === answer.id)!;
    expect(listed.recibido).toEqual({ pagos: '250.50', aportaciones: '150.25', retiros: '0.00' });
    expect(listed.capturas_recibidas).toBe(3);
    expect(listed.nombre_promotor).not.toBe('');
  });

  it('counts a correction chain of any length, single calls and batch alike, in the closing that counted the original, once', async () => {
    const loan = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const sentKey = newKey('sent');
    const sent = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(loan, today(), { capital: '250' }),
      sentKey,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    // Pending at the closing, refused after it (no such contract).
    const firstKey = newKey('first');
    const closing = {
      desde: null,
      pagos: '2200.00',
      aportaciones: '0',
      retiros: '0',
      capturas: [
        { clave: sentKey, tipo: 'pago', monto: '250', estado: 'enviado' },
        { clave: firstKey, tipo: 'pago', monto: '1950', estado: 'pendiente' },
      ],
    };
    const closed = await post('promotor', '/api/cierres-viaje/', closing, newKey('close1'));
    expect(closed.statusCode, closed.body).toBe(201);
    const closingId = closed.json<TripClosingAnswer>().id;
    const refused = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(999_999, today(), { capital: '1950' }),
      firstKey,
    );
    expect(refused.statusCode).toBe(400);
    // Corrected in a batch push (refused again), then corrected by a single call (accepted).
    const secondKey = newKey('second');
    const batch = await t.as('promotor', {
      method: 'POST',
      url: '/api/sync/push/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({
        writes: [
          {
            key: secondKey,
            method: 'POST',
            path: '/api/pagos/',
            body: paymentBody(999_999, today(), { capital: '900', cantidad: '900' }),
            replaces: firstKey,
          },
        ],
      }),
    });
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json<{ results: { status: number }[] }>().results[0]!.status).toBe(400);
    const thirdKey = newKey('third');
    const corrected = await t.as('promotor', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(loan, today(), { capital: '860' }),
      headers: { 'idempotency-key': thirdKey, 'x-replaces-key': secondKey },
    });
    expect(corrected.statusCode, corrected.body).toBe(201);
    // The next trip: a new payment, and a phone that wrongly names the correction again.
    const laterKey = newKey('later');
    const later = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(loan, today(), { capital: '100' }),
      laterKey,
    );
    expect(later.statusCode, later.body).toBe(201);
    const next = await post(
      'promotor',
      '/api/cierres-viaje/',
      {
        desde: null,
        pagos: '960.00',
        aportaciones: '0',
        retiros: '0',
        capturas: [
          { clave: laterKey, tipo: 'pago', monto: '100', estado: 'enviado' },
          { clave: thirdKey, tipo: 'pago', monto: '860', estado: 'enviado' },
        ],
      },
      newKey('close2'),
    );
    expect(next.statusCode, next.body).toBe(201);

    const list = await officeList();
    const first = list.find((c) => c.id === closingId)!;
    expect(first.recibido).toEqual({ pagos: '1110.00', aportaciones: '0.00', retiros: '0.00' });
    expect(first.capturas_recibidas).toBe(2);
    const line = first.lineas.find((l) => l.clave === firstKey)!;
    expect(line.recibido).toBe('860.00');
    expect(line.correcciones.map((c) => [c.clave, c.reemplaza, c.aceptada, c.monto])).toEqual([
      [secondKey, firstKey, false, '900.00'],
      [thirdKey, secondKey, true, '860.00'],
    ]);
    // Counted once: the later closing receives only its own new payment.
    const second = list.find((c) => c.id === next.json<TripClosingAnswer>().id)!;
    expect(second.recibido.pagos).toBe('100.00');
    expect(second.lineas.find((l) => l.clave === thirdKey)!.recibido).toBe('0.00');
  });

  it('stores a closing once when the phone sends it again with the same key', async () => {
    const key = newKey('replay');
    const body = { desde: null, pagos: '0', aportaciones: '0', retiros: '0', capturas: [] };
    const first = await post('promotor', '/api/cierres-viaje/', body, key);
    const again = await post('promotor', '/api/cierres-viaje/', body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const id = first.json<TripClosingAnswer>().id;
    const rows = await t.db.select().from(tripClosings).where(eq(tripClosings.id, id));
    expect(rows).toHaveLength(1);
    const all = await officeList();
    expect(all.filter((c) => c.id === id)).toHaveLength(1);
  });

  it('does not count a capture of another user, even under a key that user used', async () => {
    const foreignKey = newKey('foreign');
    // The coordinator's own contribution: the promoter cannot claim it by naming its key.
    const made = await post('coordinador', '/api/movimientos/', contribution('77'), foreignKey);
    expect(made.statusCode, made.body).toBe(201);
    const res = await post(
      'promotor',
      '/api/cierres-viaje/',
      {
        desde: null,
        pagos: '0',
        aportaciones: '77',
        retiros: '0',
        capturas: [{ clave: foreignKey, tipo: 'aportacion', monto: '77', estado: 'enviado' }],
      },
      newKey('close-foreign'),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TripClosingAnswer>().recibido.aportaciones).toBe('0.00');
  });

  it('lets field staff close their own trips, and only the office read', async () => {
    const body = { desde: null, pagos: '0', aportaciones: '0', retiros: '0', capturas: [] };
    for (const username of ['visitante', 'socio']) {
      const res = await post(username, '/api/cierres-viaje/', body, newKey(username));
      expect(res.statusCode, username).toBe(403);
    }
    const byManager = await post('gerente', '/api/cierres-viaje/', body, newKey('ge'));
    expect(byManager.statusCode, byManager.body).toBe(201);
    const [manager] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    expect(byManager.json<TripClosingAnswer>().promotor).toBe(manager!.id);
    for (const username of ['promotor', 'socio']) {
      const res = await t.as(username, { method: 'GET', url: '/api/cierres-viaje/' });
      expect(res.statusCode, username).toBe(403);
    }
    for (const username of ['gerente', 'visitante']) {
      const ids = (await officeList(username)).map((c) => c.id);
      expect(ids).toContain(byManager.json<TripClosingAnswer>().id);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/cierres-viaje/' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers field staff their own closings only, with what the office received', async () => {
    const body = { desde: null, pagos: '0', aportaciones: '0', retiros: '0', capturas: [] };
    const mine = await post('promotor', '/api/cierres-viaje/', body, newKey('mine'));
    const theirs = await post('gerente', '/api/cierres-viaje/', body, newKey('theirs'));
    expect(mine.statusCode, mine.body).toBe(201);
    expect(theirs.statusCode, theirs.body).toBe(201);
    const res = await t.as('promotor', { method: 'GET', url: '/api/cierres-viaje/mios/' });
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json<TripClosingAnswer[]>().map((c) => c.id);
    expect(ids).toContain(mine.json<TripClosingAnswer>().id);
    expect(ids).not.toContain(theirs.json<TripClosingAnswer>().id);
    for (const username of ['visitante', 'socio']) {
      const refused = await t.as(username, { method: 'GET', url: '/api/cierres-viaje/mios/' });
      expect(refused.statusCode, username).toBe(403);
    }
  });

  it('answers 400 with field errors to malformed bodies, storing nothing', async () => {
    const before = (await t.db.select().from(tripClosingCaptures)).length;
    const closingsBefore = (await t.db.select().from(tripClosings)).length;
    const cases: [unknown, string[]][] = [
      [[], ['non_field_errors']],
      [{}, ['aportaciones', 'capturas', 'desde', 'pagos', 'retiros']],
      [
        {
          desde: 'ayer',
          pagos: 'x',
          aportaciones: '1.234',
          retiros: -1,
          capturas: 'none',
        },
        ['aportaciones', 'capturas', 'desde', 'pagos', 'retiros'],
      ],
      [
        {
          desde: null,
          pagos: '10',
          aportaciones: '0',
          retiros: '0',
          capturas: [{ clave: 'no spaces!', tipo: 'acopio', monto: '0', estado: 'perdido' }],
        },
        ['capturas.0.clave', 'capturas.0.estado', 'capturas.0.monto', 'capturas.0.tipo'],
      ],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as('promotor', {
        method: 'POST',
        url: '/api/cierres-viaje/',
        payload: JSON.stringify(payload),
        headers: { 'content-type': 'application/json', 'idempotency-key': newKey('bad') },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<Record<string, string[]>>()).sort()).toEqual(fields);
    }
    expect((await t.db.select().from(tripClosingCaptures)).length).toBe(before);
    expect((await t.db.select().from(tripClosings)).length).toBe(closingsBefore);
  });

  it('refuses totals that are not the sums of the counted captures, and a capture named twice', async () => {
    const key = newKey('dup');
    const res = await post(
      'promotor',
      '/api/cierres-viaje/',
      {
        desde: null,
        pagos: '100',
        aportaciones: '5',
        retiros: '0',
        capturas: [
          { clave: key, tipo: 'pago', monto: '60', estado: 'enviado' },
          { clave: key, tipo: 'pago', monto: '40', estado: 'pendiente' },
          { clave: newKey('r'), tipo: 'aportacion', monto: '5', estado: 'rechazado' },
        ],
      },
      newKey('mismatch'),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      capturas: ['La misma captura aparece más de una vez en el cierre.'],
      aportaciones: ['El total no es la suma de las capturas contadas (0).'],
    });
  });
});

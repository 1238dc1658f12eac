/**
 * The office's inbox of field work: `GET /api/bandeja/` lists the field writes the
 * server received (member, amount, kilos, delay), a keyset page at a time, filtered; a refusal
 * carries its reason and what followed (corrected → the replacing write via X-Replaces-Key,
 * discarded → the phone's reason from its queue report); `POST /bandeja/revisados/` marks by
 * id or by filter (CO, GE; VI reads only); `POST /sync/queue-report/` keeps a phone's counts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldPhonesAnswer, InboxPage } from '#domain/field-inbox';
import { addMonths } from '#domain/dates';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { activeMember } from './acopios-movimientos-helpers.ts';
import { insertContract, paymentBody, today } from './contratos-helpers.ts';

let t: TestApp;
let member: number;
let counter = 0;
const newKey = (label: string) => `inbox-${label}-${++counter}-${Date.now()}`;

beforeAll(async () => {
  t = await makeTestApp();
  member = await activeMember(t, 1, ['CF']);
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

function post(
  username: string,
  url: string,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  return t.as(username, {
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers,
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

async function inbox(query = '', username = 'coordinador', lang = 'es'): Promise<InboxPage> {
  const res = await t.as(username, {
    method: 'GET',
    url: `/api/bandeja/${query}`,
    headers: { 'accept-language': lang },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InboxPage>();
}

async function unreviewed(username = 'coordinador'): Promise<number> {
  const res = await t.as(username, { method: 'GET', url: '/api/bandeja/resumen/' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ sin_revisar: number }>().sin_revisar;
}

describe('the field inbox', () => {
  const keys = { paid: '', refused: '', corrected: '', contrib: '' };
  let loan = 0;

  beforeAll(async () => {
    loan = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    keys.contrib = newKey('contrib');
    const given = await post('promotor', '/api/movimientos/', contribution('120.25'), {
      'idempotency-key': keys.contrib,
      'x-captured-at': minutesAgo(90),
    });
    expect(given.statusCode, given.body).toBe(201);
    // Refused: a payment on a contract that does not exist.
    keys.refused = newKey('refused');
    const refused = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(999_999, today(), { capital: '40' }),
      {
        'idempotency-key': keys.refused,
        'x-captured-at': minutesAgo(60),
      },
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    // The correction names the refused key.
    keys.corrected = newKey('corrected');
    const fixed = await post(
      'promotor',
      '/api/pagos/',
      paymentBody(loan, today(), { capital: '40' }),
      {
        'idempotency-key': keys.corrected,
        'x-captured-at': minutesAgo(60),
        'x-replaces-key': keys.refused,
      },
    );
    expect(fixed.statusCode, fixed.body).toBe(201);
  });

  it('lists newest first with kind, member, amount, delay and the refusal linked to its correction', async () => {
    const page = await inbox();
    const [first, second, third] = page.results;
    expect(first?.kind).toBe('pago.create');
    expect(first?.status).toBe(201);
    expect(first?.clave_socio).toBe(member);
    expect(first?.monto).toBe('40.00');
    expect(first?.nombre_socio).toBeTruthy();
    expect(first?.retraso_min).toBeGreaterThanOrEqual(59);
    expect(first?.promotor).not.toBe('');
    expect(second?.status).toBe(400);
    expect(second?.rechazo?.desenlace).toBe('corrected');
    expect(second?.rechazo?.motivo).not.toBe('');
    expect(second?.rechazo?.motivo).not.toContain('server.');
    // Fields by their label, never the raw name (a payment's contract is "Crédito").
    expect(second?.rechazo?.motivo).not.toMatch(/\bcredito:/);
    expect(second?.rechazo?.reemplazo?.id).toBe(first?.id);
    expect(first?.reemplaza).toBe(second?.id);
    expect(third?.kind).toBe('movimiento.create');
    expect(third?.monto).toBe('120.25');
    expect(third?.retraso_min).toBeGreaterThanOrEqual(89);
  });

  it('pages by keyset and filters by kind, state, promoter and date', async () => {
    const one = await inbox('?limit=1');
    expect(one.results).toHaveLength(1);
    expect(one.next).not.toBeNull();
    const two = await inbox(`?limit=1&after=${one.next}`);
    expect(two.results[0]?.id).not.toBe(one.results[0]?.id);
    expect(two.results[0]?.status).toBe(400);

    expect((await inbox('?tipo=movimiento.create')).results.map((r) => r.kind)).toEqual([
      'movimiento.create',
    ]);
    expect((await inbox('?estado=corrected')).results.map((r) => r.status)).toEqual([400]);
    expect((await inbox('?estado=refused')).results).toEqual([]);
    const promoterId = one.results[0]!.user_id;
    expect((await inbox(`?promotor=${promoterId}`)).results).toHaveLength(3);
    expect((await inbox(`?promotor=${promoterId + 1000}`)).results).toHaveLength(0);
    expect((await inbox(`?hasta=2020-01-01`)).results).toHaveLength(0);
    expect((await inbox(`?desde=${today()}`)).results.length).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 with field errors for a malformed query', async () => {
    const res = await t.as('coordinador', {
      method: 'GET',
      url: '/api/bandeja/?estado=perdido&limit=0&after=zz&desde=ayer',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<Record<string, string[]>>();
    expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(['desde', 'estado', 'limit']));
  });

  it('shows a discarded refusal with the reason the phone reported, and keeps its queue', async () => {
    const key = newKey('discarded');
    const refused = await post(
      'promotor2',
      '/api/pagos/',
      paymentBody(999_998, today(), { capital: '10' }),
      {
        'idempotency-key': key,
        'x-captured-at': minutesAgo(5),
      },
    );
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    const stillThere = (await inbox('?estado=refused')).results;
    expect(stillThere.map((r) => r.rechazo?.desenlace)).toEqual(['on_phone']);

    const report = await post('promotor2', '/api/sync/queue-report/', {
      device: 'ABCD',
      counts: [{ kind: 'pago.create', state: 'blocked', count: 1 }],
      oldest_captured_at: minutesAgo(5),
      oldest_refused_at: new Date(Date.now() - 5 * 86_400_000).toISOString(),
      discarded: [{ key, reason: 'duplicate', at: new Date().toISOString() }],
    });
    expect(report.statusCode, report.body).toBe(200);
    const [row] = (await inbox('?estado=refused', 'coordinador', 'en')).results;
    expect(row?.rechazo?.desenlace).toBe('discarded');
    expect(row?.rechazo?.motivo_descarte).toBe('Entered twice');

    const phones = await t.as('visitante', { method: 'GET', url: '/api/bandeja/telefonos/' });
    expect(phones.statusCode, phones.body).toBe(200);
    const p2 = phones.json<FieldPhonesAnswer>().telefonos.find((p) => p.user_id === row?.user_id);
    expect(p2?.cola).toEqual([{ kind: 'pago.create', state: 'blocked', count: 1 }]);
    expect(p2?.rechazos_viejos).toBe(true);
    expect(p2?.silencioso).toBe(false);
  });

  it('refuses a malformed queue report with field errors and a visitor report with 403', async () => {
    const bad = await post('promotor', '/api/sync/queue-report/', {
      device: '',
      counts: [{ kind: 'x', state: 'lost', count: -1 }],
      oldest_captured_at: 'yesterday',
      oldest_refused_at: null,
      discarded: [{ key: 'no', reason: 'whim', at: 'x' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, string[]>>())).toEqual(
      expect.arrayContaining(['device', 'counts.0.state', 'oldest_captured_at', 'discarded.0.key']),
    );
    const notObject = await post('promotor', '/api/sync/queue-report/', [1, 2]);
    expect(notObject.statusCode).toBe(400);
    const vi = await post('visitante', '/api/sync/queue-report/', {
      device: 'ABCD',
      counts: [],
      oldest_captured_at: null,
      oldest_refused_at: null,
      discarded: [],
    });
    expect(vi.statusCode).toBe(403);
  });

  it('marks reviewed one by one or by filter (CO, GE), never by VI or PR', async () => {
    const before = await unreviewed('visitante');
    expect(before).toBe(4);
    const [newest] = (await inbox()).results;
    const one = await post('gerente', '/api/bandeja/revisados/', { ids: [newest!.id] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ marcados: number }>().marcados).toBe(1);
    const marked = (await inbox('?estado=reviewed')).results;
    expect(marked.map((r) => r.id)).toEqual([newest!.id]);
    expect(marked[0]?.revisado_por).toBeTruthy();
    expect(await unreviewed()).toBe(3);

    for (const who of ['visitante', 'promotor', 'socio']) {
      const res = await post(who, '/api/bandeja/revisados/', { ids: [newest!.id] });
      expect(res.statusCode, who).toBe(403);
    }
    const byKind = await post('coordinador', '/api/bandeja/revisados/', {
      filtro: { tipo: 'movimiento.create' },
    });
    expect(byKind.json<{ marcados: number }>().marcados).toBe(1);
    const all = await post('coordinador', '/api/bandeja/revisados/', { filtro: {} });
    expect(all.json<{ marcados: number }>().marcados).toBe(2);
    expect(await unreviewed()).toBe(0);
    expect((await inbox('?estado=new')).results).toEqual([]);
  });

  it('refuses a malformed review body with field errors', async () => {
    for (const payload of [{}, { ids: ['x'] }, { filtro: { estado: 'perdido' } }, { ids: [] }]) {
      const res = await post('coordinador', '/api/bandeja/revisados/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<Record<string, unknown>>()).not.toHaveProperty('detail');
    }
  });

  it('is read by the office only', async () => {
    for (const who of ['promotor', 'socio']) {
      const res = await t.as(who, { method: 'GET', url: '/api/bandeja/' });
      expect(res.statusCode, who).toBe(403);
    }
    for (const who of ['coordinador', 'gerente', 'visitante']) {
      const res = await t.as(who, { method: 'GET', url: '/api/bandeja/resumen/' });
      expect(res.statusCode, who).toBe(200);
    }
  });

  it('exports the list as filtered with typed cells', async () => {
    const res = await t.as('coordinador', {
      method: 'GET',
      url: '/api/bandejaXLSX?tipo=pago.create',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const XLSX = await import('@e965/xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet, { raw: true });
    expect(rows).toHaveLength(3);
    const money = rows.map((r) => r.monto).filter((v) => v !== undefined);
    expect(money).toContain(40);
    expect(rows.every((r) => typeof r.recibido_en === 'number')).toBe(true);
    expect(rows[0]?.tipo).toBe('Pago');
  });
});

/**
 * Credit requests: creation (docs/business-rules.md#credit-requests, the form's conditional rules
 * as field errors, duplicates, members and scope), the recent / all lists, the detail with its chat
 * and names, and replication to phones (a promoter pulls only its own requests).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullAnswer } from '#domain/sync-protocol';
import { solicitudes } from '#server/db/schema';
import type { CreditRequestDetail } from '#server/services/requests';
import type { Tuple } from '#tests/helpers/present';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  coffeeMembers,
  createRequestAs,
  memberNotInCoffee,
  requestBody,
  setState,
  userId,
} from './solicitudes-helpers.ts';

let t: TestApp;
let r1: Tuple<number, 3>;
let r2: Tuple<number, 2>;

beforeAll(async () => {
  t = await makeTestApp();
  r1 = await coffeeMembers(t, 1, 3);
  r2 = await coffeeMembers(t, 2, 2);
});
afterAll(async () => {
  await t.close();
});

const post = (username: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.as(username, {
    method: 'POST',
    url: '/api/solic-creditos/',
    payload: payload as object,
    headers,
  });

const get = (username: string, url: string) => t.as(username, { method: 'GET', url });

describe('POST /solic-creditos/', () => {
  it('creates a request in review with the caller as promoter, its comment in the chat and the capture stamps', async () => {
    const capturedAt = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const res = await post('promotor', requestBody(r1[0], r1[1]), {
      'x-captured-at': capturedAt,
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<CreditRequestDetail>();
    expect(created.folio_solicitud).toBeGreaterThan(0);
    expect(created).toMatchObject({
      clave_socio: r1[0],
      aval: r1[1],
      promotor: await userId(t, 'promotor'),
      estatus_solicitud: 'RV',
      estatus_evaluacion: 'RV',
      proceso: 'CF',
      proceso_nombre: 'Café',
      area_proceso: 'Café',
      tipo_credito_nombre: 'Microcrédito',
      mot_credito_nombre: 'Trabajo',
      act_productiva_nombre: 'Café',
      region: 1,
      contrato: null,
      capturado_en: capturedAt,
    });
    expect(created.monto_solicitado).toMatch(/^\d+\.50$/);
    expect(created.nombre_socio).not.toBe('');
    expect(created.aval_nombre).not.toBe('');
    expect(created.recibido_en).not.toBeNull();
    expect(created.chat).toHaveLength(1);
    expect(created.chat[0]).toMatchObject({ comentario: 'Socia cumplida' });
    expect(created.chat[0]!.user).not.toBe('');
    // The detail answers the same record.
    const detail = await get('promotor', `/api/solic-creditos/${created.folio_solicitud}.json`);
    expect(detail.json()).toEqual(created);
  });

  it('takes the comment from `chat` as the spec client sends it, and stores no chat without one', async () => {
    const viaChat = await createRequestAs(
      t,
      'coordinador',
      requestBody(r1[0], r1[1], { comentarios_promotor: undefined, chat: 'Va por chat' }),
    );
    expect(viaChat.chat.map((c) => c.comentario)).toEqual(['Va por chat']);
    expect(viaChat.promotor).toBe(await userId(t, 'coordinador'));
    const viaList = await createRequestAs(
      t,
      'gerente',
      requestBody(r1[0], r1[1], { comentarios_promotor: null, chat: [{ comentario: 'Lista' }] }),
    );
    expect(viaList.chat.map((c) => c.comentario)).toEqual(['Lista']);
    const silent = await createRequestAs(
      t,
      'promotor',
      requestBody(r1[0], r1[1], { comentarios_promotor: '' }),
    );
    expect(silent.chat).toEqual([]);
  });

  it('refuses members and visitors (403) and anonymous callers (401)', async () => {
    expect((await post('socio', requestBody(r1[0], r1[1]))).statusCode).toBe(403);
    expect((await post('visitante', requestBody(r1[0], r1[1]))).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/solic-creditos/',
      payload: requestBody(r1[0], r1[1]),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reports every conditional rule of the form as a field error', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ mot_credito: 'OT', mot_credito_otro: '' }, 'mot_credito_otro'],
      [{ mot_credito: 'TR', act_productiva: null }, 'act_productiva'],
      [{ act_productiva: 'OT', act_productiva_otro: '  ' }, 'act_productiva_otro'],
      [{ monto_solicitado: '0' }, 'monto_solicitado'],
      [{ monto_solicitado: '10000000' }, 'monto_solicitado'],
      [{ monto_solicitado: '10.555' }, 'monto_solicitado'],
      [{ plazo_de_pago_solicitado: 101 }, 'plazo_de_pago_solicitado'],
      [{ fecha_solicitud: '2999-01-01' }, 'fecha_solicitud'],
      [{ justificacion_credito: 'x'.repeat(101) }, 'justificacion_credito'],
      [{ familiar_responsable: '' }, 'familiar_responsable'],
      [{ proceso: 'XX' }, 'proceso'],
      [{ comentarios_promotor: 'y'.repeat(101) }, 'comentarios_promotor'],
    ];
    for (const [override, field] of cases) {
      const res = await post('promotor', requestBody(r1[0], r1[1], override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(res.json<Record<string, string[]>>()), JSON.stringify(override)).toEqual([
        field,
      ]);
    }
    const spanish = await post('promotor', requestBody(r1[0], r1[1], { mot_credito: 'OT' }));
    expect(spanish.json()).toEqual({ mot_credito_otro: ['Campo requerido'] });
  });

  it('applies the form transforms: CP forces reason TR, SA keeps the medical-emergency flag, others drop it', async () => {
    const cp = await createRequestAs(
      t,
      'promotor',
      requestBody(r1[0], r1[1], {
        tipo_credito: 'CP',
        mot_credito: 'OT',
        mot_credito_otro: 'algo',
        act_productiva: 'OT',
        act_productiva_otro: 'Panadería',
      }),
    );
    expect(cp).toMatchObject({
      tipo_credito: 'CP',
      mot_credito: 'TR',
      mot_credito_otro: null,
      act_productiva: 'OT',
      act_productiva_otro: 'Panadería',
    });
    const sa = await createRequestAs(
      t,
      'promotor',
      requestBody(r1[0], r1[1], { mot_credito: 'SA', emergencia_medica: true }),
    );
    expect(sa).toMatchObject({ mot_credito: 'SA', emergencia_medica: true, act_productiva: null });
    const ed = await createRequestAs(
      t,
      'promotor',
      requestBody(r1[0], r1[1], { mot_credito: 'ED', emergencia_medica: true }),
    );
    expect(ed).toMatchObject({ mot_credito: 'ED', emergencia_medica: false });
    const defaults = await createRequestAs(
      t,
      'promotor',
      requestBody(r1[0], r1[1], { tipo_credito: undefined, mot_credito: undefined }),
    );
    expect(defaults).toMatchObject({ tipo_credito: 'MC', mot_credito: 'TR' });
  });

  it('checks the members: guarantor ≠ applicant, both exist, applicant active in the process', async () => {
    const same = await post('promotor', requestBody(r1[0], r1[0]));
    expect(same.statusCode).toBe(400);
    expect(Object.keys(same.json<object>())).toEqual(['aval']);

    const noAval = await post('gerente', requestBody(r1[0], 999_999));
    expect(noAval.statusCode).toBe(400);
    expect(noAval.json()).toEqual({
      aval: ['No existe el socio 999999 que se indicó como aval.'],
    });

    const noMember = await post('gerente', requestBody(999_998, r1[1]));
    expect(noMember.json()).toEqual({ clave_socio: ['No existe el socio 999998.'] });

    const inactive = await post('gerente', requestBody(await memberNotInCoffee(t, 1), r1[1]));
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toEqual({
      proceso: ['El socio no está activo en el proceso Café.'],
    });
  });

  it('lets a promoter request only for members of its region (others look unknown)', async () => {
    const res = await post('promotor', requestBody(r2[0], r1[1]));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ clave_socio: [`No existe el socio ${r2[0]}.`] });
    // The same request is fine for the promoter of region 2 and for the office.
    await createRequestAs(t, 'promotor2', requestBody(r2[0], r2[1]));
    await createRequestAs(t, 'coordinador', requestBody(r2[0], r1[1]));
  });

  it('refuses a duplicate (same member, date and requested amount) in non_field_errors', async () => {
    const body = requestBody(r1[2], r1[1], { monto_solicitado: '777.00' });
    const first = await createRequestAs(t, 'promotor', body);
    const again = await post('coordinador', { ...body, monto_solicitado: '777' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      non_field_errors: [
        `Ya existe la solicitud ${first.folio_solicitud} de este socio con la misma fecha y el mismo monto solicitado.`,
      ],
    });
    await createRequestAs(t, 'promotor', { ...body, monto_solicitado: '777.01' });
    await createRequestAs(t, 'promotor', { ...body, fecha_solicitud: '2025-03-11' });
  });

  it('refuses unknown keys and malformed bodies with 400, never 500, and writes nothing', async () => {
    const [before] = await t.db.select({ n: sql<number>`count(*)::int` }).from(solicitudes);
    const extra = await post('promotor', {
      ...requestBody(r1[0], r1[1]),
      estatus_solicitud: 'AP',
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toEqual({ estatus_solicitud: ['Este campo no se puede modificar'] });
    for (const payload of [[], 'x', { clave_socio: 'abc' }, { chat: 5 }]) {
      const res = await post('promotor', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(solicitudes);
    expect(after).toEqual(before);
  });

  it('ignores read-only fields a client sends back', async () => {
    const res = await post('promotor', {
      ...requestBody(r1[0], r1[1]),
      folio_solicitud: 1,
      promotor: 999,
      aval_nombre: 'x',
      contrato: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<CreditRequestDetail>().promotor).toBe(await userId(t, 'promotor'));
    expect(res.json<CreditRequestDetail>().contrato).toBeNull();
  });
});

describe('lists and detail', () => {
  const folios = async (username: string, url: string) => {
    const res = await get(username, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CreditRequestDetail[]>();
  };

  it('recent = evaluation RV and not rejected; all = everything; newest request date first', async () => {
    const older = await createRequestAs(
      t,
      'coordinador',
      requestBody(r1[0], r1[1], { fecha_solicitud: '2024-01-05' }),
    );
    const newer = await createRequestAs(
      t,
      'coordinador',
      requestBody(r1[0], r1[1], { fecha_solicitud: '2025-05-20' }),
    );
    const rejected = await createRequestAs(t, 'coordinador', requestBody(r1[0], r1[1]));
    await setState(t, rejected.folio_solicitud, 'RE', 'RV');
    const negotiating = await createRequestAs(t, 'coordinador', requestBody(r1[0], r1[1]));
    await setState(t, negotiating.folio_solicitud, 'AP', 'NE');
    const approvedByDesk = await createRequestAs(t, 'coordinador', requestBody(r1[0], r1[1]));
    await setState(t, approvedByDesk.folio_solicitud, 'AP', 'RV');

    const recent = await folios('gerente', '/api/solic-creditos.json');
    const all = await folios('gerente', '/api/solic-creditos/all/');
    const recentIds = recent.map((r) => r.folio_solicitud);
    const allIds = all.map((r) => r.folio_solicitud);
    for (const r of recent) {
      expect(r.estatus_evaluacion).toBe('RV');
      expect(r.estatus_solicitud).not.toBe('RE');
    }
    expect(recentIds).toEqual(
      expect.arrayContaining([
        older.folio_solicitud,
        newer.folio_solicitud,
        approvedByDesk.folio_solicitud,
      ]),
    );
    expect(recentIds).not.toContain(rejected.folio_solicitud);
    expect(recentIds).not.toContain(negotiating.folio_solicitud);
    expect(allIds).toEqual(
      expect.arrayContaining([rejected.folio_solicitud, negotiating.folio_solicitud, ...recentIds]),
    );
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(solicitudes);
    expect(all).toHaveLength(count!.n);
    const dates = all.map((r) => r.fecha_solicitud);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(allIds.indexOf(newer.folio_solicitud)).toBeLessThan(
      allIds.indexOf(older.folio_solicitud),
    );
    // The visitor reads what the office reads.
    expect((await folios('visitante', '/api/solic-creditos/all/')).length).toBe(all.length);
  });

  it('a promoter lists and opens only its own requests; a member reads none', async () => {
    const mine = await createRequestAs(t, 'promotor', requestBody(r1[0], r1[1]));
    const theirs = await createRequestAs(t, 'promotor2', requestBody(r2[0], r2[1]));
    const own = await userId(t, 'promotor');
    for (const url of ['/api/solic-creditos.json', '/api/solic-creditos/all/']) {
      const rows = await folios('promotor', url);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.promotor === own)).toBe(true);
      expect(rows.map((r) => r.folio_solicitud)).toContain(mine.folio_solicitud);
      expect(rows.map((r) => r.folio_solicitud)).not.toContain(theirs.folio_solicitud);
      expect((await get('socio', url)).statusCode).toBe(403);
    }
    const otherDetail = await get('promotor', `/api/solic-creditos/${theirs.folio_solicitud}.json`);
    expect(otherDetail.statusCode).toBe(404);
    expect(otherDetail.json()).toEqual({ detail: 'No encontrado.' });
    expect(
      (await get('socio', `/api/solic-creditos/${mine.folio_solicitud}.json`)).statusCode,
    ).toBe(403);
    expect((await get('gerente', '/api/solic-creditos/99999999.json')).statusCode).toBe(404);
    expect((await get('gerente', '/api/solic-creditos/abc.json')).statusCode).toBe(404);
    expect(
      (await get('visitante', `/api/solic-creditos/${theirs.folio_solicitud}`)).statusCode,
    ).toBe(200);
  });
});

describe('replication (GET /sync/pull/)', () => {
  async function pulledRequests(username: string): Promise<CreditRequestDetail[]> {
    const rows: CreditRequestDetail[] = [];
    let cursor = '';
    for (;;) {
      const res = await get(username, `/api/sync/pull/?limit=5000&cursor=${cursor}`);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const page = res.json<PullAnswer>();
      rows.push(...((page.changes.solicitudes ?? []) as CreditRequestDetail[]));
      cursor = page.cursor;
      if (!page.hasMore) return rows;
    }
  }

  it('sends requests with their chat in the detail shape: promoter its own, office all, member none', async () => {
    const mine = await createRequestAs(t, 'promotor', requestBody(r1[0], r1[1]));
    const own = await userId(t, 'promotor');
    const promoterRows = await pulledRequests('promotor');
    expect(promoterRows.length).toBeGreaterThan(0);
    expect(promoterRows.every((r) => r.promotor === own)).toBe(true);
    const pulled = promoterRows.find((r) => r.folio_solicitud === mine.folio_solicitud);
    const detail = await get('promotor', `/api/solic-creditos/${mine.folio_solicitud}.json`);
    expect(pulled).toEqual(detail.json());

    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(solicitudes);
    expect(await pulledRequests('gerente')).toHaveLength(count!.n);
    expect(await pulledRequests('visitante')).toHaveLength(count!.n);
    expect(await pulledRequests('socio')).toEqual([]);
    const [own2] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(solicitudes)
      .where(eq(solicitudes.promotor, await userId(t, 'promotor2')));
    expect(await pulledRequests('promotor2')).toHaveLength(own2!.n);
  });

  it('a new chat comment sends the request again in the next delta', async () => {
    const created = await createRequestAs(t, 'promotor', requestBody(r1[0], r1[1]));
    let cursor = '';
    for (;;) {
      const page = (
        await get('promotor', `/api/sync/pull/?limit=5000&cursor=${cursor}`)
      ).json<PullAnswer>();
      cursor = page.cursor;
      if (!page.hasMore) break;
    }
    const rejected = await t.as('coordinador', {
      method: 'PATCH',
      url: `/api/solic-creditos/${created.folio_solicitud}.json`,
      payload: { estatus_solicitud: 'RE', comentarios_coordinador: 'Falta el INE del aval' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const delta = (
      await get('promotor', `/api/sync/pull/?limit=5000&cursor=${cursor}`)
    ).json<PullAnswer>();
    const rows = (delta.changes.solicitudes ?? []) as CreditRequestDetail[];
    expect(rows.map((r) => r.folio_solicitud)).toEqual([created.folio_solicitud]);
    expect(rows[0]!.estatus_solicitud).toBe('RE');
    expect(rows[0]!.chat.map((c) => c.comentario)).toEqual([
      'Socia cumplida',
      'Falta el INE del aval',
    ]);
  });
});

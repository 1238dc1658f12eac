/**
 * PATCH /solic-creditos/{folio}.json (docs/business-rules.md#credit-requests): every variant ×
 * every role with the status the permission data predicts, every variant refused from every other
 * state (400 naming the state), the form rules of each variant, the contract created by the
 * manager's approval in the same transaction (rolled back with it, never twice on a replay), and
 * the chat comment each accepted change appends.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvaluationStatus, RequestStatus } from '#domain/codes';
import { scopeFor } from '#domain/permissions';
import type { Role } from '#domain/roles';
import { contratos, idempotencyKeys, solicitudChat, solicitudes } from '#server/db/schema';
import type { CreditRequestDetail } from '#server/services/requests';
import type { Tuple } from '#tests/helpers/present';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  ALL_STATES,
  coffeeMembers,
  createRequestAs,
  requestBody,
  setState,
} from './solicitudes-helpers.ts';

let t: TestApp;
let r1: Tuple<number, 2>;

beforeAll(async () => {
  t = await makeTestApp();
  r1 = await coffeeMembers(t, 1, 2);
});
afterAll(async () => {
  await t.close();
});

const patch = (
  username: string,
  folio: number,
  payload: unknown,
  headers: Record<string, string> = {},
) =>
  t.as(username, {
    method: 'PATCH',
    url: `/api/solic-creditos/${folio}.json`,
    payload: payload as object,
    headers,
  });

/** A request of the region-1 promoter, put into a state. */
async function requestIn(
  state: readonly [RequestStatus, EvaluationStatus],
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const created = await createRequestAs(t, 'promotor', requestBody(r1[0], r1[1], overrides));
  await setState(t, created.folio_solicitud, state[0], state[1]);
  return created.folio_solicitud;
}

async function stored(folio: number) {
  const [row] = await t.db.select().from(solicitudes).where(eq(solicitudes.folio_solicitud, folio));
  return row!;
}

async function contractsOf(folio: number) {
  return t.db.select().from(contratos).where(eq(contratos.solicitud, folio));
}

const APPROVAL = {
  estatus_evaluacion: 'AP',
  monto_aprobado: '1500.50',
  plazo_aprobado: 12,
  tasa_aprobada: '1.5',
  tasa_mor_aprobada: '2.125',
  comentarios_gerente: 'Aprobado con monto menor',
};

interface Variant {
  name: string;
  action: 'review' | 'evaluate' | 'renegotiate' | 'resubmit';
  from: readonly [RequestStatus, EvaluationStatus];
  body: Record<string, unknown>;
  to: readonly [RequestStatus, EvaluationStatus];
  comment: string;
}

const VARIANTS: Variant[] = [
  {
    name: 'coordinator approval',
    action: 'review',
    from: ['RV', 'RV'],
    body: {
      estatus_solicitud: 'AP',
      pregunta_1: true,
      pregunta_2: true,
      pregunta_3: true,
      pregunta_4: true,
      irregularidades: '',
      comentarios_coordinador: 'Todo en orden',
    },
    to: ['AP', 'RV'],
    comment: 'Todo en orden',
  },
  {
    name: 'coordinator rejection',
    action: 'review',
    from: ['RV', 'RV'],
    body: { estatus_solicitud: 'RE', comentarios_coordinador: 'Falta documentación' },
    to: ['RE', 'RV'],
    comment: 'Falta documentación',
  },
  {
    name: 'manager approval',
    action: 'evaluate',
    from: ['AP', 'RV'],
    body: APPROVAL,
    to: ['AP', 'AP'],
    comment: 'Aprobado con monto menor',
  },
  {
    name: 'manager negotiation',
    action: 'evaluate',
    from: ['AP', 'RV'],
    body: { estatus_evaluacion: 'NE', comentarios_gerente: 'Bajar el monto' },
    to: ['AP', 'NE'],
    comment: 'Bajar el monto',
  },
  {
    name: 'manager permanent rejection',
    action: 'evaluate',
    from: ['AP', 'RV'],
    body: { estatus_evaluacion: 'CA', chat: [{ comentario: 'Deuda vencida' }] },
    to: ['AP', 'CA'],
    comment: 'Deuda vencida',
  },
  {
    name: 'promoter renegotiation',
    action: 'renegotiate',
    from: ['AP', 'NE'],
    body: { estatus_evaluacion: 'RV', comentarios_promotor: 'Acepta 1500' },
    to: ['AP', 'RV'],
    comment: 'Acepta 1500',
  },
  {
    name: 'resubmission after rejection',
    action: 'resubmit',
    from: ['RE', 'RV'],
    body: { estatus_solicitud: 'RV', chat: 'Ya trae el INE', plazo_de_pago_solicitado: 8 },
    to: ['RV', 'RV'],
    comment: 'Ya trae el INE',
  },
];

const CALLERS: { username: string; role: Role; owner: boolean }[] = [
  { username: 'socio', role: 'SO', owner: false },
  { username: 'promotor', role: 'PR', owner: true },
  { username: 'promotor2', role: 'PR', owner: false },
  { username: 'coordinador', role: 'CO', owner: false },
  { username: 'gerente', role: 'GE', owner: false },
  { username: 'visitante', role: 'VI', owner: false },
];

/** 403 without the right (VI: any write), 404 for another promoter's request, else 200. */
function expectedStatus(variant: Variant, caller: (typeof CALLERS)[number]): number {
  if (caller.role === 'VI') return 403;
  const scope = scopeFor(caller.role, 'solicitudes', variant.action);
  if (scope === 'none') return 403;
  if (scope === 'own' && !caller.owner) return 404;
  return 200;
}

describe('every variant × every role', () => {
  for (const variant of VARIANTS) {
    for (const caller of CALLERS) {
      const status = expectedStatus(variant, caller);
      it(`${variant.name} by ${caller.username} → ${status}`, async () => {
        const folio = await requestIn(variant.from);
        const before = await stored(folio);
        const res = await patch(caller.username, folio, variant.body);
        expect(res.statusCode, res.body).toBe(status);
        const after = await stored(folio);
        const chat = await t.db
          .select()
          .from(solicitudChat)
          .where(eq(solicitudChat.solicitud, folio));
        if (status === 200) {
          const answer = res.json<CreditRequestDetail>();
          expect([answer.estatus_solicitud, answer.estatus_evaluacion]).toEqual(variant.to);
          expect([after.estatus_solicitud, after.estatus_evaluacion]).toEqual(variant.to);
          expect(answer.chat.at(-1)).toMatchObject({ comentario: variant.comment });
          expect(chat).toHaveLength(2);
          expect(after.row_version).toBeGreaterThan(before.row_version);
          const contracts = await contractsOf(folio);
          expect(contracts).toHaveLength(variant.to[1] === 'AP' ? 1 : 0);
          expect(answer.contrato).toBe(contracts[0]?.id ?? null);
        } else {
          expect(after).toEqual(before);
          expect(chat).toHaveLength(1);
        }
      });
    }
  }
});

describe('every variant refused from every other state', () => {
  for (const variant of VARIANTS) {
    for (const state of ALL_STATES) {
      if (state[0] === variant.from[0] && state[1] === variant.from[1]) continue;
      it(`${variant.name} from ${state.join('/')} → 400 naming the state`, async () => {
        const folio = await requestIn(state);
        const res = await patch('gerente', folio, variant.body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toEqual({
          non_field_errors: [
            `No es posible en el estado actual de la solicitud: estatus_solicitud ${state[0]}, estatus_evaluacion ${state[1]}.`,
          ],
        });
        const row = await stored(folio);
        expect([row.estatus_solicitud, row.estatus_evaluacion]).toEqual(state);
        expect(await contractsOf(folio)).toHaveLength(0);
      });
    }
  }
});

describe('form rules of each variant reach the caller as field errors', () => {
  it('control desk: approving needs the four questions, rejecting needs a comment', async () => {
    const folio = await requestIn(['RV', 'RV']);
    const approve = await patch('coordinador', folio, {
      estatus_solicitud: 'AP',
      pregunta_1: true,
      pregunta_2: false,
      pregunta_3: null,
    });
    expect(approve.statusCode).toBe(400);
    expect(approve.json()).toEqual({
      pregunta_2: ['Marca las cuatro preguntas para aprobar'],
      pregunta_3: ['Marca las cuatro preguntas para aprobar'],
      pregunta_4: ['Marca las cuatro preguntas para aprobar'],
    });
    const reject = await patch('coordinador', folio, { estatus_solicitud: 'RE' });
    expect(reject.json()).toEqual({
      comentarios_coordinador: ['Por favor agrega algún comentario del porqué estás rechazando'],
    });
    const long = await patch('coordinador', folio, {
      estatus_solicitud: 'RE',
      comentarios_coordinador: 'z'.repeat(101),
      irregularidades: 'w'.repeat(101),
    });
    expect(Object.keys(long.json<object>()).sort()).toEqual([
      'comentarios_coordinador',
      'irregularidades',
    ]);
    const foreign = await patch('coordinador', folio, {
      estatus_solicitud: 'RE',
      comentarios_coordinador: 'x',
      monto_aprobado: '5',
    });
    expect(foreign.json()).toEqual({ monto_aprobado: ['Este campo no se puede modificar'] });
    const row = await stored(folio);
    expect(row.estatus_solicitud).toBe('RV');
  });

  it('the control desk stores questions and irregularities', async () => {
    const folio = await requestIn(['RV', 'RV']);
    const res = await patch('coordinador', folio, {
      ...VARIANTS[0]!.body,
      irregularidades: 'Firma distinta',
    });
    expect(res.json()).toMatchObject({
      pregunta_1: true,
      pregunta_4: true,
      irregularidades: 'Firma distinta',
      comentarios_coordinador: 'Todo en orden',
    });
  });

  it('evaluation: approval needs its four figures within bounds; NE and CA need a comment', async () => {
    const folio = await requestIn(['AP', 'RV']);
    const bare = await patch('gerente', folio, { estatus_evaluacion: 'AP' });
    expect(bare.json()).toEqual({
      monto_aprobado: ['Se requiere un número'],
      plazo_aprobado: ['Se requiere un número'],
      tasa_aprobada: ['Se requiere un número'],
      tasa_mor_aprobada: ['Se requiere un número'],
    });
    const bounds = await patch('gerente', folio, {
      ...APPROVAL,
      monto_aprobado: '10000000',
      plazo_aprobado: 241,
      tasa_aprobada: '1.12345',
      tasa_mor_aprobada: '100.01',
    });
    expect(Object.keys(bounds.json<object>()).sort()).toEqual([
      'monto_aprobado',
      'plazo_aprobado',
      'tasa_aprobada',
      'tasa_mor_aprobada',
    ]);
    expect(bounds.json<Record<string, string[]>>().tasa_aprobada).toEqual([
      'Debe ser un número con máximo 4 decimales',
    ]);
    expect((await patch('gerente', folio, { estatus_evaluacion: 'NE' })).json()).toEqual({
      comentarios_gerente: ['Por favor agrega algún comentario para enviar a Negociación'],
    });
    expect(
      (
        await patch('gerente', folio, { estatus_evaluacion: 'CA', comentarios_gerente: ' ' })
      ).json(),
    ).toEqual({
      comentarios_gerente: ['Por favor agrega algún comentario para rechazar permanentemente'],
    });
    expect((await patch('gerente', folio, { estatus_evaluacion: 'XX' })).statusCode).toBe(400);
    expect(await contractsOf(folio)).toHaveLength(0);
    expect((await stored(folio)).estatus_evaluacion).toBe('RV');
  });

  it('renegotiation and resubmission need a comment; a correction is checked like a new request', async () => {
    const negotiating = await requestIn(['AP', 'NE']);
    expect((await patch('promotor', negotiating, { estatus_evaluacion: 'RV' })).json()).toEqual({
      comentarios_promotor: ['Campo requerido'],
    });
    const rejected = await requestIn(['RE', 'RV']);
    expect((await patch('promotor', rejected, { estatus_solicitud: 'RV' })).json()).toEqual({
      comentarios_promotor: ['Campo requerido'],
    });
    const sameAval = await patch('promotor', rejected, {
      estatus_solicitud: 'RV',
      comentarios_promotor: 'corregido',
      aval: r1[0],
    });
    expect(Object.keys(sameAval.json<object>())).toEqual(['aval']);
    const reason = await patch('promotor', rejected, {
      estatus_solicitud: 'RV',
      comentarios_promotor: 'corregido',
      mot_credito: 'OT',
    });
    expect(reason.json()).toEqual({ mot_credito_otro: ['Campo requerido'] });
    expect((await stored(rejected)).estatus_solicitud).toBe('RE');
  });

  it('a resubmission stores the corrected fields and keeps the rest', async () => {
    const folio = await requestIn(['RE', 'RV']);
    const before = await stored(folio);
    const res = await patch('promotor', folio, {
      estatus_solicitud: 'RV',
      comentarios_promotor: 'Monto corregido',
      monto_solicitado: '2222.22',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      estatus_solicitud: 'RV',
      monto_solicitado: '2222.22',
      plazo_de_pago_solicitado: before.plazo_de_pago_solicitado,
      aval: before.aval,
      comentarios_promotor: 'Monto corregido',
    });
  });

  it('a body naming no decision is a 400 in non_field_errors', async () => {
    const folio = await requestIn(['RV', 'RV']);
    const res = await patch('gerente', folio, { comentarios_gerente: 'hola' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      non_field_errors: [
        'Indica estatus_solicitud o estatus_evaluacion para cambiar la solicitud.',
      ],
    });
    expect((await patch('gerente', folio, [])).statusCode).toBe(400);
    expect((await patch('gerente', 99_999_999, VARIANTS[0]!.body)).statusCode).toBe(404);
  });
});

describe("the manager's approval and its contract", () => {
  it('creates exactly one contract: DP, to collect (PC), the approved figures, no start date', async () => {
    const folio = await requestIn(['AP', 'RV']);
    const res = await patch('gerente', folio, APPROVAL);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<CreditRequestDetail>();
    const [contract, ...others] = await contractsOf(folio);
    expect(others).toEqual([]);
    expect(answer.contrato).toBe(contract!.id);
    expect(answer).toMatchObject({
      monto_aprobado: '1500.50',
      plazo_aprobado: 12,
      tasa_aprobada: '1.5000',
      tasa_mor_aprobada: '2.1250',
    });
    expect(contract).toMatchObject({
      clave_socio: r1[0],
      proceso: 'CF',
      tipo_credito: 'MC',
      monto: '1500.50',
      plazo: 12,
      prorroga: 0,
      tasa: '1.5000',
      tasa_moratoria: '2.1250',
      estatus: 'DP',
      estatus_ejecucion: 'PC',
      fondo_comun: false,
      fecha_inicio: null,
    });
    // The detail keeps answering the contract of the request.
    const detail = await t.as('gerente', { method: 'GET', url: `/api/solic-creditos/${folio}` });
    expect(detail.json<CreditRequestDetail>().contrato).toBe(contract!.id);
  });

  it('a common-fund (FC) request becomes a shared-fund contract', async () => {
    const folio = await requestIn(['AP', 'RV'], { tipo_credito: 'FC' });
    expect((await patch('gerente', folio, APPROVAL)).statusCode).toBe(200);
    const [contract] = await contractsOf(folio);
    expect(contract).toMatchObject({ tipo_credito: 'FC', fondo_comun: true });
  });

  it('a failing contract insert rolls the whole approval back', async () => {
    const folio = await requestIn(['AP', 'RV']);
    // A contract already tied to this request: the approval's insert breaks the unique index.
    await t.db.insert(contratos).values({
      solicitud: folio,
      clave_socio: r1[0],
      proceso: 'CF',
      tipo_credito: 'MC',
      monto: '1.00',
      plazo: 1,
      tasa: '1.0000',
      tasa_moratoria: '1.0000',
    });
    const before = await stored(folio);
    const res = await patch('gerente', folio, APPROVAL, { 'idempotency-key': 'approve-fails-01' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    const after = await stored(folio);
    expect(after).toEqual(before);
    expect(after.estatus_evaluacion).toBe('RV');
    expect(after.monto_aprobado).toBeNull();
    expect(await contractsOf(folio)).toHaveLength(1);
    const chat = await t.db.select().from(solicitudChat).where(eq(solicitudChat.solicitud, folio));
    expect(chat).toHaveLength(1);
    // A 5xx is not stored under the key: the same key may succeed later.
    const keys = await t.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'approve-fails-01'));
    expect(keys).toEqual([]);
  });

  it('replaying the approval with the same key answers the same and creates no second contract', async () => {
    const folio = await requestIn(['AP', 'RV']);
    const headers = { 'idempotency-key': `approve-${folio}-0001` };
    const first = await patch('gerente', folio, APPROVAL, headers);
    expect(first.statusCode, first.body).toBe(200);
    const again = await patch('gerente', folio, APPROVAL, headers);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await contractsOf(folio)).toHaveLength(1);
    const chat = await t.db.select().from(solicitudChat).where(eq(solicitudChat.solicitud, folio));
    expect(chat).toHaveLength(2);
    // A different key is a new decision on an approved request: refused by state.
    const other = await patch('gerente', folio, APPROVAL, {
      'idempotency-key': `approve-${folio}-0002`,
    });
    expect(other.statusCode).toBe(400);
    expect(await contractsOf(folio)).toHaveLength(1);
  });
});

describe('office view kinds', () => {
  it('each variant is recorded under its own kind', async () => {
    const expected: [Variant, string][] = [
      [VARIANTS[0]!, 'solicitud.review'],
      [VARIANTS[3]!, 'solicitud.evaluation'],
      [VARIANTS[5]!, 'solicitud.renegotiate'],
      [VARIANTS[6]!, 'solicitud.resubmit'],
    ];
    for (const [variant, kind] of expected) {
      const folio = await requestIn(variant.from);
      const key = `kind-${folio}-check`;
      const user = variant.action === 'evaluate' ? 'gerente' : 'coordinador';
      const res = await patch(user, folio, variant.body, { 'idempotency-key': key });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await t.db
        .select({ kind: idempotencyKeys.kind })
        .from(idempotencyKeys)
        .where(eq(idempotencyKeys.key, key));
      expect(row?.kind).toBe(kind);
    }
    const create = await t.as('promotor', {
      method: 'POST',
      url: '/api/solic-creditos/',
      payload: requestBody(r1[0], r1[1]),
      headers: { 'idempotency-key': 'create-kind-0001' },
    });
    expect(create.statusCode).toBe(201);
    const [row] = await t.db
      .select({ kind: idempotencyKeys.kind })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, 'create-kind-0001'));
    expect(row!.kind).toBe('solicitud.create');
  });
});

/**
 * The demo requests: every state of the workflow, chat from promoters and the office, a
 * promoter's requests only for members of its region, one contract per approved request
 * (shared fund for FC), and the same rows on every run.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comunidades,
  contratos,
  socios,
  solicitudChat,
  solicitudes,
  users,
} from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const fingerprint = async (app: TestApp) => {
  const rows = await app.db.select().from(solicitudes).orderBy(asc(solicitudes.folio_solicitud));
  const chat = await app.db
    .select({
      solicitud: solicitudChat.solicitud,
      user_id: solicitudChat.user_id,
      fecha: solicitudChat.fecha,
      comentario: solicitudChat.comentario,
    })
    .from(solicitudChat)
    .orderBy(asc(solicitudChat.id));
  return JSON.stringify([
    rows.map(({ row_version: _v, created_at: _c, updated_at: _u, ...r }) => r),
    chat,
  ]);
};

describe('demo requests', () => {
  it('cover every state with about forty requests', async () => {
    const rows = await t.db.select().from(solicitudes);
    expect(rows.length).toBe(40);
    const states = new Set(rows.map((r) => `${r.estatus_solicitud}/${r.estatus_evaluacion}`));
    expect([...states].sort()).toEqual(['AP/AP', 'AP/CA', 'AP/NE', 'AP/RV', 'RE/RV', 'RV/RV']);
  });

  it('come from both promoters and the coordinator, promoters only within their region', async () => {
    const rows = await t.db
      .select({
        username: users.username,
        promoterMember: users.clave_socio,
        region: comunidades.region,
      })
      .from(solicitudes)
      .innerJoin(users, eq(solicitudes.promotor, users.id))
      .innerJoin(socios, eq(solicitudes.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id));
    expect(new Set(rows.map((r) => r.username))).toEqual(
      new Set(['promotor', 'promotor2', 'coordinador']),
    );
    for (const r of rows) {
      if (r.username === 'promotor') expect(r.region).toBe(1);
      if (r.username === 'promotor2') expect(r.region).toBe(2);
    }
  });

  it('every approved request has exactly one contract DP / PC with its figures; no other has one', async () => {
    const rows = await t.db
      .select({ request: solicitudes, contract: contratos })
      .from(solicitudes)
      .leftJoin(contratos, eq(contratos.solicitud, solicitudes.folio_solicitud));
    expect(rows.length).toBe(40);
    for (const { request, contract } of rows) {
      if (request.estatus_evaluacion !== 'AP') {
        expect(contract).toBeNull();
        continue;
      }
      expect(contract).toMatchObject({
        clave_socio: request.clave_socio,
        monto: request.monto_aprobado,
        plazo: request.plazo_aprobado,
        tasa: request.tasa_aprobada,
        tasa_moratoria: request.tasa_mor_aprobada,
        estatus: 'DP',
        estatus_ejecucion: 'PC',
        fondo_comun: request.tipo_credito === 'FC',
      });
    }
  });

  it('carry a chat whose comments match the decisions taken', async () => {
    const detail = await t.as('gerente', { method: 'GET', url: '/api/solic-creditos/all/' });
    const list = detail.json<
      {
        estatus_solicitud: string;
        estatus_evaluacion: string;
        chat: { comentario: string }[];
        comentarios_coordinador: string | null;
      }[]
    >();
    expect(list).toHaveLength(40);
    for (const r of list) {
      if (r.estatus_solicitud === 'RE') {
        expect(r.comentarios_coordinador).not.toBeNull();
        expect(r.chat.map((c) => c.comentario)).toContain(r.comentarios_coordinador);
      }
      if (r.estatus_evaluacion === 'NE' || r.estatus_evaluacion === 'CA') {
        expect(r.chat.length).toBeGreaterThanOrEqual(2);
      }
    }
    expect(list.some((r) => r.chat.length >= 4)).toBe(true);
  });

  it('is the same on every run', async () => {
    const other = await makeTestApp();
    try {
      expect(await fingerprint(other)).toBe(await fingerprint(t));
    } finally {
      await other.close();
    }
  });
});

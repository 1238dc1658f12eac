/**
 * The office reports: each one reads its records with one or two set-based
 * queries — never a query per contract or per month — and hands them to the pure functions of
 * `#domain/reports/*`, which compute every figure in memory (the portfolio at each month end
 * through `#domain/portfolio` and `#domain/debt`, as /carteras does for one date).
 *
 * Filters: `region` is the member's region; `promotor` is, for the credit reports, the promoter
 * of the contract's request, or for a contract without one (migrated from paper) the promoter of
 * the member's region; for collections and savings the user who captured the record.
 */
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { todayIn, type IsoDate } from '#domain/dates';
import { collectionsByMonth, type CollectionRecord } from '#domain/reports/collections';
import { visitCoverage, type CoverageEvent, type CoveragePromise } from '#domain/reports/coverage';
import { creditFlows } from '#domain/reports/credit-flows';
import { requestFunnel, type FunnelRequest } from '#domain/reports/funnel';
import { monthEnd, monthsFromTo, type MonthKey } from '#domain/reports/months';
import { portfolioAtRisk } from '#domain/reports/portfolio-at-risk';
import { savingsByMonth } from '#domain/reports/savings';
import type { ReportAnswer, ReportFilters, ReportName } from '#domain/reports/shapes';
import { parseFixed } from '#domain/rules';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import {
  acopios,
  comunidades,
  contratos,
  movimientos,
  pagos,
  regiones,
  socios,
  solicitudChat,
  solicitudes,
  users,
  visitMarks,
} from '#server/db/schema';
import { cents, type CreditReader } from './credit-records.ts';
import { loadContractsBulk, loadDebtPaymentsBulk } from './credit-bulk.ts';
import { allOf } from '#server/db/conditions';

export interface ReportQuery {
  desde: MonthKey;
  hasta: MonthKey;
  region: number | null;
  promotor: number | null;
}

export interface ReportContext {
  db: Db;
  reader: CreditReader;
  today: IsoDate;
  timeZone: string;
}

const periodStart = (q: ReportQuery): IsoDate => `${q.desde}-01`;
const periodEnd = (q: ReportQuery): IsoDate => monthEnd(q.hasta);

const regionIs = (q: ReportQuery): SQL | undefined =>
  q.region === null ? undefined : eq(comunidades.region, q.region);

/**
 * The promoter's contracts (over contratos ⋈ socios ⋈ comunidades): those of the requests it
 * captured, and those without a request (migrated from paper) of members of its region — the
 * region of its own member record, as its phone's scope (docs/reports.md#calls-and-filters).
 */
const contractOfPromoter = (db: Db, q: ReportQuery): SQL | undefined =>
  q.promotor === null
    ? undefined
    : or(
        inArray(
          contratos.solicitud,
          db
            .select({ id: solicitudes.folio_solicitud })
            .from(solicitudes)
            .where(eq(solicitudes.promotor, q.promotor)),
        ),
        and(
          isNull(contratos.solicitud),
          sql`${comunidades.region} = (
            select pm.region from ${users} pu
              join ${socios} ps on ps.clave_socio = pu.clave_socio
              join ${comunidades} pm on pm.id = ps.comunidad
            where pu.id = ${q.promotor})`,
        ),
      );

/** Loans (no shared funds) of the filters, over contratos ⋈ socios ⋈ comunidades. */
const loansOf = (db: Db, q: ReportQuery): SQL[] =>
  [eq(contratos.fondo_comun, false), regionIs(q), contractOfPromoter(db, q)].filter(
    (c): c is SQL => c !== undefined,
  );

async function portfolioAtRiskReport(ctx: ReportContext, q: ReportQuery) {
  const { db } = ctx;
  const last = periodEnd(q) < ctx.today ? periodEnd(q) : ctx.today;
  // Disbursed by the last day measured and not settled before the first month's end.
  const where = allOf(
    eq(contratos.estatus_ejecucion, 'CO'),
    ...loansOf(db, q),
    isNotNull(contratos.fecha_inicio),
    lte(contratos.fecha_inicio, last),
    or(isNull(contratos.fecha_final), gte(contratos.fecha_final, monthEnd(q.desde))),
  );
  const [contracts, payments] = await Promise.all([
    loadContractsBulk(db, ctx.reader, where),
    loadDebtPaymentsBulk(db, ctx.reader, where, last),
  ]);
  const items = contracts.map((c) => ({
    id: c.id,
    region: c.region,
    fondo_comun: c.fondo_comun,
    contract: c.debt,
    payments: payments.get(c.id) ?? [],
  }));
  return portfolioAtRisk(items, monthsFromTo(q.desde, q.hasta), ctx.today);
}

async function creditFlowReport(ctx: ReportContext, q: ReportQuery) {
  const { db } = ctx;
  const from = periodStart(q);
  const to = periodEnd(q);
  const [lent, paid] = await Promise.all([
    db
      .select({
        fecha_inicio: contratos.fecha_inicio,
        estatus_ejecucion: contratos.estatus_ejecucion,
        monto: contratos.monto,
      })
      .from(contratos)
      .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(
        and(...loansOf(db, q), gte(contratos.fecha_inicio, from), lte(contratos.fecha_inicio, to)),
      ),
    db
      .select({
        fecha_pago: pagos.fecha_pago,
        abono_capital: pagos.abono_capital,
        interes_ord: pagos.interes_ord,
        interes_mor: pagos.interes_mor,
      })
      .from(pagos)
      .innerJoin(contratos, eq(pagos.credito, contratos.id))
      .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
      .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
      .where(and(...loansOf(db, q), gte(pagos.fecha_pago, from), lte(pagos.fecha_pago, to))),
  ]);
  return creditFlows(
    lent.map((c) => ({ ...c, monto: cents(c.monto) })),
    paid.map((p) => ({
      fecha_pago: p.fecha_pago,
      abono_capital: cents(p.abono_capital),
      interes_ord: cents(p.interes_ord),
      interes_mor: cents(p.interes_mor),
    })),
    monthsFromTo(q.desde, q.hasta),
  );
}

/** Stored kilos ("12.50") as hundredths of a kilo. */
function centikilos(text: string | null): number | null {
  if (text === null) return null;
  const units = parseFixed(text, 2);
  if (typeof units !== 'number') throw new Error(`stored kilos are not a number: ${text}`);
  return units;
}

const capturedBy = (column: typeof acopios.autor | typeof movimientos.autor, q: ReportQuery) =>
  q.promotor === null ? undefined : eq(column, q.promotor);

async function collectionReport(ctx: ReportContext, q: ReportQuery) {
  const rows = await ctx.db
    .select({
      fecha: acopios.fecha,
      tipo_de_producto: acopios.tipo_de_producto,
      region: comunidades.region,
      ingreso: acopios.ingreso,
      kilos: acopios.kilos_de_producto,
    })
    .from(acopios)
    .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        gte(acopios.fecha, periodStart(q)),
        lte(acopios.fecha, periodEnd(q)),
        regionIs(q),
        capturedBy(acopios.autor, q),
      ),
    );
  const records: CollectionRecord[] = rows.map((r) => ({
    fecha: r.fecha,
    tipo_de_producto: r.tipo_de_producto,
    region: r.region,
    ingreso: cents(r.ingreso),
    centikilos: centikilos(r.kilos),
  }));
  const names = new Map(
    (
      await ctx.db.select({ id: regiones.id, nombre: regiones.nombre_de_region }).from(regiones)
    ).map((r) => [r.id, r.nombre]),
  );
  return collectionsByMonth(records, monthsFromTo(q.desde, q.hasta)).map(
    ({ centikilos: kilos, ...row }) => ({
      ...row,
      nombre_region: names.get(row.region) ?? '',
      kilos: kilos / 100,
    }),
  );
}

async function savingsReport(ctx: ReportContext, q: ReportQuery) {
  const rows = await ctx.db
    .select({
      fecha_entrega: movimientos.fecha_entrega,
      aportacion: movimientos.aportacion,
      monto: movimientos.monto,
    })
    .from(movimientos)
    .innerJoin(socios, eq(movimientos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        gte(movimientos.fecha_entrega, periodStart(q)),
        lte(movimientos.fecha_entrega, periodEnd(q)),
        regionIs(q),
        capturedBy(movimientos.autor, q),
      ),
    );
  return savingsByMonth(
    rows.map((r) => ({ ...r, monto: cents(r.monto) })),
    monthsFromTo(q.desde, q.hasta),
  );
}

async function funnelReport(ctx: ReportContext, q: ReportQuery) {
  // The manager's approval is the request's last word: its latest comment in the conversation.
  const lastComment = ctx.db
    .select({
      solicitud: solicitudChat.solicitud,
      at: sql<Date | string>`max(${solicitudChat.fecha})`.as('at'),
    })
    .from(solicitudChat)
    .groupBy(solicitudChat.solicitud)
    .as('last_comment');
  const rows = await ctx.db
    .select({
      fecha_solicitud: solicitudes.fecha_solicitud,
      evaluacion: solicitudes.estatus_evaluacion,
      aprobada_en: lastComment.at,
      fecha_inicio: contratos.fecha_inicio,
      ejecucion: contratos.estatus_ejecucion,
      estatus: contratos.estatus,
      fecha_final: contratos.fecha_final,
    })
    .from(solicitudes)
    .innerJoin(socios, eq(solicitudes.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .leftJoin(contratos, eq(contratos.solicitud, solicitudes.folio_solicitud))
    .leftJoin(lastComment, eq(lastComment.solicitud, solicitudes.folio_solicitud))
    .where(
      and(
        gte(solicitudes.fecha_solicitud, periodStart(q)),
        lte(solicitudes.fecha_solicitud, periodEnd(q)),
        regionIs(q),
        q.promotor === null ? undefined : eq(solicitudes.promotor, q.promotor),
      ),
    )
    .orderBy(asc(solicitudes.folio_solicitud));
  const requests: FunnelRequest[] = rows.map((r) => {
    const aprobada = r.evaluacion === 'AP';
    const started = r.fecha_inicio !== null && r.ejecucion === 'CO' ? r.fecha_inicio : null;
    return {
      fecha_solicitud: r.fecha_solicitud,
      aprobada,
      fecha_aprobacion:
        aprobada && r.aprobada_en !== null ? todayIn(ctx.timeZone, new Date(r.aprobada_en)) : null,
      fecha_inicio: started,
      fecha_pagada: started && r.estatus === 'PA' ? r.fecha_final : null,
    };
  });
  return requestFunnel(requests);
}

/**
 * What promoters did in the period, each over its member's community: visit marks, payments,
 * movements and collections (the office's own captures are not visits).
 */
async function promoterActivity(db: Db, q: ReportQuery, from: string, to: string) {
  const byPromoter = (column: PgColumn) =>
    and(
      eq(users.role, 'PR'),
      regionIs(q),
      q.promotor === null ? undefined : eq(column, q.promotor),
    );
  return Promise.all([
    db
      .select({
        promotor: visitMarks.promotor,
        comunidad: socios.comunidad,
        clave_socio: visitMarks.clave_socio,
        fecha: visitMarks.fecha,
        tipo: visitMarks.tipo,
        fecha_promesa: visitMarks.fecha_promesa,
      })
      .from(visitMarks)
      .innerJoin(users, eq(users.id, visitMarks.promotor))
      .innerJoin(socios, eq(socios.clave_socio, visitMarks.clave_socio))
      .innerJoin(comunidades, eq(comunidades.id, socios.comunidad))
      .where(
        and(
          gte(visitMarks.fecha, from),
          lte(visitMarks.fecha, to),
          byPromoter(visitMarks.promotor),
        ),
      ),
    db
      .select({
        promotor: pagos.autor,
        comunidad: socios.comunidad,
        clave_socio: contratos.clave_socio,
        fecha: pagos.fecha_pago,
        cantidad: pagos.cantidad,
        fondo_comun: contratos.fondo_comun,
      })
      .from(pagos)
      .innerJoin(users, eq(users.id, pagos.autor))
      .innerJoin(contratos, eq(contratos.id, pagos.credito))
      .innerJoin(socios, eq(socios.clave_socio, contratos.clave_socio))
      .innerJoin(comunidades, eq(comunidades.id, socios.comunidad))
      .where(and(gte(pagos.fecha_pago, from), lte(pagos.fecha_pago, to), byPromoter(pagos.autor))),
    db
      .select({
        promotor: movimientos.autor,
        comunidad: socios.comunidad,
        clave_socio: movimientos.clave_socio,
        fecha: movimientos.fecha_entrega,
      })
      .from(movimientos)
      .innerJoin(users, eq(users.id, movimientos.autor))
      .innerJoin(socios, eq(socios.clave_socio, movimientos.clave_socio))
      .innerJoin(comunidades, eq(comunidades.id, socios.comunidad))
      .where(
        and(
          gte(movimientos.fecha_entrega, from),
          lte(movimientos.fecha_entrega, to),
          byPromoter(movimientos.autor),
        ),
      ),
    db
      .select({
        promotor: acopios.autor,
        comunidad: socios.comunidad,
        clave_socio: acopios.clave_socio,
        fecha: acopios.fecha,
      })
      .from(acopios)
      .innerJoin(users, eq(users.id, acopios.autor))
      .innerJoin(socios, eq(socios.clave_socio, acopios.clave_socio))
      .innerJoin(comunidades, eq(comunidades.id, socios.comunidad))
      .where(and(gte(acopios.fecha, from), lte(acopios.fecha, to), byPromoter(acopios.autor))),
  ]);
}

/**
 * Visit coverage (docs/community-visit.md#coverage). Four reads of what promoters did in the
 * period (marks, payments, movements, collections, each over its member's community), then the
 * promised members' payments and the visited communities' loans with their payments; the
 * figures are `#domain/reports/coverage`'s. Only promoters' rows: a payment the office records
 * is not a visit. `promotor` filters by who marked or captured; `region` by the member's.
 */
async function coverageReport(ctx: ReportContext, q: ReportQuery) {
  const { db } = ctx;
  const from = periodStart(q);
  const to = periodEnd(q);
  const [marks, paid, moved, delivered] = await promoterActivity(db, q, from, to);

  const events: CoverageEvent[] = [
    ...marks.map((m) => ({ ...m, kind: m.tipo })),
    // The author is known: the join with users kept only captures that have one.
    ...[...paid, ...moved, ...delivered].flatMap((c) =>
      c.promotor === null ? [] : [{ ...c, promotor: c.promotor, kind: 'captura' as const }],
    ),
  ];
  const promises: CoveragePromise[] = marks.flatMap((m) =>
    m.tipo === 'promesa' && m.fecha_promesa !== null
      ? [
          {
            promotor: m.promotor,
            clave_socio: m.clave_socio,
            fecha: m.fecha,
            fecha_promesa: m.fecha_promesa,
          },
        ]
      : [],
  );
  const promised = [...new Set(promises.map((p) => p.clave_socio))];
  const visited = [...new Set(events.map((e) => e.comunidad))];
  const loansWhere = allOf(
    eq(contratos.fondo_comun, false),
    eq(contratos.estatus_ejecucion, 'CO'),
    isNotNull(contratos.fecha_inicio),
    lte(contratos.fecha_inicio, to),
    inArray(socios.comunidad, visited),
  );
  const [memberPayments, contracts, loanPayments, names] = await Promise.all([
    promised.length === 0
      ? []
      : db
          .select({ clave_socio: contratos.clave_socio, fecha_pago: pagos.fecha_pago })
          .from(pagos)
          .innerJoin(contratos, eq(contratos.id, pagos.credito))
          .where(and(inArray(contratos.clave_socio, promised), gte(pagos.fecha_pago, from))),
    visited.length === 0 ? [] : loadContractsBulk(db, ctx.reader, loansWhere),
    visited.length === 0
      ? new Map<number, never[]>()
      : loadDebtPaymentsBulk(db, ctx.reader, loansWhere, to),
    promoterNames(db),
  ]);
  return visitCoverage({
    events,
    collected: paid
      .filter((p) => !p.fondo_comun)
      .map((p) => ({ promotor: p.promotor, fecha_pago: p.fecha, cantidad: cents(p.cantidad) })),
    promises,
    memberPayments,
    loans: contracts.map((c) => ({
      comunidad: c.comunidad,
      contract: c.debt,
      payments: loanPayments.get(c.id) ?? [],
    })),
    names,
    months: monthsFromTo(q.desde, q.hasta),
    today: ctx.today,
  });
}

const REPORT_ROWS = {
  'cartera-riesgo': portfolioAtRiskReport,
  colocacion: creditFlowReport,
  acopios: collectionReport,
  ahorro: savingsReport,
  embudo: funnelReport,
  cobertura: coverageReport,
} satisfies {
  [R in ReportName]: (ctx: ReportContext, q: ReportQuery) => Promise<ReportAnswer<R>['filas']>;
};

/** One report over the period and filters of `q`. */
export async function reportAnswer<R extends ReportName>(
  report: R,
  ctx: ReportContext,
  q: ReportQuery,
): Promise<{ desde: MonthKey; hasta: MonthKey; filas: ReportAnswer<R>['filas'] }> {
  const rows: (ctx: ReportContext, q: ReportQuery) => Promise<ReportAnswer<R>['filas']> =
    REPORT_ROWS[report];
  return { desde: q.desde, hasta: q.hasta, filas: await rows(ctx, q) };
}

/** The users a report may be filtered by: promoters, by name. */
async function promoters(db: Db) {
  const rows = await db
    .select({
      id: users.id,
      first: users.first_name,
      last: users.last_name,
      username: users.username,
    })
    .from(users)
    .where(eq(users.role, 'PR'))
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
  return rows.map((u) => ({
    id: u.id,
    nombre: `${u.first} ${u.last}`.trim() || u.username,
  }));
}

async function promoterNames(db: Db): Promise<Map<number, string>> {
  return new Map((await promoters(db)).map((p) => [p.id, p.nombre]));
}

export async function reportFilters(db: Db): Promise<ReportFilters> {
  const [regionRows, promoterRows] = await Promise.all([
    db
      .select({ id: regiones.id, nombre: regiones.nombre_de_region })
      .from(regiones)
      .orderBy(asc(regiones.id)),
    promoters(db),
  ]);
  return { regiones: regionRows, promotores: promoterRows };
}

/** Whether `id` is a promoter (the only users a report is filtered by). */
export async function isPromoter(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'PR')));
  return row !== undefined;
}

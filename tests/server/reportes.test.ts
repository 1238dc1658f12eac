/**
 * Office reports: every figure of the five reports checked against the same
 * figure computed here in plain SQL over the demo data (PostgreSQL's own date arithmetic for
 * month ends and due dates, sums over the stored decimals) — never through #domain/reports.
 *
 * The demo's contracts from requests are never started, so two of promoter "promotor"'s
 * approved contracts are started here (one later paid off): the funnel's later steps and the
 * promoter filter of the credit reports then have something to count.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { contratos, solicitudes, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const DESDE = '2024-01';
const HASTA = '2025-12';
const TZ = 'America/Mexico_City';

let t: TestApp;
let promoterId = 0;

const num = z.coerce.number();

async function rowsOf<S extends z.ZodType>(row: S, query: SQL): Promise<z.output<S>[]> {
  return z.object({ rows: z.array(row) }).parse(await t.db.execute(query)).rows;
}

/** Cents of an SQL numeric sum (exact: the sum of two-decimal values times 100). */
const centsOf = (expr: SQL) => sql`coalesce(round(${expr} * 100), 0)::bigint`;

interface Filters {
  region?: number;
  promotor?: number;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? null : Math.round((part / whole) * 10_000) / 100;

async function report(name: string, filters: Filters = {}, who = 'coordinador') {
  const params = new URLSearchParams({ desde: DESDE, hasta: HASTA });
  if (filters.region !== undefined) params.set('region', String(filters.region));
  if (filters.promotor !== undefined) params.set('promotor', String(filters.promotor));
  const res = await t.as(who, { method: 'GET', url: `/api/reportes/${name}/?${params}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const body = z
    .object({
      desde: z.string(),
      hasta: z.string(),
      filas: z.array(z.record(z.string(), z.unknown())),
    })
    .parse(res.json());
  expect([body.desde, body.hasta]).toEqual([DESDE, HASTA]);
  return body.filas;
}

/** WHERE parts over contratos c ⋈ socios s ⋈ comunidades m for the filters. */
function contractFilter(f: Filters): SQL {
  return sql`${f.region === undefined ? sql`true` : sql`m.region = ${f.region}`}
    and ${
      f.promotor === undefined
        ? sql`true`
        : // Its requests' contracts, and those without a request of its own member's region.
          sql`(c.solicitud in (select folio_solicitud from solicitudes where promotor = ${f.promotor})
               or (c.solicitud is null and m.region = (
                 select pm.region from users pu
                   join socios ps on ps.clave_socio = pu.clave_socio
                   join comunidades pm on pm.id = ps.comunidad
                 where pu.id = ${f.promotor})))`
    }`;
}

const FILTER_CASES: [string, () => Filters][] = [
  ['every region and promoter', () => ({})],
  ['region 1', () => ({ region: 1 })],
  ['promoter "promotor"', () => ({ promotor: promoterId })],
];

beforeAll(async () => {
  t = await makeTestApp();
  const [promoter] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'promotor'));
  promoterId = promoter!.id;
  // Two approved requests of the promoter, oldest first: start their 3-month contracts 20 days
  // after the request (FI), and pay the second off 100 days later; the first falls overdue.
  const approved = await rowsOf(
    z.object({ id: num, fecha: z.string() }),
    sql`select c.id, to_char(r.fecha_solicitud, 'YYYY-MM-DD') as fecha
        from contratos c join solicitudes r on r.folio_solicitud = c.solicitud
        where r.promotor = ${promoterId} and not c.fondo_comun
        order by r.fecha_solicitud, c.id limit 2`,
  );
  expect(approved).toHaveLength(2);
  // The demo's collections and movements carry no author: give the promoter every third one
  // of its region's, so filtering by who captured them has something to keep and to drop.
  for (const table of ['acopios', 'movimientos'] as const) {
    await t.db.execute(
      sql`update ${sql.identifier(table)} x set autor = ${promoterId}
          from socios s join comunidades m on m.id = s.comunidad
          where s.clave_socio = x.clave_socio and m.region = 1 and x.id % 3 = 0`,
    );
  }
  for (const [i, c] of approved.entries()) {
    await t.db
      .update(contratos)
      .set({
        fecha_inicio: sql`(${c.fecha}::date + 20)`,
        estatus_ejecucion: 'CO',
        tipo_tasa: 'FI',
        plazo: 3,
        ...(i === 1 && { estatus: 'PA', fecha_final: sql`(${c.fecha}::date + 120)` }),
      })
      .where(eq(contratos.id, c.id));
  }
});
afterAll(async () => {
  await t.close();
});

describe('portfolio at risk', () => {
  /** PAR per month end in one query: capital and days late from PostgreSQL's own arithmetic. */
  async function expected(f: Filters) {
    return rowsOf(
      z.object({
        mes: z.string(),
        fecha: z.string(),
        contratos: num,
        cartera: num,
        contratos_30: num,
        vencida_30: num,
        contratos_90: num,
        vencida_90: num,
      }),
      sql`with ends as (
            select (g + interval '1 month' - interval '1 day')::date as d
            from generate_series(${`${DESDE}-01`}::date, ${`${HASTA}-01`}::date, interval '1 month') g
          ), loans as (
            select e.d, c.monto - coalesce((select sum(p.abono_capital) from pagos p
                      where p.credito = c.id and p.fecha_pago <= e.d), 0) as capital,
                   e.d - (c.fecha_inicio + make_interval(months => c.plazo + c.prorroga))::date as late
            from ends e
            join contratos c on c.fecha_inicio <= e.d
            join socios s on s.clave_socio = c.clave_socio
            join comunidades m on m.id = s.comunidad
            where not c.fondo_comun and c.estatus_ejecucion = 'CO'
              and (c.estatus = 'DP' or (c.fecha_final is not null and c.fecha_final > e.d))
              and ${contractFilter(f)}
          )
          select to_char(e.d, 'YYYY-MM') as mes, to_char(e.d, 'YYYY-MM-DD') as fecha,
                 count(l.capital) as contratos, ${centsOf(sql`sum(l.capital)`)} as cartera,
                 count(l.capital) filter (where l.late > 30) as contratos_30,
                 ${centsOf(sql`sum(l.capital) filter (where l.late > 30)`)} as vencida_30,
                 count(l.capital) filter (where l.late > 90) as contratos_90,
                 ${centsOf(sql`sum(l.capital) filter (where l.late > 90)`)} as vencida_90
          from ends e left join loans l on l.d = e.d
          group by e.d order by e.d`,
    );
  }

  it.each(FILTER_CASES)('PAR 30 and PAR 90 at each month end (%s)', async (_name, filters) => {
    const f = filters();
    const want = (await expected(f)).map((r) => ({
      ...r,
      par30: percent(r.vencida_30, r.cartera),
      par90: percent(r.vencida_90, r.cartera),
    }));
    expect(want).toHaveLength(24);
    expect(await report('cartera-riesgo', f)).toEqual(want);
  });

  it('the demo has loans in the portfolio and loans over 30 and 90 days late', async () => {
    const all = await expected({});
    expect(all.some((r) => r.vencida_30 > 0 && r.vencida_30 < r.cartera)).toBe(true);
    expect(all.some((r) => r.vencida_90 > 0)).toBe(true);
    expect(all.some((r) => r.vencida_30 > r.vencida_90)).toBe(true);
    const promoters = await expected({ promotor: promoterId });
    expect(promoters.some((r) => r.vencida_90 > 0)).toBe(true);
    expect(promoters.some((r) => r.cartera > 0 && r.vencida_30 === 0)).toBe(true);
  });
});

describe('promoter filter of the credit reports', () => {
  it("reaches its requests' contracts and the paper contracts of its region, not others", async () => {
    const [counts] = await rowsOf(
      z.object({ own: num, paper: num, elsewhere: num, region: num.nullable() }),
      sql`select
            count(*) filter (where c.solicitud in
              (select folio_solicitud from solicitudes where promotor = ${promoterId})) as own,
            count(*) filter (where c.solicitud is null and m.region = pr.region) as paper,
            count(*) filter (where c.solicitud is null and m.region <> pr.region) as elsewhere,
            max(pr.region) as region
          from contratos c
          join socios s on s.clave_socio = c.clave_socio
          join comunidades m on m.id = s.comunidad
          cross join (select pm.region from users pu
                        join socios ps on ps.clave_socio = pu.clave_socio
                        join comunidades pm on pm.id = ps.comunidad
                      where pu.id = ${promoterId}) pr
          where not c.fondo_comun and c.estatus_ejecucion = 'CO'
            and c.fecha_inicio <= ${`${HASTA}-28`}::date`,
    );
    // The demo's promoter has a region, paper contracts in it and elsewhere, and its own two.
    expect(counts!.region).not.toBeNull();
    expect(counts!.own).toBe(2);
    expect(counts!.paper).toBeGreaterThan(counts!.own);
    expect(counts!.elsewhere).toBeGreaterThan(0);
    // Disbursed in the period: the promoter's lent count is its own plus its region's paper
    // contracts started then, never another region's.
    const lent = await rowsOf(
      z.object({ n: num }),
      sql`select count(*) as n from contratos c
          join socios s on s.clave_socio = c.clave_socio
          join comunidades m on m.id = s.comunidad
          where not c.fondo_comun and c.estatus_ejecucion = 'CO'
            and c.fecha_inicio between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
            and ${contractFilter({ promotor: promoterId })}`,
    );
    const rows = await report('colocacion', { promotor: promoterId });
    const counted = rows.reduce((n, r) => n + Number(r.desembolsos ?? 0), 0);
    expect(lent[0]!.n).toBeGreaterThan(2);
    expect(counted).toBe(lent[0]!.n);
  });
});

describe('disbursements and recoveries', () => {
  it.each(FILTER_CASES)('per month (%s)', async (_name, filters) => {
    const f = filters();
    const lent = await rowsOf(
      z.object({ mes: z.string(), n: num, monto: num }),
      sql`select to_char(c.fecha_inicio, 'YYYY-MM') as mes, count(*) as n,
                 ${centsOf(sql`sum(c.monto)`)} as monto
          from contratos c join socios s on s.clave_socio = c.clave_socio
          join comunidades m on m.id = s.comunidad
          where not c.fondo_comun and c.estatus_ejecucion = 'CO'
            and c.fecha_inicio between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
            and ${contractFilter(f)}
          group by 1`,
    );
    const paid = await rowsOf(
      z.object({ mes: z.string(), n: num, cap: num, ord: num, mor: num, total: num }),
      sql`select to_char(p.fecha_pago, 'YYYY-MM') as mes, count(*) as n,
                 ${centsOf(sql`sum(p.abono_capital)`)} as cap,
                 ${centsOf(sql`sum(p.interes_ord)`)} as ord,
                 ${centsOf(sql`sum(p.interes_mor)`)} as mor,
                 ${centsOf(sql`sum(p.cantidad)`)} as total
          from pagos p join contratos c on c.id = p.credito
          join socios s on s.clave_socio = c.clave_socio
          join comunidades m on m.id = s.comunidad
          where not c.fondo_comun
            and p.fecha_pago between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
            and ${contractFilter(f)}
          group by 1`,
    );
    const rows = await report('colocacion', f);
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      const l = lent.find((r) => r.mes === row.mes);
      const p = paid.find((r) => r.mes === row.mes);
      expect(row).toEqual({
        mes: row.mes,
        desembolsos: l?.n ?? 0,
        desembolsado: l?.monto ?? 0,
        pagos: p?.n ?? 0,
        capital: p?.cap ?? 0,
        interes_ordinario: p?.ord ?? 0,
        interes_moratorio: p?.mor ?? 0,
        recuperado: p?.total ?? 0,
      });
    }
    // Every month of the period, in order, and the filter leaves something to count.
    expect(rows.map((r) => r.mes)).toEqual([...rows.map((r) => String(r.mes))].sort());
    expect(lent.length + paid.length).toBeGreaterThan(0);
  });
});

describe('collections', () => {
  const capturedBy = (f: Filters) =>
    f.promotor === undefined ? sql`true` : sql`a.autor = ${f.promotor}`;

  it.each(FILTER_CASES)('kg and income per month, product and region (%s)', async (_n, filters) => {
    const f = filters();
    const want = await rowsOf(
      z.object({
        mes: z.string(),
        producto: z.string(),
        region: num,
        nombre_region: z.string(),
        entregas: num,
        kilos: num,
        ingreso: num,
      }),
      sql`select to_char(a.fecha, 'YYYY-MM') as mes, a.tipo_de_producto as producto,
                 m.region, g.nombre_de_region as nombre_region, count(*) as entregas,
                 coalesce(sum(a.kilos_de_producto), 0)::text as kilos,
                 ${centsOf(sql`sum(a.ingreso)`)} as ingreso
          from acopios a join socios s on s.clave_socio = a.clave_socio
          join comunidades m on m.id = s.comunidad join regiones g on g.id = m.region
          where a.fecha between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
            and ${f.region === undefined ? sql`true` : sql`m.region = ${f.region}`}
            and ${capturedBy(f)}
          group by 1, 2, 3, 4 order by 1, 2, 3`,
    );
    expect(want.length).toBeGreaterThan(0);
    expect(await report('acopios', f)).toEqual(want);
  });
});

describe('savings', () => {
  it.each(FILTER_CASES)('contributions against withdrawals per month (%s)', async (_n, filters) => {
    const f = filters();
    const sums = await rowsOf(
      z.object({ mes: z.string(), aportacion: z.boolean(), n: num, monto: num }),
      sql`select to_char(v.fecha_entrega, 'YYYY-MM') as mes, v.aportacion, count(*) as n,
                 ${centsOf(sql`sum(v.monto)`)} as monto
          from movimientos v join socios s on s.clave_socio = v.clave_socio
          join comunidades m on m.id = s.comunidad
          where v.fecha_entrega between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
            and ${f.region === undefined ? sql`true` : sql`m.region = ${f.region}`}
            and ${f.promotor === undefined ? sql`true` : sql`v.autor = ${f.promotor}`}
          group by 1, 2`,
    );
    expect(sums.length).toBeGreaterThan(0);
    const rows = await report('ahorro', f);
    expect(rows).toHaveLength(24);
    for (const row of rows) {
      const inflow = sums.find((s) => s.mes === row.mes && s.aportacion);
      const outflow = sums.find((s) => s.mes === row.mes && !s.aportacion);
      expect(row).toEqual({
        mes: row.mes,
        n_aportaciones: inflow?.n ?? 0,
        aportaciones: inflow?.monto ?? 0,
        n_retiros: outflow?.n ?? 0,
        retiros: outflow?.monto ?? 0,
        neto: (inflow?.monto ?? 0) - (outflow?.monto ?? 0),
      });
    }
  });
});

describe('requests funnel', () => {
  it.each(FILTER_CASES)('counts and median days between steps (%s)', async (_n, filters) => {
    const f = filters();
    const [want] = await rowsOf(
      z.object({
        recibidas: num,
        aprobadas: num,
        contrato: num,
        pagadas: num,
        d_aprobadas: num.nullable(),
        d_contrato: num.nullable(),
        d_pagadas: num.nullable(),
      }),
      sql`with r as (
            select r.fecha_solicitud, r.estatus_evaluacion = 'AP' as aprobada,
                   ((select max(h.fecha) from solicitud_chat h
                     where h.solicitud = r.folio_solicitud) at time zone ${TZ})::date as aprobada_el,
                   case when c.estatus_ejecucion = 'CO' then c.fecha_inicio end as inicio,
                   case when c.estatus = 'PA' then c.fecha_final end as pagada_el
            from solicitudes r join socios s on s.clave_socio = r.clave_socio
            join comunidades m on m.id = s.comunidad
            left join contratos c on c.solicitud = r.folio_solicitud
            where r.fecha_solicitud between ${`${DESDE}-01`}::date and ${`${HASTA}-31`}::date
              and ${f.region === undefined ? sql`true` : sql`m.region = ${f.region}`}
              and ${f.promotor === undefined ? sql`true` : sql`r.promotor = ${f.promotor}`}
          )
          select count(*) as recibidas,
                 count(*) filter (where aprobada) as aprobadas,
                 count(*) filter (where aprobada and inicio is not null) as contrato,
                 count(*) filter (where aprobada and inicio is not null and pagada_el is not null)
                   as pagadas,
                 percentile_cont(0.5) within group (order by aprobada_el - fecha_solicitud)
                   filter (where aprobada) as d_aprobadas,
                 percentile_cont(0.5) within group (order by inicio - aprobada_el)
                   filter (where aprobada and inicio is not null) as d_contrato,
                 percentile_cont(0.5) within group (order by pagada_el - inicio)
                   filter (where aprobada and inicio is not null and pagada_el is not null)
                   as d_pagadas
          from r`,
    );
    const w = want!;
    expect(await report('embudo', f)).toEqual([
      { paso: 'recibidas', solicitudes: w.recibidas, porcentaje: 100, mediana_dias: null },
      {
        paso: 'aprobadas',
        solicitudes: w.aprobadas,
        porcentaje: percent(w.aprobadas, w.recibidas),
        mediana_dias: w.d_aprobadas,
      },
      {
        paso: 'contrato',
        solicitudes: w.contrato,
        porcentaje: percent(w.contrato, w.recibidas),
        mediana_dias: w.d_contrato,
      },
      {
        paso: 'pagadas',
        solicitudes: w.pagadas,
        porcentaje: percent(w.pagadas, w.recibidas),
        mediana_dias: w.d_pagadas,
      },
    ]);
    if (f.region === undefined) {
      // The started and paid-off contracts above make every step count.
      expect(w.pagadas).toBe(1);
      expect(w.contrato).toBe(2);
      expect(w.d_pagadas).toBe(100);
    }
  });
});

describe('period', () => {
  it('defaults to the 24 months ending with the current month', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/reportes/ahorro/' });
    expect(res.statusCode).toBe(200);
    const body = z
      .object({
        desde: z.string(),
        hasta: z.string(),
        filas: z.array(z.object({ mes: z.string() })),
      })
      .parse(res.json());
    const [row] = await rowsOf(
      z.object({ desde: z.string(), hasta: z.string() }),
      sql`select to_char((now() at time zone ${TZ})::date - interval '23 months', 'YYYY-MM') as desde,
                 to_char((now() at time zone ${TZ})::date, 'YYYY-MM') as hasta`,
    );
    expect({ desde: body.desde, hasta: body.hasta }).toEqual(row);
    expect(body.filas.map((r) => r.mes)[0]).toBe(row!.desde);
    expect(body.filas).toHaveLength(24);
  });

  it('the portfolio stops at today: no row for a month yet to come', async () => {
    const res = await t.as('gerente', {
      method: 'GET',
      url: '/api/reportes/cartera-riesgo/?desde=2099-01&hasta=2099-03',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ desde: '2099-01', hasta: '2099-03', filas: [] });
  });

  it('a request of the promoter is counted once in its month, not in another period', async () => {
    const [first] = await t.db
      .select({ fecha: solicitudes.fecha_solicitud })
      .from(solicitudes)
      .where(eq(solicitudes.promotor, promoterId))
      .orderBy(solicitudes.fecha_solicitud)
      .limit(1);
    const month = first!.fecha.slice(0, 7);
    const res = await t.as('gerente', {
      method: 'GET',
      url: `/api/reportes/embudo/?desde=${month}&hasta=${month}&promotor=${promoterId}`,
    });
    const received = z
      .object({ filas: z.array(z.object({ solicitudes: z.number() })) })
      .parse(res.json()).filas[0]!.solicitudes;
    expect(received).toBeGreaterThanOrEqual(1);
    const before = await t.as('gerente', {
      method: 'GET',
      url: `/api/reportes/embudo/?desde=2000-01&hasta=2000-12&promotor=${promoterId}`,
    });
    expect(
      z.object({ filas: z.array(z.object({ solicitudes: z.number() })) }).parse(before.json())
        .filas[0]!.solicitudes,
    ).toBe(0);
  });
});

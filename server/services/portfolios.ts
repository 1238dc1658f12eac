/**
 * Loan portfolios (docs/business-rules.md#portfolios): the rules of `#domain/portfolio` (which the
 * phone runs on its replica) computed in SQL — each loan's pending capital and days past due, the
 * counts and sums per region — so the answer costs the database an aggregate, not the server a
 * walk over every contract's payments (docs/performance.md#the-xl-set).
 */
import { and, eq, gt, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import {
  portfolioLoanOf,
  type PortfolioAnswer,
  type PortfolioLoanAnswer,
  type PortfolioTotalsAnswer,
  type RegionPortfolioAnswer,
} from '#domain/credit-shapes';
import type { IsoDate } from '#domain/dates';
import type { Band, PortfolioTotals } from '#domain/portfolio';
import { EXECUTION_STATUSES } from '#domain/codes';
import { scopeFor } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { comunidades, contratos, pagos, regiones, socios } from '#server/db/schema';
import {
  cents,
  centsNumber,
  contractScope,
  joinName,
  type CreditReader,
} from './credit-records.ts';
import { contractsJoined, scopedContractIds } from './credit-bulk.ts';
import { allOf, theRow } from '#server/db/conditions';

const band = (b: Band) => ({ count: b.count, total: centsNumber(b.total) });

function totalsAnswer(t: PortfolioTotals): PortfolioTotalsAnswer {
  return {
    vigentes_total: centsNumber(t.vigentes_total),
    vigentes_count: t.vigentes_count,
    vencidos_total: centsNumber(t.vencidos_total),
    vencidos_count: t.vencidos_count,
    vencidosLT30: band(t.vencidosLT30),
    vencidos30to6M: band(t.vencidos30to6M),
    vencidosGT6M: band(t.vencidosGT6M),
  };
}

/** Shared funds or the rest, optionally one region. */
interface PortfolioScope {
  fondocomun: boolean;
  region?: number;
}

/**
 * The contracts in the portfolio at `date`, as a condition over contratos ⋈ socios ⋈ comunidades:
 * started by then, execution CO, and pending at that date — DP, or paid or forgiven after it
 * (`portfolioEntry` of #domain/portfolio, whose rules these are).
 */
function inPortfolioAt(date: IsoDate, options: PortfolioScope): SQL {
  return allOf(
    eq(contratos.fondo_comun, options.fondocomun),
    eq(contratos.estatus_ejecucion, 'CO'),
    isNotNull(contratos.fecha_inicio),
    lte(contratos.fecha_inicio, date),
    or(
      eq(contratos.estatus, 'DP'),
      and(inArray(contratos.estatus, ['PA', 'CN']), gt(contratos.fecha_final, date)),
    ),
    options.region === undefined ? undefined : eq(comunidades.region, options.region),
  );
}

/**
 * Each loan's pending capital at `date` (amount minus the capital of its payments dated ≤ `date`)
 * and its days past the due date (start + term + extension in calendar months, clamped to the
 * month's last day like `addMonths`; ≤ 0 while current). Exact numerics: money never leaves SQL
 * as a float.
 */
function loanFigures(db: Db, reader: CreditReader, date: IsoDate, where: SQL) {
  const paid = sql`(select ${pagos.credito} as credito, sum(${pagos.abono_capital}) as capital
      from ${pagos}
      where ${and(
        inArray(pagos.credito, scopedContractIds(db, reader, where)),
        lte(pagos.fecha_pago, date),
      )}
      group by ${pagos.credito}) as paid`;
  return {
    from: sql`${contractsJoined()} left join ${paid} on paid.credito = ${contratos.id}`,
    capital: sql`(${contratos.monto} - coalesce(paid.capital, 0))`,
    pastDue: sql`(${date}::date - (${contratos.fecha_inicio}
      + make_interval(months => ${contratos.plazo} + ${contratos.prorroga}))::date)`,
    where: and(contractScope(reader), where),
  };
}

const regionTotalsRow = z.object({
  region: z.coerce.number(),
  vi_n: z.coerce.number(),
  vi_t: z.string(),
  ve_n: z.coerce.number(),
  ve_t: z.string(),
  lt30_n: z.coerce.number(),
  lt30_t: z.string(),
  to6m_n: z.coerce.number(),
  to6m_t: z.string(),
  gt6m_n: z.coerce.number(),
  gt6m_t: z.string(),
});

/**
 * Counts and exact sums per region and band over `loans` (a CTE with region, capital and
 * past_due): the bands of #domain/portfolio (overdue ≤ 30 days, 31–180, over 180).
 */
function regionBands(): SQL {
  const band = (name: string, condition: SQL) =>
    sql`count(*) filter (where ${condition}) as ${sql.raw(`${name}_n`)},
      coalesce(sum(capital) filter (where ${condition}), 0)::text as ${sql.raw(`${name}_t`)}`;
  return sql`select region, ${band('vi', sql`past_due <= 0`)}, ${band('ve', sql`past_due > 0`)},
      ${band('lt30', sql`past_due between 1 and 30`)},
      ${band('to6m', sql`past_due between 31 and 180`)},
      ${band('gt6m', sql`past_due > 180`)}
    from loans group by region`;
}

function regionTotals(rows: readonly z.output<typeof regionTotalsRow>[]) {
  return new Map<number, PortfolioTotals>(
    rows.map((r) => [
      r.region,
      {
        vigentes_count: r.vi_n,
        vigentes_total: cents(r.vi_t),
        vencidos_count: r.ve_n,
        vencidos_total: cents(r.ve_t),
        vencidosLT30: { count: r.lt30_n, total: cents(r.lt30_t) },
        vencidos30to6M: { count: r.to6m_n, total: cents(r.to6m_t) },
        vencidosGT6M: { count: r.gt6m_n, total: cents(r.gt6m_t) },
      },
    ]),
  );
}

/** The portfolio's totals at `date` per region with loans, counted and summed in SQL. */
async function totalsPerRegion(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: PortfolioScope,
): Promise<Map<number, PortfolioTotals>> {
  const f = loanFigures(db, reader, date, inPortfolioAt(date, options));
  const result = await db.execute(
    sql`with loans as (select ${comunidades.region} as region, ${f.capital} as capital,
            ${f.pastDue} as past_due
          from ${f.from} where ${f.where})
        ${regionBands()}`,
  );
  return regionTotals(z.object({ rows: z.array(regionTotalsRow) }).parse(result).rows);
}

function emptyTotals(): PortfolioTotals {
  const none = () => ({ count: 0, total: 0 });
  return {
    vigentes_total: 0,
    vigentes_count: 0,
    vencidos_total: 0,
    vencidos_count: 0,
    vencidosLT30: none(),
    vencidos30to6M: none(),
    vencidosGT6M: none(),
  };
}

/** Two regions' totals added (integer cents: exact). */
function addTotals(a: PortfolioTotals, b: PortfolioTotals): PortfolioTotals {
  const add = (x: Band, y: Band) => ({ count: x.count + y.count, total: x.total + y.total });
  return {
    vigentes_total: a.vigentes_total + b.vigentes_total,
    vigentes_count: a.vigentes_count + b.vigentes_count,
    vencidos_total: a.vencidos_total + b.vencidos_total,
    vencidos_count: a.vencidos_count + b.vencidos_count,
    vencidosLT30: add(a.vencidosLT30, b.vencidosLT30),
    vencidos30to6M: add(a.vencidos30to6M, b.vencidos30to6M),
    vencidosGT6M: add(a.vencidosGT6M, b.vencidosGT6M),
  };
}

const isoDate = z.string().nullable();
/** What a loan of the detailed answer reads, one array a loan (portfolioLoans' select). */
const loanValues = z.tuple([
  z.number().int(), // id
  z.number().int(), // clave_socio
  z.string(), // member's given names
  z.string(), // first surname
  z.string(), // second surname
  z.number().int(), // region
  z.string(), // nombre_region
  isoDate, // fecha_inicio
  z.enum(EXECUTION_STATUSES), // estatus_ejecucion
  z.string(), // monto (exact text)
  isoDate, // fecha_banco
  z.string().nullable(), // referencia_banco
  z.string(), // pending capital at the date (exact text)
  z.number().int(), // days past due (≤ 0 while current)
]);

/**
 * The portfolio at `date` with every loan, in the lists' order, shaped by the domain
 * (`portfolioLoanOf`) from only the columns a loan shows: on the xl set the full contract
 * records cost more than the query (docs/performance.md#the-xl-set).
 */
async function portfolioWithLoans(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: PortfolioScope,
): Promise<{ perRegion: Map<number, PortfolioTotals>; loans: PortfolioLoanAnswer[] }> {
  const f = loanFigures(db, reader, date, inPortfolioAt(date, options));
  const isoText = (column: PgColumn) => sql`to_char(${column}, 'YYYY-MM-DD')`;
  // One statement: the loans' figures are computed once for both the list and the totals.
  const result = await db.execute(
    sql`with loans as materialized (
          select ${comunidades.region} as region, ${f.capital} as capital,
            ${f.pastDue} as past_due, ${contratos.fecha_inicio} as start, ${contratos.id} as id,
            json_build_array(${contratos.id}, ${contratos.clave_socio},
              ${socios.nombres}, ${socios.apellido_paterno}, ${socios.apellido_materno},
              ${comunidades.region}, ${regiones.nombre_de_region},
              ${isoText(contratos.fecha_inicio)}, ${contratos.estatus_ejecucion},
              ${contratos.monto}::text, ${isoText(contratos.fecha_banco)},
              ${contratos.referencia_banco}, ${f.capital}::text, ${f.pastDue}) as loan
          from ${f.from} where ${f.where})
        select
          (select json_agg(loan order by start desc nulls first, id desc) from loans)::text
            as packed,
          (select json_agg(bands) from (${regionBands()}) as bands)::text as totals`,
  );
  const row = theRow(
    z
      .object({
        rows: z.array(z.object({ packed: z.string().nullable(), totals: z.string().nullable() })),
      })
      .parse(result).rows,
    'the portfolio',
  );
  const perRegion = regionTotals(z.array(regionTotalsRow).parse(JSON.parse(row.totals ?? '[]')));
  const loans = z
    .array(loanValues)
    .parse(JSON.parse(row.packed ?? '[]'))
    .map((values) => {
      const [
        id,
        clave,
        names,
        paterno,
        materno,
        region,
        regionName,
        start,
        execution,
        monto,
        bankDate,
        bankReference,
        capital,
        pastDue,
      ] = values;
      const overdue = pastDue > 0;
      const shaped = portfolioLoanOf(
        {
          id,
          region,
          estatus: overdue ? 'VE' : 'VI',
          capital: cents(capital),
          dias_vencidos: overdue ? pastDue : 0,
        },
        {
          id,
          clave_socio: clave,
          nombres: joinName([names, paterno, materno]),
          region,
          nombre_region: regionName,
          fecha_inicio: start,
          estatus_ejecucion: execution,
          monto,
          fecha_banco: bankDate,
          referencia_banco: bankReference,
        },
      );
      return { ...shaped, capital: centsNumber(shaped.capital) };
    });
  return { perRegion, loans };
}

/** GET /contratos/carteras/: totals, bands and (with `detail`) both lists. */
export async function portfolioAnswer(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: { detail: boolean; fondocomun: boolean },
): Promise<PortfolioAnswer> {
  const scope = { fondocomun: options.fondocomun };
  const sum = (perRegion: Map<number, PortfolioTotals>) =>
    totalsAnswer([...perRegion.values()].reduce(addTotals, emptyTotals()));
  if (!options.detail)
    return { fecha: date, ...sum(await totalsPerRegion(db, reader, date, scope)) };
  const { perRegion, loans } = await portfolioWithLoans(db, reader, date, scope);
  return {
    fecha: date,
    ...sum(perRegion),
    vigentes: loans.filter((l) => l.estatus === 'VI'),
    vencidos: loans.filter((l) => l.estatus === 'VE'),
  };
}

/**
 * GET /contratos/carteras-per-region/: every region the caller may see (all ten for the
 * office, its own for a promoter), each with its totals (zeros without loans).
 */
export async function portfolioPerRegion(
  db: Db,
  reader: CreditReader,
  date: IsoDate,
  options: { fondocomun: boolean },
): Promise<RegionPortfolioAnswer[]> {
  const regionRows = await db
    .select({ id: regiones.id, nombre: regiones.nombre_de_region })
    .from(regiones)
    .orderBy(regiones.id);
  const visible =
    scopeFor(reader.role, 'carteras', 'read') === 'all'
      ? regionRows
      : regionRows.filter((r) => r.id === reader.region);
  const names = new Map(visible.map((r) => [r.id, r.nombre]));
  const perRegion = await totalsPerRegion(db, reader, date, options);
  // Every visible region, and any other region the caller's contracts fall in (none today).
  const regions = [...new Set([...visible.map((r) => r.id), ...perRegion.keys()])].sort(
    (a, b) => a - b,
  );
  return regions.map((region) => ({
    region,
    nombre_region: names.get(region) ?? '',
    ...totalsAnswer(perRegion.get(region) ?? emptyTotals()),
  }));
}

/**
 * Totals the original answered, computed on each side independently:
 *
 * - every member's contribution balance: the original's rule in SQL on its own rows
 *   (Σ aportaciones − Σ retiros, fact sheet quirk 18) against `balanceOf` over the imported rows;
 * - the portfolio at the day of the import, per region and fund (shared funds apart): the
 *   original's rule in SQL on its own rows (pending capital = monto − Σ abono_capital, current
 *   up to the due date, overdue bands by days past it) against this product's
 *   `/contratos/carteras-per-region/` computation (services/portfolios.ts);
 * - money sums and row counts per table: the original's rows against the imported ones.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import { balanceOf } from '#domain/balance';
import type { IsoDate } from '#domain/dates';
import { parseMoney, type Cents } from '#domain/money';
import type { Db } from '#server/db/client';
import {
  acopios,
  condonaciones,
  contratos,
  movimientos,
  movimientosBanco,
  pagos,
  registrosContables,
} from '#server/db/schema';
import type { PortfolioTotalsAnswer as TotalsAnswer } from '#domain/credit-shapes';
import { portfolioPerRegion } from '#server/services/portfolios';
import type { MapContext } from './context.ts';
import type { OriginalTable } from './original.ts';
import { readJsonRows, type SourceDb } from './source.ts';
import type { Step } from './step.ts';
import { idSet, pesos, targetRows, type Verification } from './verification.ts';

const OFFICE = { role: 'GE', region: null } as const;

export const TOTAL_FIGURES = {
  balance: 'contribution balance (saldo) per member',
  portfolio: 'portfolio figures (region × fund × figure)',
  sums: 'money sums per table',
  rows: 'rows of each original table found in this product',
} as const;

const cents = (text: string): Cents => parseMoney(text) ?? Number.NaN;

/** Whether the original has the table (an older original lacks some: read as empty). */
const present = (ctx: MapContext, table: OriginalTable) => !ctx.log.missingTables.includes(table);

const sourceBalance = z.object({ member: z.number(), saldo: z.string(), n: z.number() });

async function verifyBalances(
  tx: Db,
  source: SourceDb,
  ctx: MapContext,
  v: Verification,
): Promise<void> {
  const original = new Map<number, Cents>();
  const rows = present(ctx, 'movimientos_movimiento')
    ? await readJsonRows(
        source,
        `SELECT clave_socio_id AS member, count(*)::int AS n,
       (coalesce(sum(monto) FILTER (WHERE aportacion), 0)
        - coalesce(sum(monto) FILTER (WHERE NOT aportacion), 0))::text AS saldo
     FROM movimientos_movimiento GROUP BY clave_socio_id`,
      )
    : [];
  for (const raw of rows) {
    const row = sourceBalance.parse(raw);
    original.set(row.member, cents(row.saldo));
  }
  const imported = await targetRows(
    tx,
    sql`SELECT ${movimientos.clave_socio} AS member, ${movimientos.monto}::text AS monto,
          ${movimientos.aportacion} AS aportacion FROM ${movimientos}
        WHERE ${movimientos.id} IN ${idSet(ctx.ids('movimientos_movimiento').imported)}`,
    z.object({ member: z.number(), monto: z.string(), aportacion: z.boolean() }),
  );
  const byMember = new Map<number, { monto: Cents; aportacion: boolean }[]>();
  for (const m of imported) {
    const list = byMember.get(m.member) ?? [];
    list.push({ monto: cents(m.monto), aportacion: m.aportacion });
    byMember.set(m.member, list);
  }
  v.figure(TOTAL_FIGURES.balance);
  for (const member of [...new Set([...original.keys(), ...byMember.keys()])].sort(
    (a, b) => a - b,
  )) {
    // Every member of the original counts, imported or not: a skipped member's balance is a
    // difference, not a figure left out.
    const product = balanceOf(byMember.get(member) ?? []);
    v.compare(
      TOTAL_FIGURES.balance,
      `member ${member}`,
      pesos(original.get(member) ?? null),
      pesos(product?.saldo ?? null),
    );
  }
}

const sourceLoan = z.object({
  fondo_comun: z.boolean(),
  region: z.number(),
  days_past: z.number(),
  capital: z.string(),
});

type Totals = Omit<TotalsAnswer, 'vencidosLT30' | 'vencidos30to6M' | 'vencidosGT6M'> & {
  lt30_count: number;
  lt30_total: number;
  to6m_count: number;
  to6m_total: number;
  gt6m_count: number;
  gt6m_total: number;
};

const emptyTotals = (): Totals => ({
  vigentes_count: 0,
  vigentes_total: 0,
  vencidos_count: 0,
  vencidos_total: 0,
  lt30_count: 0,
  lt30_total: 0,
  to6m_count: 0,
  to6m_total: 0,
  gt6m_count: 0,
  gt6m_total: 0,
});

/** The portfolio as the original defines it, from its own rows, in cents. */
async function originalPortfolio(
  source: SourceDb,
  ctx: MapContext,
  today: IsoDate,
): Promise<Map<string, Totals>> {
  const day = `DATE '${today}'`;
  const needed: OriginalTable[] = [
    'contratos_contratocredito',
    'socios_socio',
    'tsumbalil_comunidad',
  ];
  if (!needed.every((table) => present(ctx, table))) return new Map();
  const paid = present(ctx, 'pagos_pago')
    ? `SELECT credito_id, sum(abono_capital) AS capital FROM pagos_pago
                WHERE fecha_pago <= ${day} GROUP BY credito_id`
    : 'SELECT NULL::int AS credito_id, NULL::numeric AS capital WHERE false';
  const rows = await readJsonRows(
    source,
    `SELECT c.fondo_comun, coalesce(co.region_id, 20) AS region,
       ${day} - (c.fecha_inicio + make_interval(months => c.plazo + c.prorroga))::date AS days_past,
       (c.monto - coalesce(p.capital, 0))::text AS capital
     FROM contratos_contratocredito c
     JOIN socios_socio s ON s.clave_socio = c.clave_socio_id
     JOIN tsumbalil_comunidad co ON co.id = s.comunidad_id
     LEFT JOIN (${paid}) p ON p.credito_id = c.id
     WHERE c.estatus_ejecucion = 'CO' AND c.fecha_inicio <= ${day}
       AND (c.fecha_final IS NULL OR c.fecha_final > ${day})
       AND (c.estatus = 'DP' OR c.fecha_final > ${day})`,
  );
  const groups = new Map<string, Totals>();
  for (const raw of rows) {
    const loan = sourceLoan.parse(raw);
    const key = `${loan.fondo_comun}|${loan.region}`;
    const t = groups.get(key) ?? emptyTotals();
    const capital = cents(loan.capital);
    if (loan.days_past <= 0) {
      t.vigentes_count += 1;
      t.vigentes_total += capital;
    } else {
      t.vencidos_count += 1;
      t.vencidos_total += capital;
      if (loan.days_past <= 30) {
        t.lt30_count += 1;
        t.lt30_total += capital;
      } else if (loan.days_past <= 180) {
        t.to6m_count += 1;
        t.to6m_total += capital;
      } else {
        t.gt6m_count += 1;
        t.gt6m_total += capital;
      }
    }
    groups.set(key, t);
  }
  return groups;
}

/** This product's answer (pesos numbers, made from cents ÷ 100) back in cents, like `Totals`. */
function productTotals(a: TotalsAnswer): Totals {
  const c = (pesosValue: number) => Math.round(pesosValue * 100);
  return {
    vigentes_count: a.vigentes_count,
    vigentes_total: c(a.vigentes_total),
    vencidos_count: a.vencidos_count,
    vencidos_total: c(a.vencidos_total),
    lt30_count: a.vencidosLT30.count,
    lt30_total: c(a.vencidosLT30.total),
    to6m_count: a.vencidos30to6M.count,
    to6m_total: c(a.vencidos30to6M.total),
    gt6m_count: a.vencidosGT6M.count,
    gt6m_total: c(a.vencidosGT6M.total),
  };
}

const FIGURE_NAMES: Record<keyof Totals, string> = {
  vigentes_count: 'current count',
  vigentes_total: 'current capital',
  vencidos_count: 'overdue count',
  vencidos_total: 'overdue capital',
  lt30_count: 'overdue ≤30 days count',
  lt30_total: 'overdue ≤30 days capital',
  to6m_count: 'overdue 31–180 days count',
  to6m_total: 'overdue 31–180 days capital',
  gt6m_count: 'overdue >180 days count',
  gt6m_total: 'overdue >180 days capital',
};

async function verifyPortfolio(
  tx: Db,
  source: SourceDb,
  ctx: MapContext,
  v: Verification,
  today: IsoDate,
): Promise<void> {
  const original = await originalPortfolio(source, ctx, today);
  v.figure(TOTAL_FIGURES.portfolio);
  for (const fondocomun of [false, true]) {
    const answer = await portfolioPerRegion(tx, OFFICE, today, { fondocomun });
    const regions = new Set([
      ...answer.map((a) => a.region),
      ...[...original.keys()]
        .filter((k) => k.startsWith(`${fondocomun}|`))
        .map((k) => Number(k.split('|')[1])),
    ]);
    const fund = fondocomun ? 'shared funds' : 'loans';
    for (const region of [...regions].sort((a, b) => a - b)) {
      const mine = answer.find((a) => a.region === region);
      const product = mine ? productTotals(mine) : emptyTotals();
      const theirs = original.get(`${fondocomun}|${region}`) ?? emptyTotals();
      for (const key of Object.keys(FIGURE_NAMES) as (keyof Totals)[]) {
        const money = key.endsWith('_total');
        const show = (n: number) => (money ? pesos(n) : String(n));
        v.compare(
          TOTAL_FIGURES.portfolio,
          `${fund}, region ${region}, ${FIGURE_NAMES[key]} at ${today}`,
          show(theirs[key]),
          show(product[key]),
        );
      }
    }
  }
}

interface SumSpec {
  label: string;
  table: OriginalTable;
  sourceSql: string;
  target: { table: string; amount: PgColumn; id: PgColumn; where?: SQL };
}

const SUMS: SumSpec[] = [
  {
    label: 'contracts: monto',
    table: 'contratos_contratocredito',
    sourceSql: 'SELECT sum(monto) FROM contratos_contratocredito',
    target: { table: 'contratos', amount: contratos.monto, id: contratos.id },
  },
  {
    label: 'payments: cantidad',
    table: 'pagos_pago',
    sourceSql: 'SELECT sum(cantidad) FROM pagos_pago',
    target: { table: 'pagos', amount: pagos.cantidad, id: pagos.id },
  },
  {
    label: 'waivers: cantidad',
    table: 'pagos_condonacion',
    sourceSql: 'SELECT sum(cantidad) FROM pagos_condonacion',
    target: { table: 'condonaciones', amount: condonaciones.total, id: condonaciones.id },
  },
  {
    label: 'collections: ingreso',
    table: 'acopios_acopio',
    sourceSql: 'SELECT sum(ingreso) FROM acopios_acopio',
    target: { table: 'acopios', amount: acopios.ingreso, id: acopios.id },
  },
  {
    label: 'contributions: monto',
    table: 'movimientos_movimiento',
    sourceSql: 'SELECT sum(monto) FROM movimientos_movimiento WHERE aportacion',
    target: {
      table: 'movimientos',
      amount: movimientos.monto,
      id: movimientos.id,
      where: sql`${movimientos.aportacion}`,
    },
  },
  {
    label: 'withdrawals: monto',
    table: 'movimientos_movimiento',
    sourceSql: 'SELECT sum(monto) FROM movimientos_movimiento WHERE NOT aportacion',
    target: {
      table: 'movimientos',
      amount: movimientos.monto,
      id: movimientos.id,
      where: sql`NOT ${movimientos.aportacion}`,
    },
  },
  {
    label: 'bank movements: cantidad',
    table: 'bancos_movimientobanco',
    sourceSql: 'SELECT sum(cantidad) FROM bancos_movimientobanco',
    target: {
      table: 'movimientos_banco',
      amount: movimientosBanco.cantidad,
      id: movimientosBanco.id,
    },
  },
  {
    label: 'accounting records: cantidad',
    table: 'bancos_registrocontable',
    sourceSql: 'SELECT sum(cantidad) FROM bancos_registrocontable',
    target: {
      table: 'registros_contables',
      amount: registrosContables.cantidad,
      id: registrosContables.id,
    },
  },
];

const sumRow = z.object({ total: z.string() });

async function verifySums(tx: Db, source: SourceDb, ctx: MapContext, v: Verification) {
  v.figure(TOTAL_FIGURES.sums);
  for (const s of SUMS) {
    const [theirs] = present(ctx, s.table)
      ? await readJsonRows(source, `SELECT coalesce((${s.sourceSql}), 0)::text AS total`)
      : [{ total: '0' }];
    const [mine] = await targetRows(
      tx,
      sql`SELECT coalesce(sum(${s.target.amount}), 0)::text AS total FROM ${sql.identifier(s.target.table)}
          WHERE ${s.target.id} IN ${idSet(ctx.ids(s.table).imported)}
          ${s.target.where ? sql`AND ${s.target.where}` : sql``}`,
      sumRow,
    );
    v.compare(
      TOTAL_FIGURES.sums,
      s.label,
      pesos(cents(sumRow.parse(theirs).total)),
      pesos(cents(mine?.total ?? '0')),
    );
  }
}

/**
 * Rows of each original table against the rows with those ids in this product: a row skipped
 * (or unreadable) is a difference, so a verification "all equal" means nothing was lost.
 */
async function verifyRowCounts(tx: Db, ctx: MapContext, steps: readonly Step[], v: Verification) {
  v.figure(TOTAL_FIGURES.rows);
  for (const step of steps) {
    // Rows this run wrote (or found unchanged) of those the original has: not a row an earlier
    // run left, nor one the import adds itself (the original's default region 20).
    const { read, imported } = ctx.ids(step.source);
    const ids = [...imported].filter((id) => read.has(id));
    const [found] = await targetRows(
      tx,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(step.target)}
          WHERE ${sql.identifier(step.key)} IN ${idSet(ids)}`,
      z.object({ n: z.number() }),
    );
    const original = ctx.data[step.source].length + ctx.log.unreadableIn(step.source);
    v.compare(
      TOTAL_FIGURES.rows,
      `${step.source} → ${step.target}`,
      String(original),
      String(found?.n ?? 0),
    );
  }
}

export async function verifyTotals(
  tx: Db,
  source: SourceDb,
  ctx: MapContext,
  steps: readonly Step[],
  v: Verification,
  today: IsoDate,
): Promise<void> {
  await verifyBalances(tx, source, ctx, v);
  await verifyPortfolio(tx, source, ctx, v, today);
  await verifySums(tx, source, ctx, v);
  await verifyRowCounts(tx, ctx, steps, v);
}

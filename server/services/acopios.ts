/**
 * Collections (acopios, docs/business-rules.md#collections): THE list shape
 * (list, created answer, spreadsheet and the delta pull all use it), the scoped list, the create
 * rules and the yearly sums of `GET /acopios/year_sum/`.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import type { AcopioValues } from '#domain/forms/acopio';
import { scopeFor } from '#domain/permissions';
import { centsToDecimalString, parseMoney } from '#domain/money';
import { parseFixed } from '#domain/rules';
import type { YearSum } from '#domain/deliveries';
import { ACOPIO_COLUMNS, ACOPIO_EXPORT, type AcopioListRow } from '#domain/delivery-shapes';
import type { AuthUser } from '#server/auth/authenticate';
import type { Db } from '#server/db/client';
import { acopios, comunidades, regiones, socios } from '#server/db/schema';
import type { Capture } from '#domain/sync-protocol';
import { RuleError } from '#domain/rule-errors';
import {
  activeIn,
  deliveryReadScope,
  inactiveMessage,
  memberForWrite,
  memberContextColumns,
} from './delivery-scope.ts';
import type { MemberReader } from './members.ts';
import { checkReceiptFree, receiptValues } from './receipts.ts';
import { theRow } from '#server/db/conditions';

/** A row of GET /acopios.json (and of the pull, the spreadsheet and the created answer). */
export type AcopioRow = AcopioListRow;
export { ACOPIO_COLUMNS, ACOPIO_EXPORT };

/** Columns of the list shape; select them from acopios ⋈ socios ⋈ comunidades ⋈ regiones. */
export const acopioColumns = {
  id: acopios.id,
  clave_socio: acopios.clave_socio,
  ...memberContextColumns,
  fecha: acopios.fecha,
  ingreso: acopios.ingreso,
  tipo_de_producto: acopios.tipo_de_producto,
  kilos_de_producto: acopios.kilos_de_producto,
  recibo: acopios.recibo,
  recibo_codigo: acopios.recibo_codigo,
  recibo_reemplaza: acopios.recibo_reemplaza,
};

/** acopios with the member, its community and region joined (inner: every FK is notNull). */
export function acopiosJoined(db: Db) {
  return db
    .select(acopioColumns)
    .from(acopios)
    .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id));
}

/** Collections in `reader`'s scope matching `where`, newest first. */
export async function listAcopios(
  db: Db,
  reader: MemberReader,
  where: SQL = sql`true`,
): Promise<AcopioRow[]> {
  return acopiosJoined(db)
    .where(and(deliveryReadScope(reader, 'acopios'), where))
    .orderBy(desc(acopios.fecha), desc(acopios.id));
}

/** Spreadsheet filter: ALL or one product. */
export function productCondition(product: 'ALL' | Process): SQL {
  return product === 'ALL' ? sql`true` : eq(acopios.tipo_de_producto, product);
}

/**
 * Create a collection. The member must exist, be in the writer's scope (a promoter: its
 * region) and be active in the product's process — so a promoter who captured offline for a
 * member made inactive meanwhile sees why on the queued record.
 */
export async function createAcopio(
  tx: Db,
  user: AuthUser,
  values: AcopioValues,
  capture: Capture,
): Promise<AcopioRow> {
  const member = await memberForWrite(
    tx,
    values.clave_socio,
    scopeFor(user.role, 'acopios', 'create'),
    user,
  );
  if (!activeIn(member, values.tipo_de_producto)) {
    throw new RuleError({
      tipo_de_producto: [inactiveMessage(member, values.tipo_de_producto)],
    });
  }
  await checkReceiptFree(tx, user, values, capture.receivedAt);
  const created = theRow(
    await tx
      .insert(acopios)
      .values({
        clave_socio: member.clave_socio,
        fecha: values.fecha,
        tipo_de_producto: values.tipo_de_producto,
        ingreso: centsToDecimalString(values.ingreso),
        kilos_de_producto: values.kilos_de_producto,
        autor: user.id,
        capturado_en: capture.capturedAt,
        recibido_en: capture.receivedAt,
        ...receiptValues(values),
      })
      .returning({ id: acopios.id }),
    'collection insert',
  );
  return theRow(await acopiosJoined(tx).where(eq(acopios.id, created.id)), 'collection read');
}

// ---------------------------------------------------------------- yearly sums

/** Which collections year_sum adds up: one member, else a community, else a region, else all. */
export interface YearSumFilter {
  clave_socio?: number | undefined;
  comunidad?: number | undefined;
  region?: number | undefined;
}

export function yearSumCondition(filter: YearSumFilter): SQL {
  if (filter.clave_socio !== undefined) return eq(acopios.clave_socio, filter.clave_socio);
  if (filter.comunidad !== undefined) return eq(socios.comunidad, filter.comunidad);
  if (filter.region !== undefined) return eq(comunidades.region, filter.region);
  return sql`true`;
}

const YEAR_COLUMN: Record<Process, keyof Omit<YearSum, 'fecha__year'>> = {
  CF: 'year_sum_cf',
  MI: 'year_sum_mi',
  JA: 'year_sum_ja',
  SL: 'year_sum_sl',
};

/**
 * Yearly sums per process in the database (GROUP BY year and product, exact numeric sums),
 * so a region's thousands of rows never travel. Income is answered in pesos and kilos in kg,
 * as numbers (computed figures); equal to `yearSums` of #domain/deliveries over the same rows
 * (cents ÷ 100), which the tests check. Years with no collection of an enabled product are
 * left out, oldest year first.
 */
export async function yearSumsOf(
  db: Db,
  reader: MemberReader,
  filter: YearSumFilter,
  options: { kg: boolean; processes: readonly Process[] },
): Promise<YearSum[]> {
  if (options.processes.length === 0) return [];
  const year = sql<number>`extract(year from ${acopios.fecha})::int`;
  const total = options.kg
    ? sql<string>`coalesce(sum(${acopios.kilos_de_producto}), 0)::numeric(20,2)::text`
    : sql<string>`sum(${acopios.ingreso})::numeric(20,2)::text`;
  const groups = await db
    .select({ year, product: acopios.tipo_de_producto, total })
    .from(acopios)
    .innerJoin(socios, eq(acopios.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(
      and(
        deliveryReadScope(reader, 'acopios'),
        yearSumCondition(filter),
        inArray(acopios.tipo_de_producto, [...options.processes]),
      ),
    )
    .groupBy(year, acopios.tipo_de_producto)
    .orderBy(asc(year));
  const byYear = new Map<number, YearSum>();
  for (const g of groups) {
    let row = byYear.get(g.year);
    if (!row) {
      row = { fecha__year: g.year, year_sum_cf: 0, year_sum_mi: 0, year_sum_ja: 0, year_sum_sl: 0 };
      byYear.set(g.year, row);
    }
    // Both are sums of 2-decimal values: exact hundredths, divided once.
    const hundredths = options.kg ? parseFixed(g.total, 2) : parseMoney(g.total);
    if (typeof hundredths !== 'number') throw new Error(`unreadable sum ${g.total}`);
    row[YEAR_COLUMN[g.product]] = hundredths / 100;
  }
  return [...byYear.values()].sort((a, b) => a.fecha__year - b.fecha__year);
}

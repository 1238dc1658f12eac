/**
 * Helpers of the credit tests: contracts inserted straight into the database with exactly the
 * terms a test needs (the demo seed's own contracts stay untouched), members by region, and
 * today's date in the cooperative's zone (the server's "today").
 */
import { asc, eq } from 'drizzle-orm';
import type { CreditType, ExecutionStatus, RateType } from '#domain/codes';
import { todayIn, type IsoDate } from '#domain/dates';
import type { Db } from '#server/db/client';
import { comunidades, contratos, socios } from '#server/db/schema';
import { first } from '#tests/helpers/present';

export const today = (): IsoDate => todayIn('America/Mexico_City');

/** The lowest-keyed members living in `region` (the promoters' own members come first). */
export async function membersOfRegion(db: Db, region: number, n = 1): Promise<number[]> {
  const rows = await db
    .select({ clave: socios.clave_socio })
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(eq(comunidades.region, region))
    .orderBy(asc(socios.clave_socio))
    .limit(n);
  if (rows.length < n)
    throw new Error(`expected ${n} members in region ${region}, got ${rows.length}`);
  return rows.map((r) => r.clave);
}

/** The lowest-keyed member living in `region`. */
export async function memberOfRegion(db: Db, region: number): Promise<number> {
  return first(await membersOfRegion(db, region), `a member of region ${region}`);
}

export interface ContractSpec {
  clave_socio: number;
  /** Decimal text, e.g. "10000.00". */
  monto?: string;
  plazo?: number;
  prorroga?: number;
  tasa?: string;
  tasa_moratoria?: string;
  tipo_tasa?: RateType | null;
  fecha_inicio?: IsoDate | null;
  estatus?: 'DP' | 'PA' | 'CN';
  estatus_ejecucion?: ExecutionStatus;
  tipo_credito?: CreditType;
  fecha_final?: IsoDate | null;
}

/** Insert one contract (defaults: 10,000.00 at 2 % / 3 % monthly, 6 months, FI, CO). */
export async function insertContract(db: Db, spec: ContractSpec): Promise<number> {
  const tipo = spec.tipo_credito ?? 'MC';
  const [row] = await db
    .insert(contratos)
    .values({
      clave_socio: spec.clave_socio,
      proceso: 'CF',
      tipo_credito: tipo,
      fondo_comun: tipo === 'FC',
      monto: spec.monto ?? '10000.00',
      plazo: spec.plazo ?? 6,
      prorroga: spec.prorroga ?? 0,
      tasa: spec.tasa ?? '2.0000',
      tasa_moratoria: spec.tasa_moratoria ?? '3.0000',
      tipo_tasa: spec.tipo_tasa === undefined ? 'FI' : spec.tipo_tasa,
      fecha_inicio: spec.fecha_inicio === undefined ? null : spec.fecha_inicio,
      fecha_final: spec.fecha_final ?? null,
      estatus: spec.estatus ?? 'DP',
      estatus_ejecucion: spec.estatus_ejecucion ?? 'CO',
    })
    .returning({ id: contratos.id });
  return row!.id;
}

/** A payment body (amounts as decimal text, the way the form sends them). */
export function paymentBody(
  credito: number,
  fecha_pago: IsoDate,
  parts: { capital?: string; ord?: string; mor?: string; cantidad?: string },
): Record<string, unknown> {
  return {
    credito,
    fecha_pago,
    abono_capital: parts.capital ?? '0',
    interes_ord: parts.ord ?? '0',
    interes_mor: parts.mor ?? '0',
    ...(parts.cantidad !== undefined && { cantidad: parts.cantidad }),
  };
}

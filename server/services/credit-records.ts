/**
 * Loading contracts and payments for the credit answers (docs/business-rules.md#roles-and-scope,
 * #contracts to #payments, #portfolios): who sees which contract (a promoter only members of its
 * region), the two bulk queries every debt figure starts from (contracts in scope, then ALL their
 * payments at once, grouped in memory — never one query per contract), and the conversion of stored
 * rows (numeric text) into the inputs of `#domain/debt` (integer cents).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ContractStatus, CreditType, ExecutionStatus, Process, RateType } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import { debtPaymentsByContract, type ContractApiRow } from '#domain/credit-replica';
import type { DebtContract, DebtPayment } from '#domain/debt';
import { parseMoney, type Cents } from '#domain/money';
import { scopeFor } from '#domain/permissions';
import type { Role } from '#domain/roles';
import type { Db } from '#server/db/client';
import { comunidades, contratos, pagos, regiones, socios, users } from '#server/db/schema';
import { isDbId } from './references.ts';

/** Who reads: role and, for a promoter, its region (AuthUser and PullScope both fit). */
export interface CreditReader {
  role: Role;
  region: number | null;
}

/** The contracts `reader` may read, as a WHERE condition over contratos ⋈ socios ⋈ comunidades. */
export function contractScope(reader: CreditReader): SQL {
  switch (scopeFor(reader.role, 'contratos', 'read')) {
    case 'all':
      return sql`true`;
    case 'region':
      return reader.region === null ? sql`false` : eq(comunidades.region, reader.region);
    default:
      return sql`false`;
  }
}

/** Money text from the database ("1040.00") as cents; a stored amount is always valid. */
export function cents(text: string): Cents {
  const value = parseMoney(text);
  if (value === null) throw new Error(`stored amount is not money: ${text}`);
  return value;
}

/** Cents as the JSON number of a computed figure (104050 → 1040.5). */
export function centsNumber(value: Cents): number {
  return value / 100;
}

export const joinName = (parts: readonly string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');

/** Columns of a contract with its member, community and region names. */
export const contractColumns = {
  id: contratos.id,
  row_version: contratos.row_version,
  solicitud: contratos.solicitud,
  clave_socio: contratos.clave_socio,
  proceso: contratos.proceso,
  tipo_credito: contratos.tipo_credito,
  monto: contratos.monto,
  plazo: contratos.plazo,
  prorroga: contratos.prorroga,
  prorroga_justificacion: contratos.prorroga_justificacion,
  tasa: contratos.tasa,
  tasa_moratoria: contratos.tasa_moratoria,
  tipo_tasa: contratos.tipo_tasa,
  fecha_inicio: contratos.fecha_inicio,
  fecha_final: contratos.fecha_final,
  estatus: contratos.estatus,
  estatus_ejecucion: contratos.estatus_ejecucion,
  fondo_comun: contratos.fondo_comun,
  fecha_banco: contratos.fecha_banco,
  referencia_banco: contratos.referencia_banco,
  socio_nombres: socios.nombres,
  socio_paterno: socios.apellido_paterno,
  socio_materno: socios.apellido_materno,
  comunidad: socios.comunidad,
  nombre_comunidad: comunidades.nombre_de_comunidad,
  region: comunidades.region,
  nombre_region: regiones.nombre_de_region,
};

export type ContractSelect = {
  id: number;
  row_version: number;
  solicitud: number | null;
  clave_socio: number;
  proceso: Process;
  tipo_credito: CreditType;
  monto: string;
  plazo: number;
  prorroga: number;
  prorroga_justificacion: string | null;
  tasa: string;
  tasa_moratoria: string;
  tipo_tasa: RateType | null;
  fecha_inicio: IsoDate | null;
  fecha_final: IsoDate | null;
  estatus: ContractStatus;
  estatus_ejecucion: ExecutionStatus;
  fondo_comun: boolean;
  fecha_banco: IsoDate | null;
  referencia_banco: string | null;
  socio_nombres: string;
  socio_paterno: string;
  socio_materno: string;
  comunidad: number;
  nombre_comunidad: string;
  region: number;
  nombre_region: string;
};

/** A contract as stored, with its member's name and place, and its debt inputs in cents. */
export interface ContractRecord extends Pick<
  ContractApiRow,
  | 'id'
  | 'solicitud'
  | 'clave_socio'
  | 'nombres'
  | 'comunidad'
  | 'nombre_comunidad'
  | 'region'
  | 'nombre_region'
  | 'proceso'
  | 'tipo_credito'
  | 'fondo_comun'
  | 'prorroga_justificacion'
  | 'fecha_banco'
  | 'referencia_banco'
> {
  /** The sync version of the row (the pull's cursor). */
  row_version: number;
  monto_text: string;
  /** What #domain/debt computes from. */
  debt: DebtContract;
}

export function toContractRecord(r: ContractSelect): ContractRecord {
  return {
    id: r.id,
    row_version: r.row_version,
    solicitud: r.solicitud,
    clave_socio: r.clave_socio,
    nombres: joinName([r.socio_nombres, r.socio_paterno, r.socio_materno]),
    comunidad: r.comunidad,
    nombre_comunidad: r.nombre_comunidad,
    region: r.region,
    nombre_region: r.nombre_region,
    proceso: r.proceso,
    tipo_credito: r.tipo_credito,
    fondo_comun: r.fondo_comun,
    monto_text: r.monto,
    prorroga_justificacion: r.prorroga_justificacion,
    fecha_banco: r.fecha_banco,
    referencia_banco: r.referencia_banco,
    debt: {
      monto: cents(r.monto),
      tasa: r.tasa,
      tasa_moratoria: r.tasa_moratoria,
      tipo_tasa: r.tipo_tasa,
      plazo: r.plazo,
      prorroga: r.prorroga,
      fecha_inicio: r.fecha_inicio,
      estatus: r.estatus,
      estatus_ejecucion: r.estatus_ejecucion,
      fecha_final: r.fecha_final,
    },
  };
}

/** The join every contract query reads from. */
export function contractQuery(db: Db) {
  return db
    .select(contractColumns)
    .from(contratos)
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id));
}

/** One contract in scope, or null (unknown and out-of-scope look the same). */
export async function findContract(
  db: Db,
  reader: CreditReader,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<ContractRecord | null> {
  // A number no contract id can be (e.g. 10^15 in a body) is unknown, not a database error.
  if (!isDbId(id)) return null;
  const where = and(contractScope(reader), eq(contratos.id, id));
  const query = contractQuery(db).where(where).limit(1);
  // Lock only the contract row: payments on one contract are serialised by it.
  const rows = options.forUpdate ? await query.for('update', { of: contratos }) : await query;
  const row = rows[0];
  return row ? toContractRecord(row) : null;
}

/**
 * Only what the debt calculator needs from a payment (the bulk queries read just this), read
 * into its inputs by #domain/credit-replica as the phone reads its replica: the numeric(12,2)
 * columns always come as "1040.00".
 */
export const debtPaymentColumns = {
  id: pagos.id,
  credito: pagos.credito,
  fecha_pago: pagos.fecha_pago,
  cantidad: pagos.cantidad,
  abono_capital: pagos.abono_capital,
  interes_ord: pagos.interes_ord,
  interes_mor: pagos.interes_mor,
  deuda_prev_int_ord: pagos.deuda_prev_int_ord,
  deuda_prev_int_mor: pagos.deuda_prev_int_mor,
};

/** Payments of a few contracts already loaded, grouped. */
export async function loadDebtPaymentsOf(
  db: Db,
  contractIds: readonly number[],
): Promise<Map<number, DebtPayment[]>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .select(debtPaymentColumns)
    .from(pagos)
    .where(inArray(pagos.credito, [...contractIds]))
    .orderBy(asc(pagos.fecha_pago), asc(pagos.id));
  return debtPaymentsByContract(rows);
}

/** Columns of the payment list shape (with the contract's member and place). */
export const paymentColumns = {
  id: pagos.id,
  row_version: pagos.row_version,
  credito: pagos.credito,
  fecha_pago: pagos.fecha_pago,
  cantidad: pagos.cantidad,
  abono_capital: pagos.abono_capital,
  interes_ord: pagos.interes_ord,
  interes_mor: pagos.interes_mor,
  autor: pagos.autor,
  autor_nombre: users.first_name,
  autor_apellido: users.last_name,
  fecha_banco: pagos.fecha_banco,
  referencia_banco: pagos.referencia_banco,
  estatus_previo: pagos.estatus_previo,
  deuda_prev_total: pagos.deuda_prev_total,
  deuda_prev_capital: pagos.deuda_prev_capital,
  deuda_prev_int_ord: pagos.deuda_prev_int_ord,
  deuda_prev_int_mor: pagos.deuda_prev_int_mor,
  capturado_en: pagos.capturado_en,
  recibo: pagos.recibo,
  recibo_codigo: pagos.recibo_codigo,
  recibo_reemplaza: pagos.recibo_reemplaza,
  tipo_credito: contratos.tipo_credito,
  fondo_comun: contratos.fondo_comun,
  clave_socio: contratos.clave_socio,
  socio_nombres: socios.nombres,
  socio_paterno: socios.apellido_paterno,
  socio_materno: socios.apellido_materno,
  region: comunidades.region,
  nombre_region: regiones.nombre_de_region,
};

/** The join every payment-list query reads from. */
export function paymentQuery(db: Db) {
  return db
    .select(paymentColumns)
    .from(pagos)
    .innerJoin(contratos, eq(pagos.credito, contratos.id))
    .innerJoin(users, eq(pagos.autor, users.id))
    .innerJoin(socios, eq(contratos.clave_socio, socios.clave_socio))
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .innerJoin(regiones, eq(comunidades.region, regiones.id));
}

export type PaymentSelect = Awaited<ReturnType<ReturnType<typeof paymentQuery>['execute']>>[number];

/** The member's display name from a payment-list row. */
export function paymentMemberName(r: PaymentSelect): string {
  return joinName([r.socio_nombres, r.socio_paterno, r.socio_materno]);
}

export function paymentAuthorName(r: PaymentSelect): string {
  return joinName([r.autor_nombre, r.autor_apellido]);
}

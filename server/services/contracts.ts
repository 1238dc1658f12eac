/**
 * Contracts (contratos, docs/business-rules.md#contracts) on the server: creation from an approved
 * request, the lists and the detail, activation and extension. Loading and scoping live in
 * `credit-records.ts`, the answer shapes in `contract-rows.ts`.
 */
import { and, eq, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import * as z from 'zod';
import type { CreditType, Process } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import { dueDateFrom, termLabel } from '#domain/debt';
import type { ActivationValues } from '#domain/forms/activation';
import type { ExtensionValues } from '#domain/forms/extension';
import { msg } from '#domain/messages';
import { centsToDecimalString, type Cents } from '#domain/money';
import { can } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { comunidades, contratos, pagos, socios } from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import {
  toContractDetail,
  toContractRows,
  type ContractDetail,
  type ContractRow,
} from './contract-rows.ts';
import { disbursementNotLinked } from './bank-links.ts';
import {
  cents,
  contractScope,
  findContract,
  loadDebtPaymentsOf,
  type CreditReader,
} from './credit-records.ts';
import {
  contractFromValues,
  contractsJoined,
  contractValues,
  firstValue,
  LIST_ORDER,
  loadContractsBulk,
  loadDebtPaymentsBulk,
  scopedContractIds,
} from './credit-bulk.ts';
import { allOf, theRow } from '#server/db/conditions';

/** The approved request, as the manager's evaluation (docs/business-rules.md#credit-requests) hands it over. */
export interface ApprovedRequest {
  folio_solicitud: number;
  clave_socio: number;
  proceso: Process;
  tipo_credito: CreditType;
  /** Approved amount in integer cents. */
  monto_aprobado: Cents;
  /** Approved term in months. */
  plazo_aprobado: number;
  /** Monthly ordinary rate, percent, as decimal text ("1.5000") or a number. */
  tasa_aprobada: string | number;
  /** Monthly late rate, percent, as decimal text or a number. */
  tasa_mor_aprobada: string | number;
}

/**
 * Create the contract of an approved request inside the caller's transaction `tx`
 * (docs/business-rules.md#contracts): estatus DP, execution PC, shared fund when the request is FC,
 * no extension, no start date (activation sets it later).
 */
export async function createContractFromRequest(
  tx: Db,
  request: ApprovedRequest,
): Promise<{ id: number }> {
  const [row] = await tx
    .insert(contratos)
    .values({
      solicitud: request.folio_solicitud,
      clave_socio: request.clave_socio,
      proceso: request.proceso,
      tipo_credito: request.tipo_credito,
      monto: centsToDecimalString(request.monto_aprobado),
      plazo: request.plazo_aprobado,
      prorroga: 0,
      tasa: String(request.tasa_aprobada),
      tasa_moratoria: String(request.tasa_mor_aprobada),
      tipo_tasa: null,
      fecha_inicio: null,
      estatus: 'DP',
      estatus_ejecucion: 'PC',
      fondo_comun: request.tipo_credito === 'FC',
    })
    .returning({ id: contratos.id });
  if (!row) throw new Error('contract insert returned no row');
  return { id: row.id };
}

// ---------------------------------------------------------------- reads

/** List filters of GET /contratos.json (docs/business-rules.md#contracts). */
export interface ContractListFilter {
  /** Every contract (`all=true`, `/contratos/all/`); else only DP ("with debt"). */
  all: boolean;
  /** Only this region (intersected with the caller's scope). */
  region: number | null;
  /** Only shared funds when true; shared funds are excluded otherwise. */
  fondocomun: boolean;
}

export function listCondition(filter: ContractListFilter): SQL {
  return allOf(
    eq(contratos.fondo_comun, filter.fondocomun),
    filter.all ? undefined : eq(contratos.estatus, 'DP'),
    filter.region === null ? undefined : eq(comunidades.region, filter.region),
  );
}

/** Contracts in scope matching `where` with their debt today: two queries, one pass. */
export async function listContractsWhere(
  db: Db,
  reader: CreditReader,
  where: SQL,
  today: IsoDate,
): Promise<ContractRow[]> {
  const [contracts, payments] = await Promise.all([
    loadContractsBulk(db, reader, where),
    loadDebtPaymentsBulk(db, reader, where),
  ]);
  return toContractRows(contracts, payments, today);
}

/** GET /contratos.json: the list with debt today. */
export function listContracts(
  db: Db,
  reader: CreditReader,
  filter: ContractListFilter,
  today: IsoDate,
): Promise<ContractRow[]> {
  return listContractsWhere(db, reader, listCondition(filter), today);
}

/** The columns a page of GET /contratos.json may be sorted by (`ordering`, `-` for descending). */
export const CONTRACT_ORDERINGS = [
  'id',
  'fecha_inicio',
  'nombres',
  'clave_socio',
  'monto',
  'region',
] as const;
export type ContractOrdering = (typeof CONTRACT_ORDERINGS)[number];

/** One page of the list: its size, where it starts, and its order (null: the lists' own). */
export interface ContractPageRequest {
  limit: number;
  offset: number;
  ordering: { by: ContractOrdering; descending: boolean } | null;
}

/** Sums over every contract of the list, not only the page, in integer cents. */
export interface ContractListTotals {
  monto: Cents;
  /** Every payment's amount. */
  pagado: Cents;
  /** Pending capital of the contracts with a debt today. */
  capital_por_pagar: Cents;
}

export interface ContractPage {
  count: number;
  results: ContractRow[];
  totals: ContractListTotals;
}

const orderingColumns: Record<ContractOrdering, PgColumn[]> = {
  id: [contratos.id],
  fecha_inicio: [contratos.fecha_inicio],
  nombres: [socios.nombres, socios.apellido_paterno, socios.apellido_materno],
  clave_socio: [contratos.clave_socio],
  monto: [contratos.monto],
  region: [comunidades.region],
};

function pageOrder(ordering: ContractPageRequest['ordering']): SQL {
  if (ordering === null) return LIST_ORDER;
  const direction = ordering.descending ? sql`desc` : sql`asc`;
  const columns = orderingColumns[ordering.by].map((column) => sql`${column} ${direction}`);
  // Ties (same start, same amount…) always in one order, so pages neither repeat nor skip.
  return sql.join([...columns, sql`${contratos.id} desc`], sql`, `);
}

const totalsRow = z.object({
  rows: z.array(
    z.object({
      n: z.coerce.number(),
      monto: z.string(),
      pagado: z.string(),
      capital: z.string(),
    }),
  ),
});

/**
 * Count and totals of the whole list in SQL: the amount, what was paid, and the pending capital
 * of the contracts that have a debt today (started by today, execution CO, status DP — when
 * `#domain/contract-figures` computes one) from their payments dated by today.
 */
async function listTotals(
  db: Db,
  reader: CreditReader,
  where: SQL,
  today: IsoDate,
): Promise<{ count: number; totals: ContractListTotals }> {
  const paid = sql`(select ${pagos.credito} as credito, sum(${pagos.cantidad}) as pagado,
      sum(${pagos.abono_capital}) filter (where ${lte(pagos.fecha_pago, today)}) as capital
      from ${pagos}
      where ${inArray(pagos.credito, scopedContractIds(db, reader, where))}
      group by ${pagos.credito}) as paid`;
  const withDebt = allOf(
    isNotNull(contratos.fecha_inicio),
    lte(contratos.fecha_inicio, today),
    eq(contratos.estatus_ejecucion, 'CO'),
    eq(contratos.estatus, 'DP'),
  );
  const result = await db.execute(
    sql`select count(*) as n, coalesce(sum(${contratos.monto}), 0)::text as monto,
          coalesce(sum(paid.pagado), 0)::text as pagado,
          coalesce(sum(${contratos.monto} - coalesce(paid.capital, 0))
            filter (where ${withDebt}), 0)::text as capital
        from ${contractsJoined()} left join ${paid} on paid.credito = ${contratos.id}
        where ${and(contractScope(reader), where)}`,
  );
  const row = theRow(totalsRow.parse(result).rows, 'the list totals');
  return {
    count: row.n,
    totals: {
      monto: cents(row.monto),
      pagado: cents(row.pagado),
      capital_por_pagar: cents(row.capital),
    },
  };
}

/**
 * GET /contratos.json?limit=: one page of the list, sorted and cut in SQL, only its contracts'
 * payments read and their figures computed; the count and totals of the whole list beside it.
 */
export async function listContractPage(
  db: Db,
  reader: CreditReader,
  filter: ContractListFilter,
  page: ContractPageRequest,
  today: IsoDate,
): Promise<ContractPage> {
  const where = listCondition(filter);
  const order = pageOrder(page.ordering);
  const packed = await firstValue(
    db,
    sql`select json_agg(json_build_array(${contractValues()}) order by page.ordinal)::text as packed
        from (select ${contratos.id} as id, row_number() over (order by ${order}) as ordinal
              from ${contractsJoined()}
              where ${and(contractScope(reader), where)}
              order by ${order}
              limit ${page.limit} offset ${page.offset}) as page
        inner join (${contractsJoined()}) on ${contratos.id} = page.id`,
  );
  const contracts =
    packed === null ? [] : (JSON.parse(packed) as unknown[][]).map(contractFromValues);
  const [payments, { count, totals }] = await Promise.all([
    loadDebtPaymentsOf(
      db,
      contracts.map((c) => c.id),
    ),
    listTotals(db, reader, where, today),
  ]);
  return { count, results: toContractRows(contracts, payments, today), totals };
}

/**
 * GET /contratos/no-link/: disbursed (CO) contracts whose disbursement is not linked to an
 * accounting record yet.
 */
export function listUnlinkedContracts(
  db: Db,
  reader: CreditReader,
  fondocomun: boolean,
  today: IsoDate,
): Promise<ContractRow[]> {
  const where = allOf(
    eq(contratos.estatus_ejecucion, 'CO'),
    eq(contratos.fondo_comun, fondocomun),
    disbursementNotLinked(),
  );
  return listContractsWhere(db, reader, where, today);
}

/** One contract in scope (only a shared fund with `fondocomun`), or null. */
export async function findContractDetail(
  db: Db,
  reader: CreditReader,
  id: number,
  today: IsoDate,
  options: { fondocomun?: boolean } = {},
): Promise<ContractDetail | null> {
  const contract = await findContract(db, reader, id);
  if (!contract || (options.fondocomun && !contract.fondo_comun)) return null;
  const payments = (await loadDebtPaymentsOf(db, [id])).get(id) ?? [];
  return toContractDetail(contract, payments, today);
}

// ---------------------------------------------------------------- activation and extension

/** Answer of PATCH /contratos/{id}.json: id and member name. */
export interface ActivationAnswer {
  id: number;
  nombres: string;
}

const fieldError = (field: string, key: string, params?: Record<string, string | number>) =>
  new RuleError({ [field]: [msg(`server.credits.${key}`, params)] });

/**
 * Activation (docs/business-rules.md#contracts): the start date and rate type are set once (sending
 * the same values again is accepted, so the form can be resent; different ones are an error on
 * fecha_inicio); execution moves only while it is PC: to CO, or to CA by the
 * manager only — never back to PC; bank date and reference are stored when sent.
 */
export async function activateContract(
  tx: Db,
  reader: CreditReader,
  id: number,
  values: ActivationValues,
  options: { fondocomun?: boolean } = {},
): Promise<ActivationAnswer | null> {
  const contract = await findContract(tx, reader, id, { forUpdate: true });
  if (!contract || (options.fondocomun && !contract.fondo_comun)) return null;
  const c = contract.debt;

  const changes: Partial<typeof contratos.$inferInsert> = {};
  if (c.fecha_inicio === null) {
    changes.fecha_inicio = values.fecha_inicio;
    changes.tipo_tasa = values.tipo_tasa;
  } else if (values.fecha_inicio !== c.fecha_inicio || values.tipo_tasa !== c.tipo_tasa) {
    throw fieldError('fecha_inicio', 'alreadyStarted', { fecha_inicio: c.fecha_inicio });
  }

  const target = values.estatus_ejecucion;
  if (target !== null && target !== c.estatus_ejecucion) {
    if (c.estatus_ejecucion !== 'PC')
      throw fieldError('estatus_ejecucion', 'executionLocked', { estatus: c.estatus_ejecucion });
    if (target === 'CA' && !can(reader.role, 'contratos', 'cancel'))
      throw fieldError('estatus_ejecucion', 'cancelOnlyManager');
    changes.estatus_ejecucion = target;
  }
  if (values.fecha_banco !== null) changes.fecha_banco = values.fecha_banco;
  if (values.referencia_banco !== null) changes.referencia_banco = values.referencia_banco;

  if (Object.keys(changes).length > 0)
    await tx.update(contratos).set(changes).where(eq(contratos.id, id));
  return { id, nombres: contract.nombres };
}

export interface ExtensionAnswer {
  id: number;
  prorroga: number;
  plazo_disp: string;
  fecha_vencimiento: IsoDate;
}

/**
 * Extension (docs/business-rules.md#contracts, GE): once per contract, only for a DP contract whose
 * execution is CO (so it has a start date); moves the due date by the months given.
 */
export async function extendContract(
  tx: Db,
  reader: CreditReader,
  id: number,
  values: ExtensionValues,
): Promise<ExtensionAnswer | null> {
  const contract = await findContract(tx, reader, id, { forUpdate: true });
  if (!contract) return null;
  const c = contract.debt;
  if (c.prorroga > 0) throw fieldError('prorroga', 'extensionExists', { meses: c.prorroga });
  if (c.estatus !== 'DP' || c.estatus_ejecucion !== 'CO' || c.fecha_inicio === null) {
    throw new RuleError({
      non_field_errors: [
        msg('server.credits.extensionNotAllowed', {
          estatus: c.estatus,
          ejecucion: c.estatus_ejecucion,
        }),
      ],
    });
  }
  await tx
    .update(contratos)
    .set({ prorroga: values.prorroga, prorroga_justificacion: values.prorroga_justificacion })
    .where(eq(contratos.id, id));
  const extended = { ...c, prorroga: values.prorroga };
  return {
    id,
    prorroga: values.prorroga,
    plazo_disp: termLabel(extended),
    fecha_vencimiento: dueDateFrom(c.fecha_inicio, extended),
  };
}

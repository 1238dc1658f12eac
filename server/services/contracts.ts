/**
 * Contracts (contratos, docs/business-rules.md#contracts) on the server: creation from an approved
 * request, the lists and the detail, activation and extension. Loading and scoping live in
 * `credit-records.ts`, the answer shapes in `contract-rows.ts`.
 */
import { eq, type SQL } from 'drizzle-orm';
import type { CreditType, Process } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import { dueDate, termLabel } from '#domain/debt';
import type { ActivationValues } from '#domain/forms/activation';
import type { ExtensionValues } from '#domain/forms/extension';
import { msg } from '#domain/messages';
import { centsToDecimalString, type Cents } from '#domain/money';
import { can } from '#domain/permissions';
import type { Db } from '#server/db/client';
import { comunidades, contratos } from '#server/db/schema';
import { RuleError } from '#domain/rule-errors';
import {
  toContractDetail,
  toContractRows,
  type ContractDetail,
  type ContractRow,
} from './contract-rows.ts';
import { disbursementNotLinked } from './bank-links.ts';
import { findContract, loadDebtPaymentsOf, type CreditReader } from './credit-records.ts';
import { loadContractsBulk, loadDebtPaymentsBulk } from './credit-bulk.ts';
import { allOf } from '#server/db/conditions';

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
    fecha_vencimiento: dueDate(extended)!,
  };
}

/**
 * The row type of every replicated table (docs/architecture.md#data-flow): the shape
 * the pull and the list endpoints answer (defined once in `src/domain`), plus what only the
 * phone has — a record captured here and not numbered by the server yet is keyed by its client
 * UUID, and carries the marks of the write it waits for (`_localId`, `_pending`) so a pull
 * never overwrites it.
 */
import type { ContractReplicaRow, PaymentReplicaRow } from '#domain/credit-replica';
import type { CreditRequestAnswer } from '#domain/credit-request-shape';
import type { AcopioListRow, MovementListRow } from '#domain/delivery-exports';
import type {
  Cargo,
  CargoCoop,
  Community,
  Empresa,
  Fuente,
  Hermitage,
  Puesto,
  Region,
  Socio,
  Zone,
} from '#domain/entities';
import type { TranslationRow } from '#domain/translations';

/** The marks of a record written on this phone and still waiting for the server. */
export interface LocalMarks {
  /** Client UUID of the record (its outbox `recordId`). */
  _localId?: string;
  /** Mutation id of the latest queued write of the record. */
  _pending?: string;
}

/** A record's key: the server's number, or the client UUID of a record not numbered yet. */
export type RecordKey = number | string;

export type RegionRow = Region & LocalMarks;
export type ZoneRow = Zone & LocalMarks;
export type HermitageRow = Hermitage & LocalMarks;
export type CargoRow = Cargo & LocalMarks;
export type CargoCoopRow = CargoCoop & LocalMarks;
export type EmpresaRow = Empresa & LocalMarks;
export type PuestoRow = Puesto & LocalMarks;
export type FuenteRow = Fuente & LocalMarks;

/** A community (a queued create is keyed by its client UUID until the server answers). */
export interface CommunityRow extends Omit<Community, 'id'>, LocalMarks {
  id: RecordKey;
}

/** A member: the shape of GET /socios/{id}.json, or an optimistic one keyed by its UUID. */
export interface SocioRow extends Omit<Socio, 'clave_socio'>, LocalMarks {
  clave_socio: RecordKey;
  /** "apellido_paterno apellido_materno nombres" (the detail answer's). */
  nombre_productor?: string;
}

/** A credit request with its chat; a new one is keyed by its client UUID. */
export interface SolicitudRow extends Omit<CreditRequestAnswer, 'folio_solicitud'>, LocalMarks {
  folio_solicitud: RecordKey;
}

export type ContratoRow = ContractReplicaRow;
export type PagoRow = PaymentReplicaRow;

/** A collection; a new one is keyed by its client UUID. */
export interface AcopioRow extends Omit<AcopioListRow, 'id'>, LocalMarks {
  id: RecordKey;
}

/** A contribution or withdrawal; a new one is keyed by its client UUID. */
export interface MovimientoRow extends Omit<MovementListRow, 'id'>, LocalMarks {
  id: RecordKey;
}

/** A translated string; a save queued on this phone marks it `_pending`. */
export type TraduccionRow = TranslationRow & LocalMarks;

/** Each replicated Dexie table with its row type and its key type. */
export interface ReplicaTables {
  regiones: { row: RegionRow; key: number };
  zonas: { row: ZoneRow; key: number };
  comunidades: { row: CommunityRow; key: RecordKey };
  ermitas: { row: HermitageRow; key: number };
  cargos: { row: CargoRow; key: number };
  cargosCoop: { row: CargoCoopRow; key: number };
  empresas: { row: EmpresaRow; key: number };
  puestos: { row: PuestoRow; key: number };
  fuentes: { row: FuenteRow; key: number };
  socios: { row: SocioRow; key: RecordKey };
  solicitudes: { row: SolicitudRow; key: RecordKey };
  contratos: { row: ContratoRow; key: number };
  pagos: { row: PagoRow; key: RecordKey };
  acopios: { row: AcopioRow; key: RecordKey };
  movimientos: { row: MovimientoRow; key: RecordKey };
  traducciones: { row: TraduccionRow; key: string };
}

export type ReplicaTableName = keyof ReplicaTables;

/** A record the server has not numbered yet (its key is the client UUID). */
export function isLocalKey(key: RecordKey): key is string {
  return typeof key !== 'number';
}

/**
 * Dexie schema versions of the per-user database. Never edit a published version: add a new
 * one that creates tables or indexes (Dexie carries every other table over untouched, so the
 * outbox survives every upgrade). `upgrade` may transform rows of the new version.
 */
import type { Transaction } from 'dexie';
import { present } from '#domain/guards';

export interface SchemaVersion {
  version: number;
  /** Dexie store definitions; `null` deletes a table (never do that to `outbox`). */
  stores: Record<string, string | null>;
  upgrade?: (tx: Transaction) => Promise<void>;
}

export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      regiones: 'id',
      zonas: 'id',
      comunidades: 'id, region',
      ermitas: 'ermita_id',
      cargos: 'id',
      cargosCoop: 'id',
      empresas: 'id',
      puestos: 'id',
      fuentes: 'id',
      socios: 'clave_socio, comunidad, region, _localId',
      outbox: 'id, seq, status, chainKey, recordId, kind, nextAttemptAt',
      meta: 'key',
      audit: '++id, at',
    },
  },
  {
    // The money areas: requests, contracts and payments, collections and
    // contributions. Indexes serve the screens' filters and the per-contract lookups.
    version: 2,
    stores: {
      solicitudes: 'folio_solicitud, clave_socio, promotor, fecha_solicitud, _localId',
      contratos: 'id, clave_socio, region, estatus, _localId',
      pagos: 'id, credito, fecha_pago, _localId',
      acopios: 'id, clave_socio, fecha, tipo_de_producto, comunidad, region, _localId',
      movimientos: 'id, clave_socio, fecha_entrega, _localId',
    },
  },
  {
    // The cooperative's own translations, keyed `${idioma}:${clave}`.
    version: 3,
    stores: { traducciones: 'id' },
  },
];

export const LATEST_SCHEMA_VERSION = present(SCHEMA_VERSIONS.at(-1), 'the schema versions').version;

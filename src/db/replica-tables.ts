/**
 * THE registration point of replicated tables (docs/sync-protocol.md#pull): which
 * table of the pull answer (`server`) lands in which Dexie table (`table`) under which key.
 * An area issue that replicates a new table adds an entry here AND a Dexie version in
 * `schema-versions.ts` that creates the table.
 */

import type { ReplicaTableName } from './replica-rows';

export interface ReplicaTableDef {
  /** Table name in `PullAnswer.changes` (the server's registration name). */
  server: string;
  /** Dexie table name. */
  table: ReplicaTableName;
  /** Primary key field of the row (the list endpoint's id field). */
  key: string;
}

export const REPLICA_TABLES: readonly ReplicaTableDef[] = [
  { server: 'regiones', table: 'regiones', key: 'id' },
  { server: 'zonas', table: 'zonas', key: 'id' },
  { server: 'comunidades', table: 'comunidades', key: 'id' },
  { server: 'ermitas', table: 'ermitas', key: 'ermita_id' },
  { server: 'cargos', table: 'cargos', key: 'id' },
  { server: 'cargos_coop', table: 'cargosCoop', key: 'id' },
  { server: 'empresas', table: 'empresas', key: 'id' },
  { server: 'puestos', table: 'puestos', key: 'id' },
  { server: 'fuentes', table: 'fuentes', key: 'id' },
  { server: 'socios', table: 'socios', key: 'clave_socio' },
  { server: 'solicitudes', table: 'solicitudes', key: 'folio_solicitud' },
  { server: 'contratos', table: 'contratos', key: 'id' },
  { server: 'pagos', table: 'pagos', key: 'id' },
  { server: 'acopios', table: 'acopios', key: 'id' },
  { server: 'movimientos', table: 'movimientos', key: 'id' },
  { server: 'traducciones', table: 'traducciones', key: 'id' },
];

export function replicaTableForServer(server: string): ReplicaTableDef | undefined {
  return REPLICA_TABLES.find((def) => def.server === server);
}

export function replicaTableNames(): ReplicaTableName[] {
  return REPLICA_TABLES.map((def) => def.table);
}

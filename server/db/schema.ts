/** Drizzle schema: every table of the API (drizzle-kit reads this file, see drizzle.config.ts). */
export { rowVersionSeq } from './schema/columns.ts';
export * from './schema/reference.ts';
export { socios } from './schema/socios.ts';
export { condonaciones, contratos, pagos, solicitudChat, solicitudes } from './schema/credits.ts';
export { acopios, movimientos } from './schema/deliveries.ts';
export {
  bancos,
  movimientosBanco,
  registrosContables,
  subcuentas,
  type RecordRelation,
} from './schema/banking.ts';
export {
  fieldQueueReports,
  idempotencyKeys,
  syncRemovalHorizon,
  syncRemovals,
  userContacts,
} from './schema/sync.ts';
export { users } from './schema/users.ts';
export { importRuns } from './schema/imports.ts';
export { loginFailures } from './schema/login-failures.ts';
export { sessions } from './schema/sessions.ts';
export { receiptDevices } from './schema/receipt-devices.ts';
export { tripClosingCaptures, tripClosings } from './schema/trips.ts';
export { translationHistory, translations } from './schema/translations.ts';
export { visitMarks } from './schema/visits.ts';

/** Tables replicated to phones; each has `row_version` maintained by a trigger. */
export const REPLICATED_TABLES = [
  'regiones',
  'interzonas',
  'zonas',
  'municipios',
  'localidades',
  'ermitas',
  'comunidades',
  'cargos',
  'cargos_coop',
  'empresas',
  'puestos',
  'fuentes',
  'socios',
  'solicitudes',
  'contratos',
  'pagos',
  'acopios',
  'movimientos',
] as const;

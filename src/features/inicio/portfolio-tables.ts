/** The replica tables the office's home reads for today's portfolio (#app/screen-readiness). */
import type { ReplicaTableName } from '#db/replica-rows';

export const HOME_PORTFOLIO_TABLES: readonly ReplicaTableName[] = [
  'regiones',
  'contratos',
  'pagos',
];

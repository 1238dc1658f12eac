/**
 * "Linked to an accounting record" (docs/business-rules.md#bank-reconciliation-and-accounting): a
 * contribution/withdrawal, a payment or a contract's disbursement is reconciled once a record
 * points at it. These conditions keep the pending lists (`/movimientos-conc/`, `/pagos/no-link/`,
 * `/contratos/no-link/`) and the checks of POST /mov-bancos/ on one definition.
 */
import { sql, type SQL } from 'drizzle-orm';
import { contratos, movimientos, pagos, registrosContables } from '#server/db/schema';

/** The movement has no accounting record yet. */
export const movementNotLinked = (): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${registrosContables} WHERE ${registrosContables.aport_retiro} = ${movimientos.id})`;

/** No part of the payment has an accounting record yet. */
export const paymentNotLinked = (): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${registrosContables} WHERE ${registrosContables.pago} = ${pagos.id})`;

/** The contract's disbursement has no accounting record yet. */
export const disbursementNotLinked = (): SQL =>
  sql`NOT EXISTS (SELECT 1 FROM ${registrosContables} WHERE ${registrosContables.ej_credito} = ${contratos.id})`;

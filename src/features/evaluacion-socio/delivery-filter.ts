/**
 * Which collections a delivery chart adds up (docs/business-rules.md#collections `year_sum`): one
 * member, else a community, else a region — the filter precedence of the API.
 */
import type { AcopioListRow } from '#domain/delivery-exports';

export type DeliveryScope =
  | { kind: 'socio'; clave: number }
  | { kind: 'comunidad'; id: number }
  | { kind: 'region'; id: number };

/** The fields a scope reads: a collection the server numbered or one still on its way. */
type ScopedRow = Pick<AcopioListRow, 'clave_socio' | 'comunidad' | 'region'>;

export function inDeliveryScope(scope: DeliveryScope, row: ScopedRow): boolean {
  switch (scope.kind) {
    case 'socio':
      return row.clave_socio === scope.clave;
    case 'comunidad':
      return row.comunidad === scope.id;
    default:
      return row.region === scope.id;
  }
}

export function acopiosInScope<R extends ScopedRow>(rows: readonly R[], scope: DeliveryScope): R[] {
  return rows.filter((row) => inDeliveryScope(scope, row));
}

/**
 * Which collections a delivery chart adds up (spec part 1 screen 10, BUSINESS_RULES §8
 * `year_sum`): one member, else a community, else a region — the filter precedence of the API.
 */
import type { AcopioListRow } from '#domain/delivery-exports';

export type DeliveryScope =
  | { kind: 'socio'; clave: number }
  | { kind: 'comunidad'; id: number }
  | { kind: 'region'; id: number };

export function inDeliveryScope(scope: DeliveryScope, row: AcopioListRow): boolean {
  switch (scope.kind) {
    case 'socio':
      return row.clave_socio === scope.clave;
    case 'comunidad':
      return row.comunidad === scope.id;
    default:
      return row.region === scope.id;
  }
}

export function acopiosInScope(
  rows: readonly AcopioListRow[],
  scope: DeliveryScope,
): AcopioListRow[] {
  return rows.filter((row) => inDeliveryScope(scope, row));
}

/**
 * The order in which a full pull sends a role's tables (docs/sync-protocol.md#the-first-download).
 * A full pull goes table by table, so each table arrives complete at one moment and the phone
 * can open the screens that read only complete tables before the whole copy is there.
 *
 * First the small place and catalogue tables (a few pages at most: every screen labels its rows
 * with them), then what the role's home and most used screens read: the office's home is the
 * portfolio (contracts and payments), then the contracts, payments and portfolio lists; a
 * promoter's and a member's screens all start from the member list. Rows of the big tables the
 * role rarely opens come last. A table not named here (added later) follows in name order.
 */
import type { Role } from '#domain/roles';

const PLACES_AND_CATALOGUES = [
  'regiones',
  'zonas',
  'comunidades',
  'ermitas',
  'cargos',
  'cargos_coop',
  'empresas',
  'puestos',
  'fuentes',
  'traducciones',
] as const;

const OFFICE = ['contratos', 'pagos', 'socios', 'solicitudes', 'movimientos', 'acopios'] as const;
const FIELD = ['socios', 'solicitudes', 'contratos', 'pagos', 'acopios', 'movimientos'] as const;

const BY_ROLE: Record<Role, readonly string[]> = {
  CO: [...PLACES_AND_CATALOGUES, ...OFFICE],
  GE: [...PLACES_AND_CATALOGUES, ...OFFICE],
  VI: [...PLACES_AND_CATALOGUES, ...OFFICE],
  PR: [...PLACES_AND_CATALOGUES, ...FIELD],
  SO: [...PLACES_AND_CATALOGUES, ...FIELD],
};

/** The registered `tables` in the order a full pull for `role` sends them. */
export function fullPullOrder<T extends { name: string }>(role: Role, tables: readonly T[]): T[] {
  const rank = new Map(BY_ROLE[role].map((name, i) => [name, i]));
  const last = rank.size;
  return tables
    .map((table, i) => ({ table, i }))
    .sort(
      (a, b) => (rank.get(a.table.name) ?? last) - (rank.get(b.table.name) ?? last) || a.i - b.i,
    )
    .map(({ table }) => table);
}

/**
 * Which screens the phone can already show during its first download (docs/sync-protocol.md#the-first-download).
 * The server sends a full pull one table after another and says which tables are complete; a
 * screen is ready when every replica table it reads is. Before that, a screen would show an
 * empty or partial list as if it were all there is.
 *
 * SCREEN_TABLES is THE map, keyed by route (the routes of screens.tsx and menu.ts): the replica
 * tables the screen's lists and figures read. A route not in it reads none (it asks the server,
 * or shows the phone's own queue), so it is always ready.
 */
import { useStore } from 'zustand';
import type { ReplicaTableName } from '#db/replica-rows';
import { OFFICE_READERS, type Role } from '#domain/roles';
import { syncStatus } from '#sync/status-store';
import { tablesHeld, tablesMissing, type TablesHeld } from '#sync/tables-held';
import { HOME_PORTFOLIO_TABLES } from '#features/inicio/portfolio-tables.ts';

export const SCREEN_TABLES: Readonly<Record<string, readonly ReplicaTableName[]>> = {
  // The office's home: today's portfolio per region (the other roles' home reads no table).
  '/inicio': HOME_PORTFOLIO_TABLES,
  '/visita': [
    'comunidades',
    'socios',
    'solicitudes',
    'contratos',
    'pagos',
    'acopios',
    'movimientos',
  ],
  '/solicitudes': ['socios', 'solicitudes'],
  '/creditos': ['comunidades', 'contratos', 'pagos'],
  // The same contract list, on its shared-fund contracts.
  '/fondos-comunes': ['comunidades', 'contratos', 'pagos'],
  '/traducciones': ['traducciones'],
  '/pagos': ['contratos', 'pagos'],
  '/carteras': ['contratos', 'pagos'],
  '/acopios': ['comunidades', 'empresas', 'fuentes', 'socios', 'acopios'],
  '/movimientos': ['comunidades', 'socios', 'movimientos'],
  '/socios': ['regiones', 'comunidades', 'ermitas', 'cargos', 'cargosCoop', 'puestos', 'socios'],
  '/tsumbalil': ['regiones', 'comunidades', 'ermitas', 'cargos', 'cargosCoop', 'puestos'],
  '/mapa-procesos': ['regiones', 'zonas'],
  '/mapa-mision': ['regiones', 'zonas'],
  '/pago-formato': ['socios', 'contratos', 'pagos'],
  '/acopio-formato': ['comunidades', 'empresas', 'fuentes', 'socios'],
  '/movimiento-formato': ['socios', 'movimientos'],
  '/solicitud-formato': ['comunidades', 'socios'],
};

/** The route of a path: its first segment (`/mesa-control/12` → `/mesa-control`). */
export function routeOf(pathname: string): string {
  return `/${pathname.split('/')[1] ?? ''}`;
}

/** The tables `path` reads for `role` (the home reads the portfolio for the office only). */
export function screenTables(path: string, role: Role): readonly ReplicaTableName[] {
  const route = routeOf(path);
  if (route === '/inicio' && !OFFICE_READERS.includes(role)) return [];
  return SCREEN_TABLES[route] ?? [];
}

/** The tables `path` still waits for; empty = the screen is ready. */
export function missingTables(path: string, role: Role, held: TablesHeld): ReplicaTableName[] {
  return tablesMissing(held, screenTables(path, role));
}

/** The tables the phone holds complete, following the sync status. */
export function useTablesHeld(): TablesHeld {
  const pull = useStore(syncStatus, (s) => s.pull);
  const lastPullAt = useStore(syncStatus, (s) => s.lastPullAt);
  return tablesHeld({ pull, lastPullAt });
}

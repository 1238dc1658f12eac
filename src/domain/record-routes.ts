/**
 * Screens that work on one record carry its id in the address — `/mesa-control/1234`,
 * `/credito-imprimir/87` — so a reload, a shared link or the phone offline opens the same
 * record from the replica. The bare path still opens the screen: it finds its record as before
 * (the list's selection) or sends the user to where records are chosen (`RECORD_LISTS`).
 */
export const RECORD_ROUTES = [
  '/mesa-control',
  '/evaluacion',
  '/credito-imprimir',
  '/credito-activar',
  '/condonacion',
  '/prorroga',
] as const;

export type RecordRoute = (typeof RECORD_ROUTES)[number];

/** Where the user chooses the record of each screen. */
export const RECORD_LISTS: Readonly<Record<RecordRoute, string>> = {
  '/mesa-control': '/solicitudes',
  '/evaluacion': '/solicitudes',
  '/credito-imprimir': '/creditos',
  '/credito-activar': '/creditos',
  '/condonacion': '/creditos',
  '/prorroga': '/creditos',
};

const RECORD_ID = /^[1-9]\d{0,9}$/;

function isRecordRoute(path: string): path is RecordRoute {
  return (RECORD_ROUTES as readonly string[]).includes(path);
}

/** The address of record `id` on screen `route`. */
export function recordPath(route: RecordRoute, id: number): string {
  return `${route}/${id}`;
}

/**
 * A pathname read as `<record route>/<id>` (any case, a trailing slash ignored); null for any
 * other path, an id that is not a positive integer included.
 */
export function parseRecordPath(pathname: string): { route: RecordRoute; id: number } | null {
  const [, routeText, id] = /^(\/[^/]+)\/([^/]+)\/*$/.exec(pathname) ?? [];
  if (routeText === undefined || id === undefined) return null;
  const route = routeText.toLowerCase();
  if (!isRecordRoute(route) || !RECORD_ID.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? { route, id: value } : null;
}

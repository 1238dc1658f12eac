/**
 * Which built files each role needs offline, from the bundle's import graph:
 * - common (precached when the app is installed): the entry, the shell and everything it can
 *   load without a user's screen — languages, the login with its rule, the private side of the
 *   app (session, replica, sync: every user needs it, offline too) — and the public screens
 *   with what they import statically (the public map's map library, loaded on demand, is
 *   cached when a visitor opens it: no user's work needs it offline);
 * - per role (cached by the service worker once a user of that role logs in): the screens of
 *   the routes the role can reach, with every chunk, style sheet and asset they load,
 *   statically or on demand, beyond the common files.
 * Pure functions over a plain description of the chunks, so the rule is tested without a build.
 */
import { ROLES, type Role } from '../src/domain/roles.ts';
import {
  canReachRoute,
  GUARDED_ROUTES,
  SOCIO_ROUTES,
  STAFF_ROUTES,
} from '../src/domain/permissions.ts';
import { TRANSLATIONS_ROUTE } from '../src/domain/translation-access.ts';

/** One built file as the bundle describes it. */
export interface BuiltFile {
  file: string;
  /** Source modules in it (absolute ids). */
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  /** Style sheets and assets (fonts, images, workers) it loads. */
  loads: string[];
  isEntry: boolean;
}

/**
 * Route → the module its screen is imported from, read from src/app/screens.tsx: each route key
 * of `SCREENS` and the `lazyScreen` its entry names, else its entry's first `import('…')` (the
 * screen's; a later one is its data warm-up's).
 */
export function screenModules(screensSource: string): Map<string, string> {
  const lazyConsts = new Map<string, string>();
  for (const m of screensSource.matchAll(
    /const (\w+) = lazyScreen\(\s*\(\) =>\s*import\('([^']+)'\)/g,
  ))
    lazyConsts.set(m[1]!, m[2]!);
  const table = screensSource.slice(screensSource.indexOf('export const SCREENS'));
  const keys = [...table.matchAll(/^ {2}'(\/[^']*)':/gm)];
  const routes = new Map<string, string>();
  keys.forEach((key, i) => {
    const body = table.slice(key.index, keys[i + 1]?.index ?? table.length);
    const direct = /import\('([^']+)'\)/.exec(body)?.[1];
    const viaLazy = /(\w+)\.Screen\b/.exec(body)?.[1];
    // A named lazy screen first: its entry's own imports are its warm-up's, not its screen.
    const module = (viaLazy ? lazyConsts.get(viaLazy) : undefined) ?? direct;
    if (module) routes.set(key[1]!, module);
  });
  return routes;
}

/** `/logout` is the router's own (its screen comes with the private side of the app). */
const WITHOUT_SCREEN = '/logout';

/**
 * The screens' routes a role can open: its role tables, and the translation screen (any
 * translator).
 */
export function routesOf(role: Role): string[] {
  const candidates = [...SOCIO_ROUTES, ...STAFF_ROUTES, ...Object.keys(GUARDED_ROUTES)].filter(
    (route) => route !== WITHOUT_SCREEN,
  );
  return [...new Set([...candidates.filter((p) => canReachRoute(role, p)), TRANSLATIONS_ROUTE])];
}

export interface PrecacheSets {
  /** The files precached when the app is installed. */
  common: Set<string>;
  /** Every file of the bundle (the others in the precache manifest are the static files). */
  bundle: Set<string>;
  /** Per role: the files beyond the common ones. */
  byRole: Map<Role, string[]>;
}

interface Graph {
  edges(file: string): string[];
  fileOf(moduleId: string): string | undefined;
}

function graphOf(files: BuiltFile[], { onDemand }: { onDemand: boolean }): Graph {
  const byFile = new Map(files.map((f) => [f.file, f]));
  const moduleFile = new Map<string, string>();
  for (const f of files) for (const id of f.modules) moduleFile.set(id, f.file);
  return {
    edges: (file) => {
      const f = byFile.get(file);
      if (!f) return [];
      return onDemand
        ? [...f.imports, ...f.dynamicImports, ...f.loads]
        : [...f.imports, ...f.loads];
    },
    fileOf: (id) => moduleFile.get(id),
  };
}

function closure(graph: Graph, starts: Iterable<string>, stop: (file: string) => boolean) {
  const seen = new Set<string>();
  const queue = [...starts];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || stop(file)) continue;
    seen.add(file);
    queue.push(...graph.edges(file));
  }
  return seen;
}

/** `routeModule`: route → its screen's module (absolute ids, as in `BuiltFile.modules`). */
export function precacheSets(files: BuiltFile[], routeModule: Map<string, string>): PrecacheSets {
  const graph = graphOf(files, { onDemand: true });
  const staticGraph = graphOf(files, { onDemand: false });
  const routeFile = new Map<string, string>();
  for (const [route, id] of routeModule) {
    const file = graph.fileOf(id);
    if (!file) throw new Error(`No built file holds ${id} (route ${route})`);
    routeFile.set(route, file);
  }
  const loggedInRoutes = new Set(ROLES.flatMap(routesOf));
  const screensOf = (loggedIn: boolean) =>
    new Set(
      [...routeFile].filter(([route]) => loggedInRoutes.has(route) === loggedIn).map(([, f]) => f),
    );
  const userScreens = screensOf(true);
  const publicScreens = screensOf(false);
  const entries = files.filter((f) => f.isEntry).map((f) => f.file);
  // The shell's own closure: every screen is one of its on-demand imports, so it is where a
  // screen's closure stops.
  const started = closure(
    graph,
    entries,
    (file) => userScreens.has(file) || publicScreens.has(file),
  );
  const common = new Set([
    ...started,
    ...closure(staticGraph, publicScreens, (file) => userScreens.has(file)),
  ]);
  const byRole = new Map<Role, string[]>();
  for (const role of ROLES) {
    const starts = routesOf(role).flatMap((route) => routeFile.get(route) ?? []);
    const reached = closure(graph, starts, (file) => started.has(file));
    byRole.set(role, [...reached].filter((file) => !common.has(file)).sort());
  }
  return { common, bundle: new Set(files.map((f) => f.file)), byRole };
}

/**
 * Two chunks for the app's start, instead of the dozens automatic code splitting
 * cuts (one per combination of lazy screens sharing modules — each a request before the app
 * can start, six at a time over a phone's HTTP/1.1 link):
 * - `shell`: every module the entry (src/main.tsx) imports statically — the public pages, the
 *   login and what they need;
 * - `private`: what the private side of the app (src/app/private-app.tsx, loaded when a
 *   session starts) and the home screen (every start shows it) import statically beyond the
 *   shell — session, replica, sync, private layouts, the home's cards. The home's modules were
 *   fifteen chunks of their own, shared with lazy screens: fifteen more requests at each start,
 *   each a few milliseconds of the throttled main thread to issue and to take in (a trace of the
 *   cold start showed them), for code the start runs anyway.
 * - `commands`: the write commands' catalog (src/commands/catalog.ts, loaded after the start or
 *   at the first write) with every module it needs beyond those two and the home screen (which a
 *   start runs) — the payload shapes whose construction a start does not need — in one request
 *   instead of one per module.
 * The lazy screens import from all three. Nothing moves into or out of the shell by this.
 */
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type ChunkingContext = Rolldown.ChunkingContext;

/** The modules `entryId` imports, directly or not: statically, or also on demand. */
function importClosure(ctx: ChunkingContext, entryId: string, onDemand = false): Set<string> {
  const seen = new Set<string>();
  const queue = [entryId];
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = ctx.getModuleInfo(id);
    queue.push(
      ...(info?.importedIds ?? []),
      ...(onDemand ? (info?.dynamicallyImportedIds ?? []) : []),
    );
  }
  return seen;
}

const staticClosure = (ctx: ChunkingContext, entryId: string) => importClosure(ctx, entryId);

export const SHELL_ENTRY = 'src/main.tsx';
export const PRIVATE_ENTRY = 'src/app/private-app.tsx';
export const COMMANDS_ENTRY = 'src/commands/catalog.ts';
const HOME_SCREEN = 'src/features/inicio/home-screen.tsx';
/** The public side's screens: a visitor without a session loads them, never the private chunk. */
const PUBLIC_FEATURES = 'src/features/publico/';

/** The `name` of a rolldown code-splitting group: `shell`, `private`, `commands` or none (null). */
export function startChunkName(root: string) {
  const shellEntry = path.resolve(root, SHELL_ENTRY);
  const privateEntry = path.resolve(root, PRIVATE_ENTRY);
  const commandsEntry = path.resolve(root, COMMANDS_ENTRY);
  const homeScreen = path.resolve(root, HOME_SCREEN);
  const publicFeatures = path.resolve(root, PUBLIC_FEATURES) + path.sep;
  let closures: { shell: Set<string>; private: Set<string>; commands: Set<string> } | null = null;
  return (moduleId: string, ctx: ChunkingContext): string | null => {
    if (!closures) {
      // The home's modules that a public screen also imports (the map view of the public map)
      // stay in chunks of their own: a visitor's page must not fetch the private side for them.
      const publicModules = new Set(
        [...importClosure(ctx, shellEntry, true)]
          .filter((id) => id.startsWith(publicFeatures))
          .flatMap((id) => [...staticClosure(ctx, id)]),
      );
      const homeClosure = staticClosure(ctx, homeScreen);
      // The home screen's own module stays a screen of its own (scripts/role-precache.ts caches
      // screens by role); what it imports comes with the private side.
      const home = [...homeClosure].filter((id) => id !== homeScreen && !publicModules.has(id));
      closures = {
        shell: staticClosure(ctx, shellEntry),
        private: new Set([...staticClosure(ctx, privateEntry), ...home]),
        commands: new Set(
          [...staticClosure(ctx, commandsEntry)].filter((id) => !homeClosure.has(id)),
        ),
      };
    }
    if (moduleId === shellEntry) return null;
    if (closures.shell.has(moduleId)) return 'shell';
    if (closures.private.has(moduleId)) return 'private';
    if (closures.commands.has(moduleId)) return 'commands';
    return null;
  };
}

/**
 * V8's explicit compile hint: a chunk that starts with this comment has every function compiled
 * while the file streams in, on a background thread, instead of each one on the main thread at
 * its first call. Chromium keeps no code cache for module scripts served by the service worker,
 * so without it a cold start compiled some 1,700 functions (React's reconciler, the router, the
 * session, the sync engine) on the throttled main thread, every time — 400–500 ms of a traced
 * start; with it, under 100. The same holds for a screen's first visit and for the first
 * capture's receipt.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The app's own chunks take the hint; the big libraries fetched on demand do not (the map, the
 * charts, the spreadsheets): a screen calls a small part of them, and compiling all of it would
 * only cost the phone's memory and battery.
 */
const takesCompileHint = (name: string) => !/^(maplibre-gl|echarts|xlsx)/.test(name);

/**
 * Puts the compile hint on the app's chunks. V8 honours it only before any code, so it goes in
 * once the chunk is final — after Vite has put its preload map (`__vite__mapDeps`) at the top.
 */
export function compileHint(): Plugin {
  return {
    name: 'comonsit-compile-hint',
    apply: 'build',
    enforce: 'post',
    // The file name's hash covers the hint too: a cached file without it is not taken for it.
    augmentChunkHash(chunk) {
      return takesCompileHint(chunk.name) ? COMPILE_HINT : undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !takesCompileHint(item.name)) continue;
          item.code = `${COMPILE_HINT}\n${item.code}`;
          // A source-mapped build: every line moved down by one.
          if (item.map) item.map.mappings = `;${item.map.mappings}`;
        }
      },
    },
  };
}

/** Marks the hints only the plain index.html carries (the prerendered pages drop them). */
export const SESSION_START_HINT = 'data-session-start';

const SESSION_START_MODULES = [PRIVATE_ENTRY, HOME_SCREEN];

/**
 * The plain index.html — what the installed app starts from, and every route but the two
 * prerendered public pages — asks for the private side of the app and the home screen, with
 * every chunk they import, beside the shell: a user's start needs them at once, and fetched (or
 * read from the service worker's cache) beside the shell they are ready when the shell asks
 * instead of one step later.
 */
export function sessionStartPreload(): Plugin {
  let root = process.cwd();
  return {
    name: 'comonsit-session-start-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((item) => item.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // Each module with the chunks it imports statically: Chromium fetches only the module
        // a modulepreload names, so its imports would wait until the module runs.
        const files = new Set<string>();
        const add = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of byFile.get(fileName)?.imports ?? []) add(imported);
        };
        for (const module of SESSION_START_MODULES) {
          const id = path.resolve(root, module);
          const chunk = chunks.find((c) => c.moduleIds.includes(id));
          if (!chunk) throw new Error(`session start preload: no chunk holds ${module}`);
          add(chunk.fileName);
        }
        const hints = [...files]
          .filter((fileName) => !html.includes(`/${fileName}"`))
          .map(
            (fileName) =>
              `<link rel="modulepreload" crossorigin href="/${fileName}" ${SESSION_START_HINT}>`,
          );
        return html.replace('</head>', `${hints.join('')}</head>`);
      },
    },
  };
}

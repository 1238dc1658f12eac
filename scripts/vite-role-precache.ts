/**
 * Vite plugin + workbox manifest transform: installing the app precaches the
 * common files only; the files of each role's screens (scripts/role-precache.ts) are listed in
 * `dist/precache-roles.json`, which the service worker reads once a user logs in, fetching only
 * what its cache does not hold yet (file names carry their content hash, so an update fetches
 * only the files that changed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestTransform } from 'workbox-build';
import type { Plugin } from 'vite';
import { PRECACHE_ROLES_FILE, type PrecacheRoles } from '../src/domain/precache-roles.ts';
import { precacheSets, screenModules, type BuiltFile, type PrecacheSets } from './role-precache.ts';

const SHELL_ENTRY = 'src/main.tsx';
const SCREENS = 'src/app/screens.tsx';

/** `#features/x/y.tsx` (the project's import map) → its absolute path. */
function resolveImport(root: string, specifier: string): string {
  const alias = /^#(\w+)\/(.*)$/.exec(specifier);
  if (!alias) throw new Error(`${SCREENS}: unexpected import ${specifier}`);
  return path.resolve(root, 'src', alias[1]!, alias[2]!);
}

export function rolePrecache(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let root = process.cwd();
  let outDir = 'dist';
  let sets: PrecacheSets | null = null;

  const plugin: Plugin = {
    name: 'comonsit-role-precache',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const entryId = path.resolve(root, SHELL_ENTRY);
      const files: BuiltFile[] = Object.values(bundle).map((item) =>
        item.type === 'chunk'
          ? {
              file: item.fileName,
              modules: item.moduleIds,
              imports: item.imports,
              dynamicImports: item.dynamicImports,
              loads: [
                ...(item.viteMetadata?.importedCss ?? []),
                ...(item.viteMetadata?.importedAssets ?? []),
              ],
              isEntry: item.isEntry,
            }
          : {
              file: item.fileName,
              modules: [],
              imports: [],
              dynamicImports: [],
              loads: [],
              isEntry: false,
            },
      );
      // Only the app's own build (the service worker's build has its own entry).
      if (!files.some((f) => f.isEntry && f.modules.includes(entryId))) return;
      const routes = screenModules(readFileSync(path.resolve(root, SCREENS), 'utf8'));
      sets = precacheSets(
        files,
        new Map([...routes].map(([route, specifier]) => [route, resolveImport(root, specifier)])),
      );
    },
  };

  const manifestTransform: ManifestTransform = (entries) => {
    if (!sets) throw new Error('role precache: the app bundle was not seen before the manifest');
    const { common, bundle, byRole } = sets;
    const size = new Map(entries.map((e) => [e.url, e.size]));
    const roles: PrecacheRoles = {
      roles: Object.fromEntries(
        [...byRole].map(([role, files]) => [
          role,
          files.filter((f) => size.has(f)).map((f) => ({ url: `/${f}`, size: size.get(f) ?? 0 })),
        ]),
      ),
    };
    writeFileSync(path.join(outDir, PRECACHE_ROLES_FILE), JSON.stringify(roles));
    // The static files (icons, manifest, index.html) and the bundle's common files.
    const manifest = entries.filter((e) => !bundle.has(e.url) || common.has(e.url));
    return { manifest, warnings: [] };
  };

  return { plugin, manifestTransform };
}

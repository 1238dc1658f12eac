/**
 * Which built files the install precaches and which each role's login caches, over a small bundle
 * graph shaped like the app's, and the route table read from the real src/app/screens.tsx.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLES } from '#domain/roles';
import {
  precacheSets,
  routesOf,
  screenModules,
  type BuiltFile,
} from '../../scripts/role-precache.ts';

function file(name: string, links: Partial<Omit<BuiltFile, 'file'>> = {}): BuiltFile {
  return {
    file: name,
    modules: [`/src/${name}.tsx`],
    imports: [],
    dynamicImports: [],
    loads: [],
    isEntry: false,
    ...links,
  };
}

// entry → shell; the shell loads on demand the private side, a language, a public screen and
// two user screens. The public map imports the map view, which loads the map library on
// demand; the payments screen shows a map too and has its own style sheet.
const bundle: BuiltFile[] = [
  file('index', { imports: ['shell'], isEntry: true }),
  file('shell', {
    dynamicImports: ['private', 'tz', 'public-map', 'socios-screen', 'pagos-screen'],
    loads: ['shell.css'],
  }),
  file('shell.css'),
  file('private', { imports: ['shell'] }),
  file('tz'),
  file('public-map', { imports: ['shell', 'map-view'] }),
  file('map-view', { imports: ['shell'], dynamicImports: ['maplibre'] }),
  file('maplibre', { loads: ['maplibre.css', 'maplibre-worker'] }),
  file('maplibre.css'),
  file('maplibre-worker'),
  file('socios-screen', { imports: ['shell', 'private', 'table'] }),
  file('pagos-screen', { imports: ['shell', 'table', 'map-view'], loads: ['pagos.css'] }),
  file('pagos.css'),
  file('table', { imports: ['shell'] }),
];

const routes = new Map([
  ['/mapa', '/src/public-map.tsx'],
  ['/socios', '/src/socios-screen.tsx'],
  ['/pagos', '/src/pagos-screen.tsx'],
]);

describe('precache per role', () => {
  const sets = precacheSets(bundle, routes);

  it('installs the shell, the private side, the languages and the public screens, not the map library', () => {
    expect([...sets.common].sort()).toEqual(
      ['index', 'shell', 'shell.css', 'private', 'tz', 'public-map', 'map-view'].sort(),
    );
  });

  it("caches a role's screens with everything they load, on demand too, beyond the installed files", () => {
    // The permission table: a promoter records payments, a member does not.
    expect(routesOf('PR')).toContain('/pagos');
    expect(routesOf('SO')).not.toContain('/pagos');
    expect(sets.byRole.get('PR')).toEqual(
      [
        'maplibre',
        'maplibre-worker',
        'maplibre.css',
        'pagos-screen',
        'pagos.css',
        'socios-screen',
        'table',
      ].sort(),
    );
    expect(sets.byRole.get('SO')).toEqual(['socios-screen', 'table']);
  });

  it('lists every file of the bundle somewhere, and no installed file again for a role', () => {
    const listed = new Set([...sets.common, ...[...sets.byRole.values()].flat()]);
    expect([...sets.bundle].filter((f) => !listed.has(f))).toEqual([]);
    for (const files of sets.byRole.values())
      expect(files.filter((f) => sets.common.has(f))).toEqual([]);
  });
});

describe("the app's route table", () => {
  const source = readFileSync(path.resolve('src/app/screens.tsx'), 'utf8');
  const modules = screenModules(source);

  it('names an existing screen module for every route a role can open', () => {
    for (const role of ROLES) {
      for (const route of routesOf(role)) {
        const specifier = modules.get(route);
        expect(specifier, `${role} ${route}`).toMatch(/^#features\//);
        expect(existsSync(path.resolve('src', specifier!.slice(1))), specifier).toBe(true);
      }
    }
  });

  it('reads both shapes of entry: a screen imported in place and a named lazy screen', () => {
    expect(modules.get('/pagos')).toBe('#features/pagos/pagos-screen.tsx');
    expect(modules.get('/inicio')).toBe('#features/inicio/home-screen.tsx');
    expect(modules.get('/sincronizacion')).toBe('#features/sync-center/sync-center-screen.tsx');
  });
});

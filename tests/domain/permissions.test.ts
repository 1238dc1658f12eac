import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '#domain/roles';
import {
  GUARDED_ROUTES,
  PUBLIC_ROUTES,
  STAFF_ROUTES,
  can,
  canReachRoute,
  fallbackRoute,
  permissionMatrix,
  routeOf,
  scopeFor,
} from '#domain/permissions';

describe('permission table', () => {
  it('VI reads what privileged users read and writes nothing', () => {
    for (const row of permissionMatrix()) {
      if (row.role !== 'VI') continue;
      if (row.action === 'read') {
        expect(row.scope, `${row.resource}.read`).toBe(
          row.resource === 'users-me' ? 'self' : scopeFor('CO', row.resource, 'read'),
        );
      } else {
        expect(row.scope, `${row.resource}.${row.action}`).toBe('none');
      }
    }
  });

  it('nobody creates reference data over HTTP', () => {
    expect(
      permissionMatrix().filter((r) => r.resource === 'referencias' && r.action !== 'read'),
    ).toEqual([]);
    for (const role of ROLES) expect(can(role, 'referencias', 'read')).toBe(true);
  });

  it('scopes reads per role (BUSINESS_RULES §1)', () => {
    const read = (role: Role, r: Parameters<typeof scopeFor>[1]) =>
      scopeFor(role, r, 'read' as never);
    expect(read('GE', 'socios')).toBe('all');
    expect(read('PR', 'socios')).toBe('region');
    expect(read('SO', 'socios')).toBe('self');
    expect(read('PR', 'solicitudes')).toBe('own');
    expect(read('SO', 'solicitudes')).toBe('none');
    expect(read('PR', 'contratos')).toBe('region');
    expect(read('PR', 'bancos')).toBe('none');
    expect(read('PR', 'xlsx')).toBe('none');
    expect(read('VI', 'xlsx')).toBe('all');
    expect(read('SO', 'acopios')).toBe('self');
    expect(scopeFor(null, 'socios', 'read')).toBe('none');
  });

  it('grants the special actions to the right roles', () => {
    const who = <R extends Parameters<typeof can>[1]>(
      resource: R,
      action: Parameters<typeof can<R>>[2],
    ) => ROLES.filter((role) => can(role, resource, action));
    expect(who('solicitudes', 'create')).toEqual(['PR', 'CO', 'GE']);
    expect(who('solicitudes', 'review')).toEqual(['CO', 'GE']);
    expect(who('solicitudes', 'evaluate')).toEqual(['GE']);
    expect(who('solicitudes', 'renegotiate')).toEqual(['PR', 'CO', 'GE']);
    expect(scopeFor('PR', 'solicitudes', 'renegotiate')).toBe('own');
    expect(who('contratos', 'activate')).toEqual(['CO', 'GE']);
    expect(who('contratos', 'cancel')).toEqual(['GE']);
    expect(who('contratos', 'extend')).toEqual(['GE']);
    expect(who('condonaciones', 'create')).toEqual(['GE']);
    expect(who('pagos', 'create')).toEqual(['PR', 'CO', 'GE']);
    expect(scopeFor('PR', 'pagos', 'bank-edit')).toBe('region');
    expect(who('movimientos', 'contribute')).toEqual(['PR', 'CO', 'GE']);
    expect(who('movimientos', 'withdraw')).toEqual(['CO', 'GE']);
    expect(who('acopios', 'create')).toEqual(['PR', 'CO', 'GE']);
    expect(scopeFor('PR', 'acopios', 'create')).toBe('region');
    expect(who('bancos', 'create')).toEqual(['CO', 'GE']);
    expect(who('comunidades', 'update')).toEqual(['CO', 'GE']);
    expect(who('socios', 'create')).toEqual(['CO', 'GE']);
    expect(who('users-me', 'update')).toEqual(['PR', 'CO', 'GE']);
  });

  it('the matrix lists every role for every action', () => {
    const rows = permissionMatrix();
    const actions = new Set(rows.map((r) => `${r.resource}.${r.action}`));
    expect(rows.length).toBe(actions.size * ROLES.length);
  });
});

describe('route access', () => {
  it('logged out: public routes only, fallback /', () => {
    for (const path of PUBLIC_ROUTES) expect(canReachRoute(null, path)).toBe(true);
    expect(canReachRoute(null, '/inicio')).toBe(false);
    expect(canReachRoute(null, '/nada')).toBe(false);
    expect(fallbackRoute(null)).toBe('/');
  });

  it('socio: /inicio and /socios (and logout), fallback /socios', () => {
    expect(canReachRoute('SO', '/inicio')).toBe(true);
    expect(canReachRoute('SO', '/socios')).toBe(true);
    expect(canReachRoute('SO', '/logout')).toBe(true);
    for (const path of STAFF_ROUTES.filter((p) => !['/inicio', '/socios', '/logout'].includes(p))) {
      expect(canReachRoute('SO', path), path).toBe(false);
    }
    for (const path of Object.keys(GUARDED_ROUTES))
      expect(canReachRoute('SO', path), path).toBe(false);
    expect(canReachRoute('SO', '/')).toBe(false);
    expect(fallbackRoute('SO')).toBe('/socios');
  });

  it('staff: every staff route, guarded routes by role, fallback /inicio', () => {
    for (const role of ['PR', 'CO', 'GE', 'VI'] as const) {
      for (const path of STAFF_ROUTES)
        expect(canReachRoute(role, path), `${role} ${path}`).toBe(true);
      expect(canReachRoute(role, '/desconocida')).toBe(false);
      expect(fallbackRoute(role)).toBe('/inicio');
    }
    const reach = (path: string) => ROLES.filter((role) => canReachRoute(role, path));
    expect(reach('/bancos')).toEqual(['CO', 'GE', 'VI']);
    expect(reach('/subcuentas')).toEqual(['CO', 'GE', 'VI']);
    expect(reach('/banco-form')).toEqual(['CO', 'GE', 'VI']);
    expect(reach('/evaluacion')).toEqual(['GE']);
    expect(reach('/credito-activar')).toEqual(['CO', 'GE']);
    expect(reach('/evaluacion-socio')).toEqual(['CO', 'GE']);
    expect(reach('/acopio-formato')).toEqual(['PR', 'CO', 'GE']);
    expect(reach('/sincronizacion')).toEqual(['PR', 'CO', 'GE', 'VI']);
  });

  it('normalizes paths to their first segment', () => {
    expect(routeOf('/solicitud-formato/15?x=1#top')).toBe('/solicitud-formato');
    expect(routeOf('/bancos/')).toBe('/bancos');
    expect(routeOf('')).toBe('/');
    expect(canReachRoute('PR', '/bancos/3')).toBe(false);
    expect(canReachRoute('GE', '/evaluacion?folio=4')).toBe(true);
  });
});

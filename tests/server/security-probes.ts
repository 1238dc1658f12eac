/**
 * One probe per API call (several for a call with variants): the route as Fastify lists it,
 * the entry of the permission table (#domain/permissions) it performs, the record it names and
 * how (path → 404 out of scope; body → a 400 on that field, worded as for an unknown id), and
 * how to build a request a permitted caller gets `ok` for. The security matrix joins these with
 * the server's route table and the permission table; the fuzzing breaks their bodies.
 *
 * A route the server registers without a probe here fails the matrix: adding an API call means
 * saying which permission guards it.
 */
import { addDays } from '#domain/dates';
import { PERMISSIONS, scopeFor, type Resource, type Scope } from '#domain/permissions';
import { REPORTS } from '#domain/reports/shapes';
import type { Role } from '#domain/roles';
import { DEMO_PASSWORD } from '#tests/helpers/server-app';
import { paymentBody, today } from './contratos-helpers.ts';
import { validMemberBody } from './members-helpers.ts';
import { requestBody } from './solicitudes-helpers.ts';
import { translationProbes } from './security-probes-translations.ts';
import {
  cashContribution,
  coffeeAcopio,
  fixedTarget,
  freshContract,
  freshMovement,
  freshPayment,
  freshRequest,
  otherBankMovement,
  pendingContract,
  waivableContract,
  type Caller,
  type Place,
  type RecordKind,
  type Target,
  type World,
} from './security-world.ts';

export interface Permission {
  resource: Resource;
  action: string;
}

export interface ProbeRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  url: string;
  payload?: Record<string, unknown>;
}

export interface Probe {
  /** "METHOD /api/path/:param", exactly as the server's route table lists it. */
  route: string;
  /** Which variant of the call (one PATCH carrying several decisions). */
  variant?: string;
  /** Needs no token (login, refresh, configuration, health). */
  public?: boolean;
  /** The action performed: the permission table decides who may and in which scope. */
  permission?: Permission;
  /** A user with the translator flag may too, whatever its role. */
  orTranslator?: boolean;
  /** Checked by the route before `permission` (a 403 for roles without it). */
  gate?: Permission;
  /** How a role past the gate but without `permission` is refused, when not a 403. */
  deniedAs?: { status: 400; field: string };
  record?: {
    kind: RecordKind;
    via: 'path' | 'query' | 'body';
    /** The body field naming the record (via body). */
    field?: string;
    /** Whose scope decides visibility when not `permission`'s (a create naming a member). */
    scopeAs?: Permission;
    /** A record in the right state for this write (changed by it), instead of the fixed one. */
    fresh?: (w: World, place: Place) => Promise<Target>;
  };
  /** Status a permitted caller gets for an in-scope request. */
  ok: number;
  build(w: World, caller: Caller, target: Target | null): Promise<ProbeRequest> | ProbeRequest;
  /** Writes: one change that alone makes the body invalid (fuzzing keeps it while breaking others). */
  anchor?: { drop: string } | { set: Record<string, unknown> };
  /** What the fuzzing must know about this write's answers. */
  fuzz?: {
    /** Statuses a refused value may get besides 400 (a well-formed but wrong token is a 401). */
    alsoRefusedAs?: number[];
    /** Every field optional: `{}` is a valid PATCH that changes nothing. */
    partial?: boolean;
    /** Fields choosing the variant: a broken one is answered on non_field_errors. */
    selectors?: string[];
    /** Field → the field the answer names instead (an alias, a derived field). */
    aliases?: Record<string, string>;
  };
}

const perm = (resource: Resource, action: string): Permission => ({ resource, action });
const get = (url: string): ProbeRequest => ({ method: 'GET', url });
const id = (target: Target | null) => target!.id;

/** A list GET every permitted role gets 200 for. */
const list = (route: string, permission: Permission, query = ''): Probe => ({
  route: `GET ${route}`,
  permission,
  ok: 200,
  build: () => get(`${route}/${query}`),
});

/** A detail GET of a record in the path. */
const detail = (
  route: string,
  kind: RecordKind,
  permission: Permission,
  url: (id: number) => string,
): Probe => ({
  route: `GET ${route}`,
  permission,
  record: { kind, via: 'path' },
  ok: 200,
  build: (_w, _c, target) => get(url(id(target))),
});

const XLSX = perm('xlsx', 'read');

/** The member form of a member as it is stored (display-only fields dropped). */
async function memberForm(w: World, clave: number): Promise<Record<string, unknown>> {
  const res = await w.t.as('gerente', { method: 'GET', url: `/api/socios/${clave}.json` });
  const {
    nombre_comunidad: _c,
    full_name: _f,
    nombre_productor: _p,
    nombre_region: _r,
    rfc: _rfc,
    ...form
  } = res.json<Record<string, unknown>>();
  return form;
}

/** The refresh token of a fresh login of gerente. */
async function loginRefresh(w: World): Promise<string> {
  const res = await w.t.app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: 'gerente', password: DEMO_PASSWORD },
  });
  return res.json<{ refresh: string }>().refresh;
}

export function probes(): Probe[] {
  return [
    // ------------------------------------------------ public
    {
      route: 'POST /api/token',
      public: true,
      ok: 200,
      build: () => ({
        method: 'POST',
        url: '/api/token/',
        payload: { username: 'gerente', password: DEMO_PASSWORD },
      }),
      anchor: { drop: 'password' },
      fuzz: { alsoRefusedAs: [401] },
    },
    {
      route: 'POST /api/token/refresh',
      public: true,
      ok: 200,
      // A refresh token of a real login: refresh tokens rotate within their session.
      build: async (w) => ({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: await loginRefresh(w) },
      }),
      anchor: { drop: 'refresh' },
      fuzz: { alsoRefusedAs: [401] },
    },
    {
      route: 'POST /api/token/logout',
      public: true,
      ok: 200,
      build: async (w) => ({
        method: 'POST',
        url: '/api/token/logout/',
        payload: { refresh: await loginRefresh(w) },
      }),
      anchor: { drop: 'refresh' },
      fuzz: { alsoRefusedAs: [401] },
    },
    { route: 'GET /api/config', public: true, ok: 200, build: () => get('/api/config/') },
    { route: 'GET /api/health', public: true, ok: 200, build: () => get('/api/health/') },
    {
      route: 'GET /api/docs/openapi',
      public: true,
      ok: 200,
      build: () => get('/api/docs/openapi.json'),
    },

    // ------------------------------------------------ the caller itself
    list('/api/users/me', perm('users-me', 'read')),
    list('/api/users/gerentes', perm('contratos', 'print')),
    {
      route: 'PATCH /api/users/me',
      permission: perm('users-me', 'update'),
      ok: 200,
      build: () => ({
        method: 'PATCH',
        url: '/api/users/me.json',
        payload: { phone: '9191112233' },
      }),
      anchor: { set: { first_name: '' } },
      fuzz: { partial: true },
    },

    // ------------------------------------------------ translations, users
    ...translationProbes(),

    // ------------------------------------------------ reference lists and maps
    ...[
      'regiones',
      'zonas',
      'ermitas',
      'cargos',
      'cargos-coop',
      'empresas',
      'puestos',
      'fuentes',
    ].map((name) => list(`/api/${name}`, perm('referencias', 'read'))),
    detail(
      '/api/ermitas/:id',
      'hermitage',
      perm('referencias', 'read'),
      (i) => `/api/ermitas/${i}.json`,
    ),
    list('/api/ermitasXLSX', XLSX),
    list('/api/comunidades', perm('comunidades', 'read')),
    list('/api/comunidades/num-socios', perm('mapas', 'read')),
    list('/api/comunidadesXLSX', XLSX),
    {
      route: 'POST /api/comunidades',
      permission: perm('comunidades', 'create'),
      ok: 201,
      build: (w) => ({
        method: 'POST',
        url: '/api/comunidades/',
        payload: { nombre_de_comunidad: w.unique('Comunidad'), region: 2, ermita: null },
      }),
      anchor: { drop: 'nombre_de_comunidad' },
    },
    {
      route: 'PUT /api/comunidades/:id',
      permission: perm('comunidades', 'update'),
      record: { kind: 'community', via: 'path' },
      ok: 200,
      build: (w, _c, target) => ({
        method: 'PUT',
        url: `/api/comunidades/${id(target)}.json`,
        payload: { nombre_de_comunidad: w.unique('Comunidad'), region: 3 },
      }),
      anchor: { drop: 'nombre_de_comunidad' },
    },

    // ------------------------------------------------ members
    list('/api/socios', perm('socios', 'read')),
    detail('/api/socios/:id', 'member', perm('socios', 'read'), (i) => `/api/socios/${i}.json`),
    list('/api/sociosXLSX', XLSX),
    {
      route: 'POST /api/socios',
      permission: perm('socios', 'create'),
      ok: 201,
      build: async (w) => ({
        method: 'POST',
        url: '/api/socios/',
        payload: await validMemberBody(w.t, 1),
      }),
      anchor: { drop: 'nombres' },
      // The region is the community's: a wrong one is answered on comunidad.
      fuzz: { aliases: { region: 'comunidad' } },
    },
    {
      route: 'PUT /api/socios/:id',
      permission: perm('socios', 'update'),
      record: { kind: 'member', via: 'path' },
      ok: 200,
      build: async (w, _c, target) => ({
        method: 'PUT',
        url: `/api/socios/${id(target)}.json`,
        payload: await memberForm(w, id(target)),
      }),
      anchor: { drop: 'nombres' },
      fuzz: { aliases: { region: 'comunidad' } },
    },

    // ------------------------------------------------ credit requests
    list('/api/solic-creditos', perm('solicitudes', 'read')),
    list('/api/solic-creditos/all', perm('solicitudes', 'read')),
    detail(
      '/api/solic-creditos/:folio',
      'request',
      perm('solicitudes', 'read'),
      (i) => `/api/solic-creditos/${i}.json`,
    ),
    {
      route: 'POST /api/solic-creditos',
      permission: perm('solicitudes', 'create'),
      // The applicant must be a member the caller reads (a promoter: of its region).
      record: {
        kind: 'member',
        via: 'body',
        field: 'clave_socio',
        scopeAs: perm('socios', 'read'),
      },
      ok: 201,
      build: (w, _c, target) => {
        const place = target!.place as keyof World['members'];
        return {
          method: 'POST',
          url: '/api/solic-creditos/',
          payload: requestBody(id(target), w.members[place].aval),
        };
      },
      anchor: { drop: 'clave_socio' },
    },
    ...requestDecisions(),

    // ------------------------------------------------ contracts, portfolios, waivers
    list('/api/contratos', perm('contratos', 'read')),
    list('/api/contratos/all', perm('contratos', 'read')),
    detail(
      '/api/contratos/:id',
      'contract',
      perm('contratos', 'read'),
      (i) => `/api/contratos/${i}.json`,
    ),
    detail(
      '/api/contratos/:id/pagos',
      'contract',
      perm('contratos', 'read'),
      (i) => `/api/contratos/${i}/pagos/`,
    ),
    detail(
      '/api/contratos/:id/deuda',
      'contract',
      perm('contratos', 'read'),
      (i) => `/api/contratos/${i}/deuda/?fecha=${today()}`,
    ),
    list('/api/contratos/carteras', perm('carteras', 'read')),
    list('/api/contratos/carteras-per-region', perm('carteras', 'read')),
    list('/api/contratos/no-link', perm('bancos', 'read')),
    list('/api/contratosXLSX', XLSX, '?region=1'),
    {
      route: 'PATCH /api/contratos/:id',
      variant: 'activation',
      permission: perm('contratos', 'activate'),
      record: { kind: 'contract', via: 'path', fresh: pendingContract },
      ok: 200,
      build: (_w, _c, target) => ({
        method: 'PATCH',
        url: `/api/contratos/${id(target)}.json`,
        payload: {
          fecha_inicio: addDays(today(), -3),
          tipo_tasa: 'VA',
          estatus_ejecucion: 'CO',
          fecha_banco: addDays(today(), -3),
          referencia_banco: 'TRF001',
        },
      }),
      anchor: { set: { fecha_inicio: '2026-02-30' } },
    },
    {
      route: 'PATCH /api/contratos/:id',
      variant: 'cancellation',
      gate: perm('contratos', 'activate'),
      permission: perm('contratos', 'cancel'),
      // The activation form offers CA; a coordinator choosing it is told so on that field.
      deniedAs: { status: 400, field: 'estatus_ejecucion' },
      record: { kind: 'contract', via: 'path', fresh: pendingContract },
      ok: 200,
      build: (_w, _c, target) => ({
        method: 'PATCH',
        url: `/api/contratos/${id(target)}.json`,
        payload: { fecha_inicio: addDays(today(), -3), tipo_tasa: 'FI', estatus_ejecucion: 'CA' },
      }),
      anchor: { set: { estatus_ejecucion: 'XX' } },
    },
    {
      route: 'PATCH /api/contratos/:id/prorroga',
      permission: perm('contratos', 'extend'),
      record: { kind: 'contract', via: 'path', fresh: freshContract },
      ok: 200,
      build: (_w, _c, target) => ({
        method: 'PATCH',
        url: `/api/contratos/${id(target)}/prorroga/`,
        payload: { prorroga: 2, prorroga_justificacion: 'Helada' },
      }),
      anchor: { drop: 'prorroga' },
    },
    {
      route: 'POST /api/condonaciones',
      permission: perm('condonaciones', 'create'),
      record: { kind: 'contract', via: 'body', field: 'credito', fresh: waivableContract },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/condonaciones/',
        payload: { credito: id(target), justificacion: 'Pérdida de cosecha' },
      }),
      anchor: { drop: 'credito' },
    },

    // ------------------------------------------------ payments
    list('/api/pagos', perm('pagos', 'read')),
    list('/api/pagos/no-link', perm('bancos', 'read')),
    list('/api/pagosXLSX', XLSX),
    detail('/api/pagos/:id', 'payment', perm('pagos', 'read'), (i) => `/api/pagos/${i}.json`),
    {
      route: 'POST /api/pagos',
      permission: perm('pagos', 'create'),
      record: { kind: 'contract', via: 'body', field: 'credito', fresh: freshContract },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/pagos/',
        payload: paymentBody(id(target), today(), { capital: '10' }),
      }),
      anchor: { drop: 'credito' },
    },
    {
      route: 'PATCH /api/pagos/:id',
      permission: perm('pagos', 'bank-edit'),
      record: { kind: 'payment', via: 'path', fresh: freshPayment },
      ok: 200,
      build: (_w, _c, target) => ({
        method: 'PATCH',
        url: `/api/pagos/${id(target)}.json`,
        payload: { fecha_banco: today(), referencia_banco: 'DEP001' },
      }),
      anchor: { drop: 'fecha_banco' },
    },

    // ------------------------------------------------ collections
    list('/api/acopios', perm('acopios', 'read')),
    list('/api/acopios/year_sum', perm('acopios', 'read'), '?CF=1'),
    list('/api/acopiosXLSX', XLSX, '?tipo_de_producto=SL'),
    {
      route: 'POST /api/acopios',
      permission: perm('acopios', 'create'),
      record: { kind: 'member', via: 'body', field: 'clave_socio' },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/acopios/',
        payload: coffeeAcopio(id(target)),
      }),
      anchor: { drop: 'clave_socio' },
    },

    // ------------------------------------------------ contributions and withdrawals
    list('/api/movimientos', perm('movimientos', 'read'), '?proceso=CF'),
    {
      route: 'GET /api/movimientos/saldo',
      permission: perm('movimientos', 'read'),
      record: { kind: 'member', via: 'query' },
      ok: 200,
      build: (_w, _c, target) => get(`/api/movimientos/saldo/?clave_socio=${id(target)}`),
    },
    detail(
      '/api/movimientos/:id',
      'movement',
      perm('movimientos', 'read'),
      (i) => `/api/movimientos/${i}.json`,
    ),
    list('/api/movimientos-conc', perm('bancos', 'read')),
    list('/api/movimientos-conc-xlsx', XLSX, '?region=1'),
    {
      route: 'POST /api/movimientos',
      variant: 'contribution',
      permission: perm('movimientos', 'contribute'),
      record: { kind: 'member', via: 'body', field: 'clave_socio' },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/movimientos/',
        payload: cashContribution(id(target)),
      }),
      anchor: { drop: 'clave_socio' },
    },
    {
      route: 'POST /api/movimientos',
      variant: 'withdrawal',
      gate: perm('movimientos', 'contribute'),
      permission: perm('movimientos', 'withdraw'),
      record: { kind: 'member', via: 'body', field: 'clave_socio' },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/movimientos/',
        payload: { ...cashContribution(id(target), '1'), aportacion: false },
      }),
      anchor: { drop: 'clave_socio' },
    },
    {
      route: 'PATCH /api/movimientos/:id',
      permission: perm('movimientos', 'bank-edit'),
      record: { kind: 'movement', via: 'path', fresh: (w, place) => freshMovement(w, place) },
      ok: 200,
      build: (_w, _c, target) => ({
        method: 'PATCH',
        url: `/api/movimientos/${id(target)}.json`,
        payload: { tipo_de_movimiento: 'BA', fecha_banco: today(), referencia_banco: 'DEP002' },
      }),
      anchor: { drop: 'tipo_de_movimiento' },
    },

    // ------------------------------------------------ banks and accounting
    list('/api/banco/saldos', perm('bancos', 'read')),
    list('/api/subcuentas', perm('bancos', 'read')),
    list('/api/subcuentas/saldos', perm('bancos', 'read')),
    list('/api/registros-contables', perm('bancos', 'read'), `?initialDate=${today()}`),
    detail(
      '/api/registros-contables/:id',
      'accounting',
      perm('bancos', 'read'),
      (i) => `/api/registros-contables/${i}.json`,
    ),
    {
      ...list('/api/registros-contables-xlsx', XLSX, `?initialDate=${today()}`),
      gate: perm('bancos', 'read'),
    },
    {
      route: 'POST /api/mov-bancos',
      permission: perm('bancos', 'create'),
      ok: 201,
      build: async (w) => ({
        method: 'POST',
        url: '/api/mov-bancos/',
        payload: await otherBankMovement(w),
      }),
      anchor: { drop: 'referencia_banco' },
    },

    // ------------------------------------------------ sync
    list('/api/sync/pull', perm('sync', 'read'), '?limit=1'),
    list('/api/sync/field-activity', perm('field-activity', 'read')),
    {
      // Each write of the batch checks its own permission: this one is refused whoever sends
      // it (a 403 for a promoter, a 400 on its empty body for the office), so it has no effect.
      route: 'POST /api/sync/push',
      permission: perm('sync', 'push'),
      ok: 200,
      build: () => ({
        method: 'POST',
        url: '/api/sync/push/',
        payload: {
          writes: [{ key: 'probe-key-0001', method: 'POST', path: '/api/comunidades/', body: {} }],
        },
      }),
      anchor: { drop: 'writes' },
    },

    // ------------------------------------------------ trip closings
    list('/api/cierres-viaje', perm('cierres-viaje', 'read')),
    list('/api/cierres-viaje/mios', perm('cierres-viaje', 'mine')),
    list('/api/bandeja', perm('bandeja', 'read')),
    list('/api/bandeja/resumen', perm('bandeja', 'read')),
    list('/api/bandeja/telefonos', perm('bandeja', 'read')),
    list('/api/bandejaXLSX', perm('bandeja', 'read')),
    {
      route: 'POST /api/bandeja/revisados',
      permission: perm('bandeja', 'review'),
      ok: 200,
      // One id as text (a list field takes a single value too): the text probes need a string.
      build: () => ({ method: 'POST', url: '/api/bandeja/revisados/', payload: { ids: '1' } }),
      anchor: { set: { ids: 'x' } },
    },
    {
      route: 'POST /api/sync/queue-report',
      permission: perm('sync', 'report'),
      ok: 200,
      build: () => ({
        method: 'POST',
        url: '/api/sync/queue-report/',
        payload: {
          device: 'PRB1',
          counts: [{ kind: 'pago.create', state: 'pending', count: 1 }],
          oldest_captured_at: null,
          oldest_refused_at: null,
          discarded: [],
        },
      }),
      anchor: { drop: 'device' },
    },
    {
      route: 'POST /api/cierres-viaje',
      permission: perm('cierres-viaje', 'create'),
      ok: 201,
      build: () => ({
        method: 'POST',
        url: '/api/cierres-viaje/',
        payload: {
          desde: null,
          pagos: '12.50',
          aportaciones: '0',
          retiros: '0',
          capturas: [
            { clave: 'probe-capture-1', tipo: 'pago', monto: '12.50', estado: 'pendiente' },
          ],
        },
      }),
      anchor: { drop: 'pagos' },
    },

    // ------------------------------------------------ visit marks (docs/community-visit.md)
    {
      route: 'GET /api/visitas',
      permission: perm('visitas', 'read'),
      record: { kind: 'member', via: 'query' },
      ok: 200,
      build: (_w, _c, target) => get(`/api/visitas/?clave_socio=${id(target)}`),
    },
    {
      route: 'POST /api/visitas',
      permission: perm('visitas', 'create'),
      record: { kind: 'member', via: 'body', field: 'clave_socio' },
      ok: 201,
      build: (_w, _c, target) => ({
        method: 'POST',
        url: '/api/visitas/',
        payload: { clave_socio: id(target), fecha: today(), tipo: 'visitado' },
      }),
      anchor: { drop: 'clave_socio' },
    },

    // ------------------------------------------------ office reports
    list('/api/reportes/filtros', perm('reportes', 'read')),
    ...REPORTS.flatMap((report) => [
      list(`/api/reportes/${report}`, perm('reportes', 'read'), '?desde=2025-01&hasta=2025-03'),
      list(`/api/reportes/${report}XLSX`, XLSX, '?desde=2025-01&hasta=2025-03'),
    ]),

    // ------------------------------------------------ receipts (a well-formed code nobody sent)
    {
      route: 'GET /api/recibos/:code',
      permission: perm('recibos', 'read'),
      ok: 200,
      build: () => get('/api/recibos/AB12CD34/'),
    },
    // A member's own receipts (the caller's member: no record named).
    list('/api/recibos/mios', perm('recibos', 'mine')),
    {
      // The caller registers a receipt device code for itself (again: seen now).
      route: 'POST /api/recibos/dispositivos',
      permission: perm('recibos', 'register'),
      ok: 200,
      build: () => ({
        method: 'POST',
        url: '/api/recibos/dispositivos/',
        payload: { codigo: 'PRB1' },
      }),
      anchor: { set: { codigo: 'PRB' } },
    },
  ];
}

/** The four decisions of PATCH /solic-creditos/{folio}, each from the state it starts in. */
function requestDecisions(): Probe[] {
  const decision = (
    variant: string,
    action: string,
    from: Parameters<typeof freshRequest>[2],
    payload: Record<string, unknown>,
    anchor: Probe['anchor'],
    commentField: string,
  ): Probe => ({
    route: 'PATCH /api/solic-creditos/:folio',
    variant,
    permission: perm('solicitudes', action),
    record: { kind: 'request', via: 'path', fresh: (w, place) => freshRequest(w, place, from) },
    ok: 200,
    build: (_w, _c, target) => ({
      method: 'PATCH',
      url: `/api/solic-creditos/${id(target)}.json`,
      payload,
    }),
    anchor,
    // The decision field picks the variant: garbage there is "no decision" or a decision the
    // request's state does not allow, both on non_field_errors; `chat` is the comment's alias.
    fuzz: {
      selectors: ['estatus_solicitud', 'estatus_evaluacion'],
      aliases: { chat: commentField },
    },
  });
  return [
    decision(
      'review',
      'review',
      ['RV', 'RV'],
      { estatus_solicitud: 'RE', comentarios_coordinador: 'Falta documentación' },
      { set: { estatus_solicitud: 'XX' } },
      'comentarios_coordinador',
    ),
    decision(
      'evaluation',
      'evaluate',
      ['AP', 'RV'],
      { estatus_evaluacion: 'NE', comentarios_gerente: 'Bajar el monto' },
      { set: { estatus_evaluacion: 'XX' } },
      'comentarios_gerente',
    ),
    decision(
      'renegotiation',
      'renegotiate',
      ['AP', 'NE'],
      { estatus_evaluacion: 'RV', comentarios_promotor: 'Acepta 1500' },
      { drop: 'comentarios_promotor' },
      'comentarios_promotor',
    ),
    decision(
      'resubmission',
      'resubmit',
      ['RE', 'RV'],
      { estatus_solicitud: 'RV', chat: 'Ya trae el INE', plazo_de_pago_solicitado: 8 },
      { set: { plazo_de_pago_solicitado: -1 } },
      'comentarios_promotor',
    ),
  ];
}

/** The probe's name in test titles. */
export const probeName = (p: Probe) => (p.variant ? `${p.route} (${p.variant})` : p.route);

/** Whether the permission table has this entry at all (a typo must not read as "nobody"). */
export function inPermissionTable(p: Permission): boolean {
  return (
    Object.hasOwn(PERMISSIONS, p.resource) &&
    Object.hasOwn(PERMISSIONS[p.resource] as Record<string, unknown>, p.action)
  );
}

export function scopeOf(role: Role | null, p: Permission): Scope {
  return scopeFor(role, p.resource, p.action as never);
}

/** The caller's scope for a probe's permission: the translator flag grants all where it may. */
export function callerScope(p: Probe, caller: Caller): Scope {
  if (p.orTranslator && caller.translator && caller.role !== null) return 'all';
  return scopeOf(caller.role, p.permission!);
}

/** Whether a caller with `scope` sees the record (docs/business-rules.md#roles-and-scope). */
export function sees(scope: Scope, caller: Caller, target: Target): boolean {
  switch (scope) {
    case 'all':
      return true;
    case 'region':
      return caller.region !== null && target.region === caller.region;
    case 'self':
      return caller.clave_socio !== null && target.clave_socio === caller.clave_socio;
    case 'own':
      return caller.userId !== null && target.promotor === caller.userId;
    default:
      return false;
  }
}

export interface Expectation {
  status: number;
  /** 400s: the field the answer must name. */
  field?: string;
  /** Why, for the failure message. */
  because: string;
}

/** What a caller must get for a probe on a record (null: a call naming no record). */
export function expectation(p: Probe, caller: Caller, target: Target | null): Expectation {
  if (p.public) return { status: p.ok, because: 'public call' };
  if (caller.role === null) return { status: 401, because: 'no token' };
  if (p.gate && scopeOf(caller.role, p.gate) === 'none')
    return { status: 403, because: `no ${p.gate.resource}.${p.gate.action}` };
  const scope = callerScope(p, caller);
  if (scope === 'none') {
    const because = `no ${p.permission!.resource}.${p.permission!.action}`;
    return p.deniedAs ? { ...p.deniedAs, because } : { status: 403, because };
  }
  if (p.record && target) {
    const decides = p.record.scopeAs ? scopeOf(caller.role, p.record.scopeAs) : scope;
    if (!sees(decides, caller, target)) {
      const because = `${target.kind} at ${target.place} outside scope ${decides}`;
      return p.record.via === 'body'
        ? { status: 400, field: p.record.field!, because }
        : { status: 404, because };
    }
  }
  return { status: p.ok, because: `allowed (${scope})` };
}

/** Whether the request reaches the handler, so a write needs a record in the right state. */
export function reachesHandler(p: Probe, caller: Caller): boolean {
  if (p.public) return true;
  if (caller.role === null) return false;
  if (p.gate && scopeOf(caller.role, p.gate) === 'none') return false;
  return callerScope(p, caller) !== 'none' || p.deniedAs !== undefined;
}

/** The record a probe is tried on at `place`: fresh when the write would change it. */
export async function targetFor(
  w: World,
  p: Probe,
  caller: Caller,
  place: Place,
): Promise<Target | null> {
  if (!p.record) return null;
  if (p.record.fresh && reachesHandler(p, caller)) return p.record.fresh(w, place);
  return fixedTarget(w, p.record.kind, place);
}

/**
 * Shared by the socios-* client tests: a small cooperative as the pull sends it (regions,
 * communities, reference lists and members in the shape of GET /socios/{id}.json), a scripted
 * members API, and the app opened on /socios after a real login.
 */
import type { Role } from '#domain/roles';
import type { MemberValues } from '#domain/forms/member';
import { community, openAppAt, region } from './app-fixtures';
import { json, type Handler } from './api-fake-fetch';

const COMMUNITIES = [community(7, 'Bachajón', 1), community(8, 'Guaquitepec', 2)];

export interface MemberShape {
  clave_socio: number;
  [field: string]: unknown;
}

/** A member as the server answers it (detail shape); `patch` overrides any field. */
export function member(clave: number, patch: Partial<Record<string, unknown>> = {}): MemberShape {
  const base = {
    clave_socio: clave,
    region: 1,
    nombres: 'Juana',
    apellido_paterno: 'Gómez',
    apellido_materno: 'Cruz',
    curp: null,
    telefono: '9191234567',
    fecha_nacimiento: '1980-03-15',
    genero: 'FE',
    fecha_ingr_yomol_atel: '2010-05-02',
    fecha_ingr_programa: '2012-07-03',
    clave_anterior: null,
    comunidad: 7,
    cargo: 1,
    cargo_coop: [1],
    empresa: null,
    puesto: null,
    fuente: null,
    estatus_cafe: 'AC',
    estatus_miel: 'NP',
    estatus_yip: 'BA',
    estatus_trabajador: 'NP',
    estatus_comonSit: 'AC',
    doc_curp: false,
    doc_domicilio: true,
    doc_act_nac: false,
    doc_ine: true,
    doc_rfc: false,
    rfc: null,
    nombre_comunidad: 'Bachajón',
    nombre_region: 'Región 1',
  };
  const m = { ...base, ...patch } as Record<string, unknown>;
  const names = [m.nombres, m.apellido_paterno, m.apellido_materno].filter(Boolean);
  return {
    ...m,
    clave_socio: clave,
    full_name: names.join(' '),
    nombre_productor: [m.apellido_paterno, m.apellido_materno, m.nombres].filter(Boolean).join(' '),
  };
}

export const MEMBERS = [
  member(5),
  member(6, { nombres: 'Pedro', apellido_paterno: 'López', genero: 'MA', estatus_miel: 'AC' }),
  member(12, {
    nombres: 'Rosa',
    apellido_paterno: 'Álvarez',
    comunidad: 8,
    region: 2,
    nombre_comunidad: 'Guaquitepec',
    nombre_region: 'Región 2',
    cargo_coop: [1, 2],
  }),
];

/** One pull page holding the cooperative and `members`. */
export function pullWith(members: MemberShape[]): Handler {
  return () =>
    json({
      cursor: 'c1',
      hasMore: false,
      reset: false,
      changes: {
        regiones: [region(1), region(2)],
        comunidades: COMMUNITIES,
        cargos: [
          { id: 1, nombre_de_cargo: 'Productor' },
          { id: 2, nombre_de_cargo: 'Promotor' },
        ],
        cargos_coop: [
          { id: 1, nombre_cargo_coop: 'Socio' },
          { id: 2, nombre_cargo_coop: 'Tesorero' },
        ],
        empresas: [{ id: 1, nombre_empresa: 'Capeltic' }],
        puestos: [{ id: 1, puesto: 'Tostador' }],
        fuentes: [{ id: 1, fuente: 'Propia' }],
        socios: members,
      },
    });
}

/** The server's answer to a create or update: the body as a member with its names. */
export function answerFor(clave: number, body: MemberValues): MemberShape {
  const c = COMMUNITIES.find((x) => x.id === body.comunidad)!;
  return member(clave, {
    ...body,
    apellido_materno: body.apellido_materno ?? '',
    region: c.region,
    nombre_comunidad: c.nombre_de_comunidad,
    nombre_region: c.nombre_region,
  });
}

/** Log in as `role` against a server whose pull answers `members`, then open /socios. */
export async function openSocios(
  role: Role,
  members: MemberShape[] = MEMBERS,
  extra: Record<string, Handler> = {},
  path = '/socios',
) {
  return openAppAt(
    role,
    path,
    { 'GET /api/sync/pull/': pullWith(members), ...extra },
    { heading: 'Socios' },
  );
}

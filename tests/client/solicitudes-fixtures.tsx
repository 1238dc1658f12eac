/**
 * Shared by the solicitudes-* client tests: members and credit requests as the pull sends
 * them (requests in the shape of GET /solic-creditos/{folio}.json, with their chat), and the
 * app opened on a request screen after a real login.
 */
import type { Role } from '#domain/roles';
import { openAppAt } from './app-fixtures';
import { json, ME_BY_ROLE, type Handler } from './api-fake-fetch';
import { member, type MemberShape } from './socios-fixtures';

/** Region-1 members: 5 active in coffee only, 6 in coffee and honey, 9 in nothing. */
export const REQUEST_MEMBERS: MemberShape[] = [
  member(5),
  member(6, { nombres: 'Pedro', apellido_paterno: 'López', genero: 'MA', estatus_miel: 'AC' }),
  member(9, {
    nombres: 'Tomás',
    apellido_paterno: 'Ruiz',
    estatus_cafe: 'BA',
    estatus_comonSit: 'NP',
  }),
];

const PROMOTER = ME_BY_ROLE.PR;

export type RequestShape = Record<string, unknown> & { folio_solicitud: number };

/** A request as the server answers it; by default the promoter's, in review. */
export function request(folio: number, patch: Partial<Record<string, unknown>> = {}): RequestShape {
  return {
    folio_solicitud: folio,
    fecha_solicitud: '2026-03-02',
    clave_socio: 5,
    nombre_socio: 'Juana Gómez Cruz',
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    region: 1,
    nombre_region: 'Región 1',
    proceso: 'CF',
    proceso_nombre: 'Café',
    area_proceso: 'Café',
    tipo_credito: 'MC',
    tipo_credito_nombre: 'Microcrédito',
    act_productiva: 'CA',
    act_productiva_nombre: 'Café',
    act_productiva_otro: null,
    mot_credito: 'TR',
    mot_credito_nombre: 'Trabajo',
    mot_credito_otro: null,
    emergencia_medica: false,
    monto_solicitado: '1500.00',
    plazo_de_pago_solicitado: 12,
    justificacion_credito: 'Renovar cafetal',
    aval: 6,
    aval_nombre: 'Pedro López Cruz',
    familiar_responsable: 'Marta Gómez',
    comentarios_promotor: null,
    estatus_solicitud: 'RV',
    estatus_evaluacion: 'RV',
    pregunta_1: null,
    pregunta_2: null,
    pregunta_3: null,
    pregunta_4: null,
    irregularidades: null,
    comentarios_coordinador: null,
    monto_aprobado: null,
    plazo_aprobado: null,
    tasa_aprobada: null,
    tasa_mor_aprobada: null,
    comentarios_gerente: null,
    promotor: PROMOTER.id,
    promotor_nombre: `${PROMOTER.first_name} ${PROMOTER.last_name}`,
    contrato: null,
    capturado_en: '2026-03-02T15:00:00.000Z',
    recibido_en: '2026-03-02T15:00:05.000Z',
    chat: [],
    ...patch,
  };
}

/** One request per state of docs/business-rules.md#credit-requests (folio → state). */
export const REQUESTS: RequestShape[] = [
  request(11, { fecha_solicitud: '2026-03-01' }), // RV / RV
  request(12, { fecha_solicitud: '2026-03-04', estatus_solicitud: 'AP' }), // AP / RV
  request(13, {
    fecha_solicitud: '2026-02-10',
    estatus_solicitud: 'AP',
    estatus_evaluacion: 'NE',
    comentarios_gerente: 'Baja el monto',
    chat: [
      { id: 1, user: 'Ana López', fecha: '2026-02-10T15:00:00.000Z', comentario: 'Para abono' },
      {
        id: 2,
        user: 'María Hernández',
        fecha: '2026-02-12T16:30:00.000Z',
        comentario: 'Baja el monto',
      },
    ],
  }),
  request(14, {
    fecha_solicitud: '2026-02-20',
    estatus_solicitud: 'RE',
    comentarios_coordinador: 'Falta el aval',
  }),
  request(15, {
    fecha_solicitud: '2026-01-15',
    estatus_solicitud: 'AP',
    estatus_evaluacion: 'AP',
    monto_aprobado: '1500.00',
    plazo_aprobado: 12,
    tasa_aprobada: '2.0000',
    tasa_mor_aprobada: '3.0000',
    contrato: 77,
  }),
  request(16, { fecha_solicitud: '2026-01-20', estatus_solicitud: 'AP', estatus_evaluacion: 'CA' }),
];

/** One pull page with region 1, its community, `members` and `requests`. */
export function pullWithRequests(members: MemberShape[], requests: RequestShape[]): Handler {
  return () =>
    json({
      cursor: 'c1',
      hasMore: false,
      reset: false,
      changes: {
        regiones: [{ id: 1, nombre_de_region: 'Región 1', poly: null }],
        comunidades: [
          {
            id: 7,
            nombre_de_comunidad: 'Bachajón',
            region: 1,
            nombre_region: 'Región 1',
            ermita: null,
            ermita_name: null,
            inegiLocalidad: null,
            ubicacion: null,
          },
        ],
        socios: members,
        solicitudes: requests,
      },
    });
}

const HEADINGS: Record<string, string> = {
  '/solicitudes': 'Solicitudes de crédito',
  '/solicitud-formato': 'Nueva solicitud de crédito',
};

/** Log in as `role` against a server whose pull answers the requests, then open `path`. */
export async function openRequests(
  role: Role,
  options: {
    requests?: RequestShape[];
    members?: MemberShape[];
    extra?: Record<string, Handler>;
    path?: string;
  } = {},
) {
  const path = options.path ?? '/solicitudes';
  const pull = pullWithRequests(options.members ?? REQUEST_MEMBERS, options.requests ?? REQUESTS);
  return openAppAt(
    role,
    path,
    { 'GET /api/sync/pull/': pull, ...options.extra },
    { heading: HEADINGS[path.split('?')[0]!]! },
  );
}

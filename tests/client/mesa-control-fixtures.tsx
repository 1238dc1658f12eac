/**
 * Shared by the mesa-control-* and evaluacion-* client tests: a small cooperative as the pull
 * sends it — members, credit requests in the shape of GET /solic-creditos/{folio}.json, and the
 * contracts, payments, collections and movements the evaluation figures are computed from —
 * and the app opened on a decision screen after a real login, with a request chosen.
 *
 * The figures of the evaluation tests are computed BY HAND from these rows (see the tests);
 * "today" is fixed at 2026-03-15 (Mexico City) by `fixToday()`.
 */
import { screen } from '@testing-library/react';
import { vi } from 'vitest';
import type { Role } from '#domain/roles';
import { selectSolicitud } from '#features/solicitudes/solicitud-selection.ts';
import { community, openAppAt, region } from './app-fixtures';
import { json, type Handler } from './api-fake-fetch';
import { member } from './socios-fixtures';

/** 2026-03-15 at noon in Mexico City; only Date is faked (timers stay real). */
export function fixToday(): void {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-03-15T18:00:00Z'));
}

export const SOCIOS = [
  member(5, { doc_curp: true, doc_ine: true, doc_domicilio: false }),
  member(6, { nombres: 'Pedro', apellido_paterno: 'López', genero: 'MA', estatus_cafe: 'BA' }),
  member(13, {
    nombres: 'Tomás',
    apellido_paterno: 'Méndez',
    comunidad: 9,
    nombre_comunidad: 'Chilón',
  }),
  member(12, {
    nombres: 'Rosa',
    apellido_paterno: 'Álvarez',
    comunidad: 8,
    region: 2,
    nombre_comunidad: 'Guaquitepec',
    nombre_region: 'Región 2',
  }),
];

export type RequestShape = Record<string, unknown> & { folio_solicitud: number };

/** A request as GET /solic-creditos/{folio}.json answers it. */
export function request(folio: number, patch: Record<string, unknown> = {}): RequestShape {
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
    monto_solicitado: '6000.00',
    plazo_de_pago_solicitado: 10,
    justificacion_credito: 'Renovar cafetal con plantas nuevas',
    aval: 6,
    aval_nombre: 'Pedro López Cruz',
    familiar_responsable: 'Mario Gómez',
    comentarios_promotor: 'Socia cumplida',
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
    promotor: 3,
    promotor_nombre: 'Ana López',
    contrato: null,
    capturado_en: '2026-03-02T15:00:00.000Z',
    recibido_en: '2026-03-02T15:00:05.000Z',
    chat: [
      { id: 1, user: 'Ana López', fecha: '2026-03-02T15:00:05.000Z', comentario: 'Socia cumplida' },
    ],
    ...patch,
  };
}

/** 41: in review (control desk). 42: approved, waiting for evaluation. 43: member 6, same. */
export const REQUESTS = [
  request(41),
  request(42, {
    estatus_solicitud: 'AP',
    pregunta_1: true,
    pregunta_2: true,
    pregunta_3: true,
    pregunta_4: true,
  }),
  request(43, {
    clave_socio: 6,
    nombre_socio: 'Pedro López Cruz',
    aval: 5,
    aval_nombre: 'Juana Gómez Cruz',
    monto_solicitado: '3000.00',
    estatus_solicitud: 'AP',
  }),
  request(30, {
    fecha_solicitud: '2025-05-20',
    monto_solicitado: '10000.00',
    estatus_solicitud: 'AP',
    estatus_evaluacion: 'AP',
    contrato: 101,
  }),
];

interface ContractPatch {
  id: number;
  clave_socio: number;
  comunidad: number;
  region: number;
  monto: string;
  tasa: string;
  tasa_moratoria: string;
  plazo: number;
  fecha_inicio: string | null;
  fecha_final?: string | null;
  estatus_contrato?: string;
  estatus_ejecucion?: string;
}

/** A contract row as the pull sends it (GET /contratos.json shape; as-of-pull fields filler). */
function contract(c: ContractPatch) {
  return {
    solicitud: null,
    nombres: 'x',
    nombre_comunidad: 'x',
    nombre_region: 'x',
    proceso: 'CF',
    tipo_credito: 'MC',
    fondo_comun: false,
    prorroga: 0,
    prorroga_justificacion: null,
    plazo_disp: String(c.plazo),
    tipo_tasa: 'FI',
    fecha_vencimiento: null,
    fecha_final: null,
    estatus: 'VI',
    estatus_detail: 'VI',
    estatus_contrato: 'DP',
    estatus_ejecucion: 'CO',
    fecha_banco: null,
    referencia_banco: null,
    pagado: 0,
    deuda_al_dia: null,
    dias_vida: null,
    dias_cartera_vigente: null,
    dias_vencidos: null,
    ...c,
  };
}

export const CONTRACTS = [
  // Member 5, overdue since 2025-12-15, one payment.
  contract({
    id: 101,
    clave_socio: 5,
    comunidad: 7,
    region: 1,
    monto: '10000.00',
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    plazo: 6,
    fecha_inicio: '2025-06-15',
  }),
  // Member 5, paid in 2023.
  contract({
    id: 102,
    clave_socio: 5,
    comunidad: 7,
    region: 1,
    monto: '3000.00',
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    plazo: 12,
    fecha_inicio: '2023-01-10',
    fecha_final: '2023-12-20',
    estatus_contrato: 'PA',
  }),
  // Member 6 (community 7), current until 2026-09-01.
  contract({
    id: 103,
    clave_socio: 6,
    comunidad: 7,
    region: 1,
    monto: '6000.00',
    tasa: '1.5000',
    tasa_moratoria: '3.0000',
    plazo: 12,
    fecha_inicio: '2025-09-01',
  }),
  // Member 13 (community 9, region 1), current.
  contract({
    id: 104,
    clave_socio: 13,
    comunidad: 9,
    region: 1,
    monto: '15000.00',
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    plazo: 10,
    fecha_inicio: '2026-01-05',
  }),
  // Member 12 (region 2), overdue: never counts for region 1.
  contract({
    id: 105,
    clave_socio: 12,
    comunidad: 8,
    region: 2,
    monto: '4000.00',
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    plazo: 6,
    fecha_inicio: '2024-01-01',
  }),
  // Member 6, approved but not disbursed yet (no start date, execution PC).
  contract({
    id: 106,
    clave_socio: 6,
    comunidad: 7,
    region: 1,
    monto: '2000.00',
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    plazo: 8,
    fecha_inicio: null,
    estatus_ejecucion: 'PC',
  }),
];

export const PAYMENTS = [
  {
    id: 501,
    credito: 101,
    fecha_pago: '2025-08-15',
    cantidad: '1400.00',
    abono_capital: '1000.00',
    interes_ord: '400.00',
    interes_mor: '0.00',
    autor: 3,
    nombre_autor: 'Ana López',
    fecha_banco: null,
    referencia_banco: null,
    estatus_previo: 'VI',
    deuda_prev_total: '10400.00',
    deuda_prev_capital: '10000.00',
    deuda_prev_int_ord: '400.00',
    deuda_prev_int_mor: '0.00',
    capturado_en: null,
    tipo: 'MC',
    fondo_comun: false,
    clave_socio: 5,
    nombres: 'Juana Gómez Cruz',
    region: 1,
    nombre_region: 'Región 1',
  },
];

let acopioId = 900;
function acopio(clave: number, fecha: string, tipo: string, ingreso: string, kilos: string | null) {
  acopioId += 1;
  return {
    id: acopioId,
    clave_socio: clave,
    nombre_socio: 'x',
    region: 1,
    nombre_region: 'Región 1',
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    fecha,
    ingreso,
    tipo_de_producto: tipo,
    kilos_de_producto: kilos,
  };
}

export const ACOPIOS = [
  acopio(5, '2026-01-10', 'CF', '3000.00', '150.00'),
  acopio(5, '2026-02-01', 'MI', '1000.00', '40.00'),
  acopio(5, '2025-11-20', 'CF', '5000.00', '250.00'),
  acopio(5, '2025-06-01', 'JA', '500.00', null),
  acopio(5, '2025-03-01', 'SL', '1500.00', null),
  acopio(5, '2024-12-01', 'CF', '2000.00', '100.00'),
  acopio(6, '2025-05-05', 'MI', '800.00', '30.00'),
  acopio(13, '2026-02-10', 'CF', '9000.00', '400.00'),
];

let movementId = 700;
function movement(clave: number, monto: string, aportacion: boolean) {
  movementId += 1;
  return {
    id: movementId,
    clave_socio: clave,
    nombre_socio: 'x',
    region: 1,
    nombre_region: 'Región 1',
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    fecha_entrega: '2025-10-01',
    monto,
    proceso: 'CF',
    aportacion,
    ordinario: true,
    tipo_de_movimiento: 'EF',
    fecha_banco: null,
    referencia_banco: null,
    responsable_entrega: 'x',
  };
}

export const MOVEMENTS = [
  movement(5, '2000.00', true),
  movement(5, '1000.00', true),
  movement(5, '500.00', false),
  movement(13, '9999.00', true),
];

export function pullHandler(requests: RequestShape[] = REQUESTS): Handler {
  let served = false;
  return () => {
    // Later pulls answer an empty delta, like the real server.
    if (served) return json({ cursor: 'c1', hasMore: false, reset: false, changes: {} });
    served = true;
    return json({
      cursor: 'c1',
      hasMore: false,
      reset: false,
      changes: {
        regiones: [region(1), region(2)],
        comunidades: [
          community(7, 'Bachajón', 1),
          community(8, 'Guaquitepec', 2),
          community(9, 'Chilón', 1),
        ],
        socios: SOCIOS,
        solicitudes: requests,
        contratos: CONTRACTS,
        pagos: PAYMENTS,
        acopios: ACOPIOS,
        movimientos: MOVEMENTS,
      },
    });
  };
}

/** The request after an accepted PATCH: the body applied, the comment added to the chat. */
export function answerFor(
  folio: number,
  body: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  const base = REQUESTS.find((r) => r.folio_solicitud === folio)!;
  const comment =
    (body.comentarios_coordinador as string | null) ?? (body.comentarios_gerente as string | null);
  const chat = [...(base.chat as unknown[])];
  if (comment)
    chat.push({ id: 2, user: 'Oficina', fecha: '2026-03-15T18:00:00.000Z', comentario: comment });
  return { ...base, ...body, chat, ...extra };
}

export interface OpenOptions {
  role: Role;
  path: string;
  /** The request chosen on /solicitudes; null: none. */
  folio: number | null;
  title: string;
  extra?: Record<string, Handler>;
  requests?: RequestShape[];
}

/** Log in, choose the request, open the screen and wait for the pulled request to show. */
export async function openDecisionScreen(options: OpenOptions) {
  const { folio } = options;
  const opened = await openAppAt(
    options.role,
    options.path,
    { 'GET /api/sync/pull/': pullHandler(options.requests), ...options.extra },
    {
      heading: folio !== null ? options.title : null,
      beforeRender: () => {
        if (folio !== null) selectSolicitud(folio);
      },
    },
  );
  if (folio !== null) {
    await screen.findByRole(
      'heading',
      { level: 2, name: `Solicitud ${folio}` },
      { timeout: 10_000 },
    );
  }
  return opened;
}

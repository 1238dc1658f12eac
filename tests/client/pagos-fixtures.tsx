/**
 * Shared by the pagos-* and carteras-* client tests: contracts and payments in the shapes the
 * pull sends (GET /contratos.json and GET /pagos.json rows), a scripted server, and the app
 * opened on a route after a real login.
 */
import type { Role } from '#domain/roles';
import type { ContractReplicaRow, PaymentReplicaRow } from '#domain/credit-replica';
import { openAppAt } from './app-fixtures';
import { json, type Handler } from './api-fake-fetch';

/** A started fixed-rate contract of member 5 (region 1), as the pull sends it. */
export function contract(id: number, patch: Partial<ContractReplicaRow> = {}): ContractReplicaRow {
  return {
    id,
    solicitud: null,
    clave_socio: 5,
    nombres: 'Juana Gómez Cruz',
    comunidad: 7,
    nombre_comunidad: 'Bachajón',
    region: 1,
    nombre_region: 'Región 1',
    proceso: 'CF',
    tipo_credito: 'MC',
    fondo_comun: false,
    monto: '10000.00',
    plazo: 6,
    prorroga: 0,
    prorroga_justificacion: null,
    plazo_disp: '6',
    tasa: '2.5000',
    tasa_moratoria: '5.0000',
    tipo_tasa: 'FI',
    fecha_inicio: '2025-01-15',
    fecha_vencimiento: '2025-07-15',
    fecha_final: null,
    estatus: 'VI',
    estatus_detail: 'VI',
    estatus_contrato: 'DP',
    estatus_ejecucion: 'CO',
    fecha_banco: '2025-01-15',
    referencia_banco: 'TRF001',
    pagado: 0,
    deuda_al_dia: null,
    dias_vida: null,
    dias_cartera_vigente: null,
    dias_vencidos: null,
    ...patch,
  };
}

/** A payment as the pull sends it; `patch` overrides any field. */
export function payment(
  id: number,
  credito: number,
  patch: Partial<PaymentReplicaRow> = {},
): PaymentReplicaRow {
  return {
    id,
    credito,
    fecha_pago: '2025-03-15',
    cantidad: '1000.00',
    abono_capital: '500.00',
    interes_ord: '500.00',
    interes_mor: '0.00',
    autor: 3,
    nombre_autor: 'Ana López',
    fecha_banco: null,
    referencia_banco: null,
    estatus_previo: 'VI',
    deuda_prev_total: '10500.00',
    deuda_prev_capital: '10000.00',
    deuda_prev_int_ord: '500.00',
    deuda_prev_int_mor: '0.00',
    capturado_en: '2025-03-15T16:00:00.000Z',
    tipo: 'MC',
    fondo_comun: false,
    clave_socio: 5,
    nombres: 'Juana Gómez Cruz',
    region: 1,
    nombre_region: 'Región 1',
    ...patch,
  };
}

export const CONTRACTS: ContractReplicaRow[] = [
  contract(12),
  // Variable rate, 1000.00 at 3 % a month from 2025-01-01.
  contract(14, {
    clave_socio: 6,
    nombres: 'Pedro López',
    monto: '1000.00',
    tasa: '3.0000',
    tasa_moratoria: '4.0000',
    tipo_tasa: 'VA',
    fecha_inicio: '2025-01-01',
    fecha_vencimiento: '2025-07-01',
  }),
  contract(20, {
    clave_socio: 12,
    nombres: 'Rosa Álvarez',
    fondo_comun: true,
    tipo_credito: 'FC',
    monto: '3000.00',
  }),
];

export const PAYMENTS: PaymentReplicaRow[] = [
  payment(31, 12),
  payment(32, 20, {
    fecha_pago: '2025-02-20',
    cantidad: '200.00',
    abono_capital: '200.00',
    interes_ord: '0.00',
    tipo: 'FC',
    fondo_comun: true,
    clave_socio: 12,
    nombres: 'Rosa Álvarez',
    fecha_banco: '2025-02-21',
    referencia_banco: 'DEP77',
  }),
];

/** One pull page holding a region, its community, `contratos` and `pagos`. */
export function creditPull(
  contratos: ContractReplicaRow[] = CONTRACTS,
  pagos: PaymentReplicaRow[] = PAYMENTS,
): Handler {
  let served = false;
  return () => {
    // Later pulls answer an empty delta, like the real server.
    if (served) return json({ cursor: 'c2', hasMore: false, reset: false, changes: {} });
    served = true;
    return json({
      cursor: 'c1',
      hasMore: false,
      reset: false,
      changes: {
        regiones: [
          { id: 1, nombre_de_region: 'Región 1', poly: null },
          { id: 2, nombre_de_region: 'Región 2', poly: null },
        ],
        contratos,
        pagos,
      },
    });
  };
}

export interface OpenOptions {
  contratos?: ContractReplicaRow[];
  pagos?: PaymentReplicaRow[];
  extra?: Record<string, Handler>;
  /** Accessible name of the h1 to wait for. */
  heading?: string;
  /** Runs after the login, before the app renders. */
  beforeRender?: () => void;
}

/** Log in as `role` against a server whose pull answers the fixtures, then open `path`. */
export async function openApp(role: Role, path: string, options: OpenOptions = {}) {
  return openAppAt(
    role,
    path,
    { 'GET /api/sync/pull/': creditPull(options.contratos, options.pagos), ...options.extra },
    { heading: options.heading, beforeRender: options.beforeRender },
  );
}

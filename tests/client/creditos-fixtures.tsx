/**
 * Shared by the creditos-* client tests: contracts and payments as the pull sends them (the
 * shapes of GET /contratos.json and GET /pagos.json), a day fixed at 2026-03-15 (Mexico City),
 * and the app opened on a credits route after a real login.
 *
 * Every figure below was worked out by hand for 2026-03-15
 * (docs/business-rules.md#debt-arithmetic):
 * - 101 FI 10,000.00 at 2 %/month from 2025-12-01, 6 months (due 2026-06-01): 3 whole months,
 *   ordinary 600.00; one payment on 2026-01-10 of 1,200.00 (capital 1,000.00, ordinary
 *   200.00) → capital 9,000.00, ordinary 400.00, late 0, total 9,400.00; paid 1,200.00;
 *   life 104 days (31 + 31 + 28 + 14), current 104, overdue 0; status VI.
 * - 102 FI 5,000.00 at 1.5 %, late 4 %, from 2025-10-15, 3 months (due 2026-01-15): 5 months
 *   → ordinary 375.00, late 2 months × 200.00 = 400.00, total 5,775.00; life 151 days,
 *   overdue 59 (16 + 28 + 15), current 92; status VE (the pull still says VI: recomputed).
 * - 103 paid (PA) on 2026-02-01: no debt; only in the "all" list.
 * - 104 not started (execution PC): no figures.
 * - 105 VA 10,000.00 at 3 % from 2026-01-01, 12 months: 73 days × 3 × 12 / 365 % = 7.2 %
 *   → ordinary 720.00, total 10,720.00.
 * - 106 FI 1,000.00 at 2 %, 4 months + 2 of extension from 2025-12-15 (due 2026-06-15):
 *   3 months → ordinary 60.00, total 1,060.00; extend is disabled (an extension exists).
 * - 107 FI 2,000.00 at 1 % from 2025-12-01, 6 months: capital paid in full on 2026-02-01
 *   (2,000.00 + ordinary 20.00 of the 40.00 owed then) → capital 0, ordinary 60.00 − 20.00
 *   = 40.00, total 40.00: the one contract a waiver accepts.
 * - 201 shared fund FI 3,000.00 at 1 % from 2026-02-15: 1 month → ordinary 30.00.
 */
import { vi } from 'vitest';
import type { Role } from '#domain/roles';
import { useSelectionStore } from '#ui/selection-store.ts';
import { openAppAt } from './app-fixtures';
import { json, type Handler } from './api-fake-fetch';

/** 12:00 in Mexico City on 2026-03-15. */
export const NOW = new Date('2026-03-15T18:00:00Z');

/** Fake only the clock's date: timers, IndexedDB and promises run for real. */
export function fixToday(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
}

export function forgetSelection(): void {
  useSelectionStore.setState({ tables: {} });
}

type Row = Record<string, unknown>;

export function contract(id: number, patch: Row = {}): Row {
  return {
    id,
    solicitud: id + 1000,
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
    tasa: '2.0000',
    tasa_moratoria: '3.0000',
    tipo_tasa: 'FI',
    fecha_inicio: '2025-12-01',
    fecha_vencimiento: '2026-06-01',
    fecha_final: null,
    estatus: 'VI',
    estatus_detail: 'VI',
    estatus_contrato: 'DP',
    estatus_ejecucion: 'CO',
    fecha_banco: '2025-12-02',
    referencia_banco: 'REF101',
    pagado: 0,
    // Figures of an older pull: the phone recomputes them for today.
    deuda_al_dia: null,
    dias_vida: null,
    dias_cartera_vigente: null,
    dias_vencidos: null,
    ...patch,
  };
}

export function payment(id: number, credito: number, patch: Row = {}): Row {
  return {
    id,
    credito,
    fecha_pago: '2026-01-10',
    cantidad: '0.00',
    abono_capital: '0.00',
    interes_ord: '0.00',
    interes_mor: '0.00',
    autor: 2,
    nombre_autor: 'Luis Pérez',
    fecha_banco: null,
    referencia_banco: null,
    estatus_previo: 'VI',
    deuda_prev_total: '0.00',
    deuda_prev_capital: '0.00',
    deuda_prev_int_ord: '0.00',
    deuda_prev_int_mor: '0.00',
    capturado_en: null,
    tipo: 'MC',
    fondo_comun: false,
    clave_socio: 5,
    nombres: 'Juana Gómez Cruz',
    region: 1,
    nombre_region: 'Región 1',
    ...patch,
  };
}

export const CONTRACTS: Row[] = [
  contract(101),
  contract(102, {
    clave_socio: 6,
    nombres: 'Pedro López Cruz',
    monto: '5000.00',
    plazo: 3,
    plazo_disp: '3',
    tasa: '1.5000',
    tasa_moratoria: '4.0000',
    fecha_inicio: '2025-10-15',
    fecha_vencimiento: '2026-01-15',
  }),
  contract(103, {
    monto: '2000.00',
    plazo: 3,
    plazo_disp: '3',
    fecha_inicio: '2025-11-01',
    fecha_vencimiento: '2026-02-01',
    fecha_final: '2026-02-01',
    estatus: 'PA',
    estatus_detail: 'PA',
    estatus_contrato: 'PA',
  }),
  contract(104, {
    fecha_inicio: null,
    fecha_vencimiento: null,
    tipo_tasa: null,
    estatus: 'DP',
    estatus_detail: 'DP',
    estatus_ejecucion: 'PC',
    fecha_banco: null,
    referencia_banco: null,
  }),
  contract(105, {
    tipo_tasa: 'VA',
    tasa: '3.0000',
    plazo: 12,
    plazo_disp: '12',
    fecha_inicio: '2026-01-01',
    fecha_vencimiento: '2027-01-01',
  }),
  contract(106, {
    monto: '1000.00',
    plazo: 4,
    prorroga: 2,
    plazo_disp: '4+2',
    prorroga_justificacion: 'Helada en el cafetal',
    fecha_inicio: '2025-12-15',
    fecha_vencimiento: '2026-06-15',
  }),
  contract(107, {
    monto: '2000.00',
    tasa: '1.0000',
  }),
  contract(201, {
    clave_socio: 12,
    nombres: 'Rosa Álvarez Cruz',
    tipo_credito: 'FC',
    fondo_comun: true,
    monto: '3000.00',
    tasa: '1.0000',
    fecha_inicio: '2026-02-15',
    fecha_vencimiento: '2026-08-15',
  }),
];

export const PAYMENTS: Row[] = [
  payment(9001, 101, {
    cantidad: '1200.00',
    abono_capital: '1000.00',
    interes_ord: '200.00',
    deuda_prev_total: '10200.00',
    deuda_prev_capital: '10000.00',
    deuda_prev_int_ord: '200.00',
  }),
  payment(9002, 103, {
    fecha_pago: '2026-02-01',
    cantidad: '2120.00',
    abono_capital: '2000.00',
    interes_ord: '120.00',
    deuda_prev_total: '2120.00',
    deuda_prev_capital: '2000.00',
    deuda_prev_int_ord: '120.00',
  }),
  payment(9003, 107, {
    fecha_pago: '2026-02-01',
    cantidad: '2020.00',
    abono_capital: '2000.00',
    interes_ord: '20.00',
    deuda_prev_total: '2040.00',
    deuda_prev_capital: '2000.00',
    deuda_prev_int_ord: '40.00',
  }),
];

/** Everything on the first pull, then an empty delta for the cursor it gave. */
export function pullWith(contracts: Row[] = CONTRACTS, payments: Row[] = PAYMENTS): Handler {
  return (request) =>
    json(
      request.path.includes('cursor=c1')
        ? { cursor: 'c1', hasMore: false, reset: false, changes: {} }
        : {
            cursor: 'c1',
            hasMore: false,
            reset: false,
            changes: {
              regiones: [{ id: 1, nombre_de_region: 'Región 1', poly: null }],
              contratos: contracts,
              pagos: payments,
            },
          },
    );
}

/** Log in as `role` against a server whose pull answers the fixture, then open `path`. */
export async function openCredits(
  role: Role,
  path = '/creditos',
  extra: Record<string, Handler> = {},
  heading: string | null = 'Créditos',
) {
  return openAppAt(role, path, { 'GET /api/sync/pull/': pullWith(), ...extra }, { heading });
}

/**
 * Shared set-up of the bank screen tests: a logged-in office user, a scripted server with the
 * pending lists, sub-accounts, balances and records, and the three screens on a memory router
 * (each at its own path, so "Terminar" and "Cancelar" really navigate).
 */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import type { Role } from '#domain/roles';
import { BancoFormScreen } from '#features/bancos/banco-form-screen.tsx';
import { BancosScreen } from '#features/bancos/bancos-screen.tsx';
import { SubcuentasScreen } from '#features/bancos/subcuentas-screen.tsx';
import { installFakeFetch, json, type Handler } from './api-fake-fetch';
import { logIn } from './sync-fixtures';

export const movement = (id: number, monto: string, referencia: string | null, patch = {}) => ({
  id,
  clave_socio: 100 + id,
  nombre_socio: `Socia ${id}`,
  region: 1,
  nombre_region: 'Región 1',
  comunidad: 7,
  nombre_comunidad: 'Bachajón',
  fecha_entrega: '2026-01-05',
  monto,
  proceso: 'CF',
  aportacion: true,
  ordinario: true,
  tipo_de_movimiento: referencia ? 'BA' : 'EF',
  fecha_banco: referencia ? '2026-01-06' : null,
  referencia_banco: referencia,
  responsable_entrega: null,
  ...patch,
});

export const payment = (id: number, cantidad: string, referencia: string | null) => ({
  id,
  credito: 500 + id,
  clave_socio: 200 + id,
  nombres: `Socio ${id}`,
  fecha_pago: '2026-01-08',
  cantidad,
  abono_capital: cantidad,
  interes_ord: '0.00',
  interes_mor: '0.00',
  estatus_previo: 'VI',
  fecha_banco: null,
  referencia_banco: referencia,
  region: 1,
  nombre_region: 'Región 1',
});

export const contract = (id: number, monto: string, fondo = false) => ({
  id,
  clave_socio: 300 + id,
  nombres: `Acreditada ${id}`,
  proceso: 'MI',
  fondo_comun: fondo,
  monto,
  fecha_inicio: '2025-12-01',
  fecha_banco: '2025-12-02',
  referencia_banco: null,
});

export const SUBCUENTAS = [
  {
    id: 40,
    id_contable: '5201-01',
    nombre: 'Comisiones bancarias',
    tipo: 'EG',
    banco: 2,
    nombre_cuenta: 'Microcrédito',
  },
  {
    id: 41,
    id_contable: '4201-01',
    nombre: 'Intereses bancarios',
    tipo: 'IN',
    banco: 2,
    nombre_cuenta: 'Microcrédito',
  },
];

export const MOVEMENTS = [
  movement(11, '100.00', 'DEP1'),
  movement(12, '50.50', null),
  movement(13, '20.00', 'DEP2'),
];
export const PAYMENTS = [payment(21, '300.00', 'PAGO1'), payment(22, '200.00', 'PAGO1')];
export const CONTRACTS = [contract(31, '7000.00')];
export const FUNDS = [contract(41, '2500.00', true)];

const list = (results: unknown[]) => json({ count: results.length, results });

export function bankHandlers(extra: Record<string, Handler> = {}): Record<string, Handler> {
  return {
    'GET /api/movimientos-conc/': () => list(MOVEMENTS),
    'GET /api/pagos/no-link/': () => list(PAYMENTS),
    'GET /api/contratos/no-link/': (request) =>
      list(request.path.includes('fondocomun=1') ? FUNDS : CONTRACTS),
    'GET /api/subcuentas/': () => json(SUBCUENTAS),
    ...extra,
  };
}

const ROUTES = [
  { path: '/bancos', element: <BancosScreen titleKey="routes.bancos" /> },
  { path: '/subcuentas', element: <SubcuentasScreen titleKey="routes.subcuentas" /> },
  { path: '/banco-form', element: <BancoFormScreen titleKey="routes.bancoForm" /> },
];

/** Log in as `role`, script the server and open `path`. */
export async function openBankScreen(
  path: '/bancos' | '/subcuentas' | '/banco-form',
  handlers: Record<string, Handler>,
  role: Role = 'CO',
) {
  logIn(role);
  const api = installFakeFetch(handlers);
  const router = createMemoryRouter(ROUTES, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 });
  return { api, router };
}

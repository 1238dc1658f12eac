/**
 * The visit's day sheet and what the visit hands to the trip (docs/community-visit.md): the
 * sheet shared as text lists every member with what falls due this month, the debt, the days
 * overdue and the savings, and the totals; "Imprimir hoja" draws the printed table (one row a
 * member, the totals, a column to write the payment) before the print. The trip's summary
 * (/viaje) lists the marks made since the last closing — a refused one is not there — and says
 * them in the shared text too.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import { appRoutes } from '#app/router.tsx';
import { DaySheet, daySheetText } from '#features/visita/day-sheet.tsx';
import type { VisitMember } from '#features/visita/visit-model.ts';
import type { OutboxRow } from '#sync/types';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';
import { installFakeFetch } from './api-fake-fetch';
import { addRows, freshDevice, loggedInWithReplica, outboxRow } from './sync-fixtures';

const member = (
  clave: number,
  nombre: string,
  debt: { deuda: number; vence: number; dias: number },
  saldo: number | null,
): VisitMember => ({
  clave,
  nombre,
  comunidad: 'Bachajón',
  search: nombre.toLowerCase(),
  loans: [],
  figures: { deuda: debt.deuda, vence_este_mes: debt.vence, dias_vencidos: debt.dias },
  saldo,
  savingPending: false,
  collections: [],
  requests: [],
  refused: [],
  mark: null,
});

const MEMBERS = [
  member(41, 'Juana López Pérez', { deuda: 1_220_000, vence: 1_220_000, dias: 45 }, 35_050),
  member(42, 'Pedro Gómez Cruz', { deuda: 1_060_000, vence: 0, dias: 0 }, null),
];
const SHEET = { members: MEMBERS, communities: ['Bachajón', 'Guaquitepec'], today: '2026-03-05' };

beforeEach(async () => {
  await useSpanish();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the visit's day sheet", () => {
  it('as text: a line per member and the totals', () => {
    expect(daySheetText(SHEET, i18n.t, 'es')).toBe(
      [
        'Hoja de visita — 5 mar 2026',
        'Bachajón, Guaquitepec',
        '',
        '- Juana López Pérez (41) · Vence este mes $12,200.00 · Deuda hoy $12,200.00 · 45 días vencidos · Ahorro $350.50',
        '- Pedro Gómez Cruz (42) · Vence este mes $0.00 · Deuda hoy $10,600.00',
        '',
        'Total que vence este mes: $12,200.00',
        'Total de deuda hoy: $22,800.00',
      ].join('\n'),
    );
  });

  it('"Imprimir hoja" draws the printed table, then prints', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    render(<DaySheet {...SHEET} />);
    expect(screen.queryByTestId('visit-print-sheet')).toBeNull();
    await userEvent.setup().click(screen.getByTestId('visit-print'));
    expect(print).toHaveBeenCalledOnce();
    // On screen the printed table is hidden (print CSS shows it): read its cells directly.
    const table = screen.getByTestId('visit-print-sheet').querySelector('table')!;
    const rows = Array.from(table.rows).map((r) => Array.from(r.cells).map((c) => c.textContent));
    expect(rows).toEqual([
      ['Socio', 'Vence este mes', 'Deuda hoy', 'Días vencidos', 'Ahorro', 'Pagó'],
      ['Juana López Pérez (41)', '$12,200.00', '$12,200.00', '45', '$350.50', ''],
      ['Pedro Gómez Cruz (42)', '$0.00', '$10,600.00', '', '', ''],
      ['2 socios', '$12,200.00', '$22,800.00', '', '', ''],
    ]);
  });
});

describe("the visit's marks in the trip", () => {
  beforeEach(async () => {
    await freshDevice();
    installFakeFetch({});
  });
  afterEach(async () => {
    await freshDevice();
  });

  let seq = 0;
  const markRow = (
    id: string,
    status: OutboxRow['status'],
    clave: number,
    nombre: string,
    tipo: string,
    fecha_promesa: string | null = null,
  ) =>
    outboxRow({
      id,
      kind: 'visita.marca',
      status,
      seq: ++seq,
      chainKey: `visita-${id}`,
      recordId: id,
      payload: { body: { clave_socio: clave, fecha: '2026-03-05', tipo, fecha_promesa }, nombre },
    });

  it('/viaje lists the absent, the promises with their dates and the visited', async () => {
    await loggedInWithReplica('PR');
    await addRows(
      markRow('m1', 'done', 41, 'Juana López Pérez', 'ausente'),
      markRow('m2', 'pending', 42, 'Pedro Gómez Cruz', 'promesa', '2026-03-20'),
      markRow('m3', 'pending', 43, 'Rosa Díaz', 'visitado'),
      markRow('m4', 'rejected', 44, 'Tomás Ruiz', 'ausente'),
    );
    const router = createMemoryRouter(appRoutes, { initialEntries: ['/viaje'] });
    render(<RouterProvider router={router} />);
    const visits = await screen.findByTestId('trip-visits');
    expect(
      within(visits)
        .getAllByRole('paragraph')
        .map((p) => p.textContent),
    ).toEqual([
      '1 no vino: Juana López Pérez',
      '1 promesa de pago: Pedro Gómez Cruz (20 mar 2026)',
      '1 socio marcado como visitado',
    ]);
  });
});

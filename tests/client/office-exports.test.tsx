/**
 * "Exportar a Excel" of /carteras, /fondos-comunes, /solicitudes and /cierres-viaje: the office
 * presses the button and the file it gets is read back — amounts as peso numbers with the
 * currency format (money going out negative), codes followed by their labels, yes/no as words,
 * dates as dates. Every expected figure is worked out by hand beside it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import '#i18n/setup';
import type { TripClosingAnswer } from '#domain/trip-shapes';
import { appRoutes } from '#app/router.tsx';
import { useSpanish } from '#tests/helpers/i18n-test';
import { excelDay, expectSheetSettings, FORMATS, type TypedCell } from '#tests/helpers/xlsx-cells';
import { installFakeFetch, json } from './api-fake-fetch';
import { fixToday, forgetSelection, openCredits } from './creditos-fixtures';
import { catchDownloads, readDownloaded, releaseDownloads } from './download-fixtures';
import { contract, openApp, payment } from './pagos-fixtures';
import { openRequests } from './solicitudes-fixtures';
import { freshDevice, loggedInWithReplica, setOnline } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  forgetSelection();
});

afterEach(async () => {
  releaseDownloads();
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const money = (pesos: number): TypedCell => ({ t: 'n', v: pesos, z: FORMATS.money });
const int = (n: number): TypedCell => ({ t: 'n', v: n, z: FORMATS.integer });
const text = (s: string): TypedCell => ({ t: 's', v: s });
const date = (iso: string): TypedCell => ({ t: 'n', v: excelDay(iso), z: FORMATS.date });
/** An instant as the wall-clock time of Mexico City (UTC−6 all year since 2022). */
const mexicoTime = (iso: string, hours: number, minutes = 0): TypedCell => ({
  t: 'n',
  v: excelDay(iso) + (hours * 60 + minutes) / 1440,
  z: FORMATS.datetime,
});

/** Press the export and read the one file it downloads. */
async function exportAndRead(testId: string, expectedName: string) {
  const caught = catchDownloads();
  await userEvent.setup().click(await screen.findByTestId(testId));
  await waitFor(() => expect(caught.files).toHaveLength(1), { timeout: 10_000 });
  expect(caught.names).toEqual([expectedName]);
  return readDownloaded(caught.files[0]!);
}

describe('office exports read back', { timeout: 30_000 }, () => {
  it('/carteras: current then overdue loans, amounts in pesos, each status beside its label', async () => {
    // On 2026-01-10: loan 1 (12 months from 2025-06-01, 5,000.00, 1,000.00 of capital paid)
    // is current with 4,000.00 pending; loan 4 (6 months from 2025-06-10, due 2025-12-10) is
    // 31 days overdue with its 1,500.00.
    await openApp('CO', '/carteras', {
      heading: 'Carteras',
      contratos: [
        contract(1, {
          nombres: 'Socio 1',
          fecha_inicio: '2025-06-01',
          plazo: 12,
          plazo_disp: '12',
          monto: '5000.00',
        }),
        contract(4, {
          nombres: 'Socio 4',
          fecha_inicio: '2025-06-10',
          plazo: 6,
          plazo_disp: '6',
          monto: '1500.00',
          fecha_banco: '2025-06-11',
          referencia_banco: 'TRF004',
        }),
      ],
      pagos: [
        payment(101, 1, {
          fecha_pago: '2025-08-01',
          cantidad: '1000.00',
          abono_capital: '1000.00',
          interes_ord: '0.00',
          interes_mor: '0.00',
        }),
      ],
    });
    fireEvent.change(screen.getByLabelText('Fecha'), { target: { value: '2026-01-10' } });
    await userEvent.setup().click(screen.getByTestId('cartera-search'));
    await vi.waitFor(
      () => expect(screen.getByTestId('cartera-vencida-amount').textContent).toBe('$1,500.00'),
      { timeout: 5000 },
    );

    const { read, rows } = await exportAndRead('carteras-export', 'cartera-2026-01-10.xlsx');
    expectSheetSettings(read, 2);
    expect(rows.map((r) => r.id)).toEqual([int(1), int(4)]);
    expect(rows[0]).toMatchObject({
      nombres: text('Socio 1'),
      nombre_region: text('Región 1'),
      fecha_inicio: date('2025-06-01'),
      estatus: text('VI'),
      estatus_etiqueta: text('Vigente'),
      estatus_ejecucion_etiqueta: text('Cobrado'),
      monto: money(5000),
      capital: money(4000),
      dias_vencidos: int(0),
    });
    expect(rows[1]).toMatchObject({
      estatus: text('VE'),
      estatus_etiqueta: text('Vencido'),
      monto: money(1500),
      capital: money(1500),
      dias_vencidos: int(31),
      fecha_banco: date('2025-06-11'),
      referencia_banco: text('TRF004'),
    });
  });

  it('/fondos-comunes: the shared funds with the contracts sheet’s cells', async () => {
    fixToday();
    await openCredits('CO', '/fondos-comunes', {}, 'Fondos comunes');
    await screen.findByText('Rosa Álvarez Cruz', {}, { timeout: 5000 });

    const { read, rows } = await exportAndRead('fondos-export', 'fondos-comunes.xlsx');
    expectSheetSettings(read, 1);
    // Fund 201 on 2026-03-15: 3,000.00 at 1 %/month from 2026-02-15, one whole month →
    // ordinary 30.00, total 3,030.00; 28 days of life (13 of February + 15 of March).
    expect(rows[0]).toMatchObject({
      id: int(201),
      clave_socio: int(12),
      nombres: text('Rosa Álvarez Cruz'),
      tipo_credito: text('FC'),
      tipo_credito_etiqueta: text('Fondo común'),
      proceso_etiqueta: text('Café'),
      fecha_inicio: date('2026-02-15'),
      fecha_vencimiento: date('2026-08-15'),
      tasa: { t: 'n', v: 0.01, z: FORMATS.percent },
      tasa_moratoria: { t: 'n', v: 0.03, z: FORMATS.percent },
      tipo_tasa_etiqueta: text('Fija'),
      estatus_etiqueta: text('Vigente'),
      monto: money(3000),
      pagado: money(0),
      capital_por_pagar: money(3000),
      interes_ordinario_deuda: money(30),
      interes_moratorio_deuda: money(0),
      total_deuda: money(3030),
      dias_vida: int(28),
      dias_vencidos: int(0),
    });
  });

  it('/solicitudes: every request shown, statuses and reasons as labels, yes/no as a word', async () => {
    await openRequests('CO');
    await userEvent.setup().click(await screen.findByTestId('solicitudes-view-todas'));
    await waitFor(() =>
      expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(1 + 6),
    );

    const { read, rows } = await exportAndRead('solicitudes-export', 'solicitudes.xlsx');
    expectSheetSettings(read, 6);
    // Newest request first, as the list shows them.
    expect(rows.map((r) => r.folio_solicitud)).toEqual([12, 11, 14, 13, 16, 15].map(int));
    expect(rows[5]).toMatchObject({
      fecha_solicitud: date('2026-01-15'),
      nombre_socio: text('Juana Gómez Cruz'),
      nombre_region: text('Región 1'),
      proceso_etiqueta: text('Café'),
      tipo_credito_etiqueta: text('Microcrédito'),
      act_productiva_etiqueta: text('Café'),
      mot_credito_etiqueta: text('Trabajo'),
      emergencia_medica: text('No'),
      monto_solicitado: money(1500),
      plazo_de_pago_solicitado: int(12),
      estatus_solicitud: text('AP'),
      estatus_solicitud_etiqueta: text('Aprobada'),
      estatus_evaluacion_etiqueta: text('Aprobada'),
      monto_aprobado: money(1500),
      plazo_aprobado: int(12),
      tasa_aprobada: { t: 'n', v: 0.02, z: FORMATS.percent },
      contrato: int(77),
      // 15:00 UTC is 09:00 in Chiapas.
      capturado_en: mexicoTime('2026-03-02', 9),
    });
    expect(rows[2]).toMatchObject({ estatus_solicitud_etiqueta: text('Rechazada') });
    expect(rows[5]!.comentarios_gerente).toBeUndefined();
  });

  it('/cierres-viaje: declared beside received in pesos, withdrawals negative', async () => {
    await loggedInWithReplica('CO');
    const closing = (patch: Partial<TripClosingAnswer>): TripClosingAnswer => ({
      id: 1,
      promotor: 3,
      nombre_promotor: 'Ana López',
      desde: '2026-03-01T15:00:00.000Z',
      cerrado_en: '2026-03-10T23:00:00.000Z',
      recibido_en: '2026-03-11T14:00:00.000Z',
      declarado: { pagos: '1650.49', aportaciones: '200.25', retiros: '75.10' },
      recibido: { pagos: '1250.50', aportaciones: '200.25', retiros: '0.00' },
      capturas: 5,
      capturas_recibidas: 2,
      lineas: [],
      ...patch,
    });
    installFakeFetch({
      'GET /api/cierres-viaje/': () =>
        json([
          closing({
            id: 2,
            nombre_promotor: 'Rosa Gómez',
            desde: null,
            cerrado_en: '2026-03-09T23:00:00.000Z',
            declarado: { pagos: '100.00', aportaciones: '0.00', retiros: '0.00' },
            recibido: { pagos: '100.00', aportaciones: '0.00', retiros: '0.00' },
            capturas: 1,
            capturas_recibidas: 1,
          }),
          closing({}),
        ]),
    });
    setOnline(true);
    render(
      <RouterProvider
        router={createMemoryRouter(appRoutes, { initialEntries: ['/cierres-viaje'] })}
      />,
    );
    await screen.findByText('Ana López', {}, { timeout: 5000 });

    const { read, rows } = await exportAndRead('cierres-export', 'cierres-viaje.xlsx');
    expectSheetSettings(read, 2);
    // The newest closing first.
    expect(rows.map((r) => r.id)).toEqual([int(1), int(2)]);
    // Declared net: 1,650.49 + 200.25 − 75.10 = 1,775.64; received 1,450.75 → 324.89 missing.
    expect(rows[0]).toMatchObject({
      promotor: int(3),
      nombre_promotor: text('Ana López'),
      desde: mexicoTime('2026-03-01', 9),
      cerrado_en: mexicoTime('2026-03-10', 17),
      declarado_pagos: money(1650.49),
      declarado_aportaciones: money(200.25),
      declarado_retiros: money(-75.1),
      recibido_pagos: money(1250.5),
      recibido_retiros: money(0),
      diferencia: money(324.89),
      capturas: int(5),
      capturas_recibidas: int(2),
      correcciones: int(0),
    });
    expect(rows[1]).toMatchObject({ desde: undefined, diferencia: money(0) });
  });
});

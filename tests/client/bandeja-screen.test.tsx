/**
 * The office's field inbox (/bandeja) against a scripted server: rows with the kind's
 * label (never the command name), member, amount or kilos and delay; a refusal with its reason
 * and what followed, linked to the record that replaced it; the phones' queues and warnings;
 * marking the selection reviewed (coordinator) and the menu's unreviewed count; a visitor sees
 * the same list without the marks.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { FieldPhonesAnswer, InboxRow } from '#domain/field-inbox';
import { inboxCountStore } from '#api/inbox-count';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { openAppAt } from './app-fixtures';
import { freshDevice } from './sync-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  inboxCountStore.setState({ unreviewed: null });
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const base: InboxRow = {
  id: 1,
  kind: 'acopio.create',
  status: 201,
  user_id: 4,
  promotor: 'Pedro Gómez',
  region: 1,
  clave_socio: 77,
  nombre_socio: 'María López Pérez',
  credito: null,
  monto: null,
  kilos: '125.50',
  aportacion: null,
  record_ref: '900',
  capturado_en: '2026-03-02T15:00:00.000Z',
  recibido_en: '2026-03-02T17:30:00.000Z',
  retraso_min: 150,
  revisado_en: null,
  revisado_por: null,
  rechazo: null,
  reemplaza: null,
};

const ROWS: InboxRow[] = [
  {
    ...base,
    id: 3,
    kind: 'pago.create',
    kilos: null,
    monto: '40.00',
    record_ref: '555',
    reemplaza: 2,
    credito: 12,
  },
  {
    ...base,
    id: 2,
    kind: 'pago.create',
    status: 400,
    kilos: null,
    monto: '4000.00',
    record_ref: null,
    rechazo: {
      motivo: 'El pago excede la deuda del crédito.',
      desenlace: 'corrected',
      reemplazo: { id: 3, kind: 'pago.create', record_ref: '555' },
      descartado_en: null,
      motivo_descarte: null,
    },
  },
  base,
];

const PHONES: FieldPhonesAnswer = {
  dias_silencio: 3,
  dias_rechazo: 2,
  telefonos: [
    {
      user_id: 4,
      promotor: 'Pedro Gómez',
      region: 1,
      ultimo_contacto: '2026-03-02T17:30:00.000Z',
      ultimo_reporte: '2026-03-02T17:30:00.000Z',
      cola: [{ kind: 'pago.create', state: 'blocked', count: 1 }],
      captura_mas_antigua: '2026-03-02T16:00:00.000Z',
      rechazo_mas_antiguo: null,
      silencioso: true,
      rechazos_viejos: false,
    },
  ],
};

function handlers() {
  let unreviewed = 3;
  return {
    'GET /api/bandeja/': () => json({ results: ROWS, next: null }),
    'GET /api/bandeja/resumen/': () => json({ sin_revisar: unreviewed }),
    'GET /api/bandeja/telefonos/': () => json(PHONES),
    'POST /api/bandeja/revisados/': () => {
      unreviewed = 1;
      return json({ marcados: 2 });
    },
  };
}

describe('/bandeja', () => {
  it('shows labels, member, amount, kilos, delay and the refusal linked to its correction', async () => {
    await openAppAt('CO', '/bandeja', handlers(), { heading: 'Bandeja de campo' });
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows).toHaveLength(3);
    const table = screen.getByTestId('inbox-table');
    expect(table.textContent).not.toContain('acopio.create');
    expect(rows[2]!.textContent).toContain('Acopio');
    expect(rows[2]!.textContent).toContain('125.5 kg');
    expect(rows[2]!.textContent).toContain('María López Pérez');
    expect(rows[2]!.textContent).toContain('2 h 30 min');
    expect(rows[0]!.textContent).toContain('$40.00');
    expect(rows[0]!.textContent).toContain('Corrige un rechazo');
    const refusal = within(rows[1]!).getByTestId('inbox-refusal');
    expect(refusal.textContent).toContain('El pago excede la deuda del crédito.');
    expect(refusal.textContent).toContain('Corregido y reenviado');
    expect(within(rows[1]!).getByTestId('inbox-open').getAttribute('href')).toBe(
      '/pagos?abrir=555',
    );

    const phone = await screen.findByTestId('inbox-phone');
    expect(phone.textContent).toContain('1 × Pago (bloqueado)');
    expect(phone.textContent).toContain('Sin contacto hace más de 3 días');
  });

  it('shows the money of every kind and opens the record itself', async () => {
    const rows: InboxRow[] = [
      { ...base, id: 20, kind: 'viaje.close', clave_socio: null, kilos: null, monto: '1890.00' },
      { ...base, id: 19, kind: 'viaje.close', clave_socio: null, kilos: null, monto: '-100.00' },
      { ...base, id: 18, kind: 'acopio.create', kilos: null, monto: '1250.50', record_ref: '31' },
      { ...base, id: 17, kind: 'acopio.create', kilos: '120.50', monto: '8435.75' },
      {
        ...base,
        id: 16,
        kind: 'movimiento.create',
        kilos: null,
        monto: '100.00',
        aportacion: false,
        record_ref: '44',
      },
      {
        ...base,
        id: 15,
        kind: 'movimiento.create',
        kilos: null,
        monto: '500.00',
        aportacion: true,
      },
      { ...base, id: 14, kind: 'socio.update', kilos: null, record_ref: '77' },
    ];
    await openAppAt(
      'CO',
      '/bandeja',
      { ...handlers(), 'GET /api/bandeja/': () => json({ results: rows, next: null }) },
      { heading: 'Bandeja de campo' },
    );
    const shown = await screen.findAllByTestId('inbox-row');
    const amounts = shown.map((row) => within(row).getByTestId('inbox-amount').textContent);
    expect(amounts).toEqual([
      'A entregar $1,890.00',
      'La oficina debe $100.00 al promotor',
      '$1,250.50',
      '120.5 kg · $8,435.75',
      'Retiro · $100.00',
      'Aportación · $500.00',
      '—',
    ]);
    const open = (i: number) => within(shown[i]!).getByTestId('inbox-open').getAttribute('href');
    expect(open(2)).toBe('/acopios?abrir=31');
    expect(open(3)).toBe('/acopios?abrir=900');
    expect(open(4)).toBe('/movimientos?socio=77&abrir=44');
    expect(open(6)).toBe('/socios?abrir=77');
  });

  it('marks the selection reviewed and the menu count follows', async () => {
    const { api } = await openAppAt('CO', '/bandeja', handlers(), { heading: 'Bandeja de campo' });
    await waitFor(() => expect(screen.getByTestId('menu-bandeja-count').textContent).toBe('3'));
    const ui = userEvent.setup();
    const rows = await screen.findAllByTestId('inbox-row');
    await ui.click(within(rows[0]!).getByRole('checkbox'));
    await ui.click(within(rows[2]!).getByRole('checkbox'));
    await ui.click(screen.getByTestId('inbox-mark-selected'));
    await screen.findByText('2 registros marcados como revisados.');
    expect(api.calls('POST', '/api/bandeja/revisados/')[0]?.body).toEqual({ ids: [3, 1] });
    await waitFor(() => expect(screen.getByTestId('menu-bandeja-count').textContent).toBe('1'));
  });

  it('asks the server again with the filter chosen', async () => {
    const { api } = await openAppAt('GE', '/bandeja', handlers(), { heading: 'Bandeja de campo' });
    await screen.findAllByTestId('inbox-row');
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('inbox-filter-estado'), 'refused');
    await ui.selectOptions(screen.getByTestId('inbox-filter-tipo'), 'pago.create');
    await waitFor(() =>
      expect(
        api.seen.some(
          (r) => r.path.includes('estado=refused') && r.path.includes('tipo=pago.create'),
        ),
      ).toBe(true),
    );
  });

  it('is read-only for a visitor', async () => {
    await openAppAt('VI', '/bandeja', handlers(), { heading: 'Bandeja de campo' });
    await screen.findAllByTestId('inbox-row');
    expect(screen.queryByTestId('inbox-mark-selected')).toBeNull();
    expect(screen.queryByTestId('inbox-mark-filter')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { getDb } from '#db/database';
import { outboxItems } from '#sync/queries';
import { clearSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { json } from './api-fake-fetch';
import { freshDevice, setOnline } from './sync-fixtures';
import { answerFor, fixToday, openDecisionScreen } from './mesa-control-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  fixToday();
});

afterEach(async () => {
  clearSelection('solicitud');
  await freshDevice();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Ui = ReturnType<typeof userEvent.setup>;

const PATCH_42 = 'PATCH /api/solic-creditos/42.json';

function open(
  folio: number | null = 42,
  extra: Parameters<typeof openDecisionScreen>[0]['extra'] = {},
) {
  return openDecisionScreen({
    role: 'GE',
    path: '/evaluacion',
    folio,
    title: 'Evaluación de solicitud',
    extra,
  });
}

const figure = async (id: string) =>
  (await screen.findByTestId(id, {}, { timeout: 10_000 })).textContent;

async function confirm(ui: Ui) {
  await ui.click(
    within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sí, enviar' }),
  );
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const messageOf = (control: HTMLElement) =>
  control.closest('.field')?.querySelector('.field-message')?.textContent ?? null;

async function fill(ui: Ui, name: RegExp, value: string) {
  const input = field(name);
  await ui.clear(input);
  await ui.type(input, value);
}

describe(
  'evaluation figures, from the replica (hand-computed, today 2026-03-15)',
  { timeout: 30_000 },
  () => {
    it('with no request chosen it goes back to /solicitudes, where requests are chosen', async () => {
      const { router } = await open(null);
      await vi.waitFor(() => expect(router.state.location.pathname).toBe('/solicitudes'), {
        timeout: 10_000,
      });
    });

    it('member 5 asking for 6,000: solvency, income, last credit, debt, delinquency, suggestion, risk', async () => {
      await open(42);
      // Deliveries of member 5: 2026 = 3,000 (CF) + 1,000 (MI) = 4,000;
      // 2025 = 5,000 (CF) + 500 (JA) + 1,500 (SL) = 7,000. Solvency = 6,000 ÷ 4,000 = 1.5.
      expect(await figure('figure-solvencia')).toBe('1.5');
      expect(await figure('figure-ingresos')).toBe('$4,000.00');
      expect(await figure('figure-ingresos-pasado')).toBe('$7,000.00');
      expect(screen.getByText('Volumen de ingresos 2026')).toBeTruthy();
      expect(screen.getByText('Volumen de ingresos 2025')).toBeTruthy();
      // Last credit: 101 (started 2025-06-15, newer than 102 of 2023): 10,000, overdue since its
      // due date 2025-12-15, 273 days old (30+31+31+30+31+30+31+31+28).
      const last = await figure('figure-ultimo');
      expect(last).toContain('Crédito 101');
      expect(last).toContain('$10,000.00');
      expect(last).toContain('Vencido');
      expect(last).toContain('273 días de vida');
      // Debt of 101 (fixed rate): 9 whole months → ordinary 10,000 × 2 % × 9 = 1,800, minus 400
      // paid; late 10,000 × 3 % × (9 − 6) = 900; capital 10,000 − 1,000 = 9,000 → 11,300.
      // 102 is paid: nothing.
      expect(await figure('figure-deuda')).toBe('$11,300.00');
      // Delinquency = overdue pending capital ÷ pending capital. Member: 9,000 ÷ 9,000.
      // Community 7: 101 (9,000 overdue) + 103 (6,000 current) → 60 %.
      // Region 1: + 104 (15,000 current) → 9,000 ÷ 30,000 = 30 %. 105 is region 2, 106 not started.
      expect(await figure('figure-mora-socio')).toBe('100%');
      expect(await figure('figure-mora-comunidad')).toBe('60%');
      expect(await figure('figure-mora-region')).toBe('30%');
      // Balance 2,000 + 1,000 − 500 = 2,500: 30 % = 750, 50 % = 1,250.
      const suggested = await figure('figure-sugerido');
      expect(suggested).toContain('30 %: $750.00');
      expect(suggested).toContain('50 %: $1,250.00');
      expect(screen.getByText(/Saldo de aportaciones:/).textContent).toContain('$2,500.00');
      // An overdue contract: high risk.
      expect(await figure('figure-riesgo')).toBe('Alto');
    });

    it('member 6 without deliveries this year: solvency NA, last credit not started, medium risk', async () => {
      await open(43);
      expect(await figure('figure-solvencia')).toBe('NA');
      expect(await figure('figure-ingresos')).toBe('$0.00');
      expect(await figure('figure-ingresos-pasado')).toBe('$800.00');
      // 106 has no start date: the newest of all; shown with its stored status (DP = "-").
      const last = await figure('figure-ultimo');
      expect(last).toContain('Crédito 106');
      expect(last).toContain('$2,000.00');
      expect(last).toContain('sin iniciar');
      // 103: 6 whole months (2025-09-01 → 2026-03-15) × 1.5 % × 6,000 = 540 → 6,540.
      expect(await figure('figure-deuda')).toBe('$6,540.00');
      expect(await figure('figure-mora-socio')).toBe('0%');
      expect(await figure('figure-mora-comunidad')).toBe('60%');
      expect(await figure('figure-mora-region')).toBe('30%');
      expect(await figure('figure-sugerido')).toContain('30 %: $0.00');
      expect(screen.getByText('Sin aportaciones registradas.')).toBeTruthy();
      expect(await figure('figure-riesgo')).toBe('Medio');
    });

    it('the yearly deliveries table under the chart', async () => {
      await open(42);
      const table = await screen.findByTestId('evaluacion-years', {}, { timeout: 10_000 });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => Array.from(r.children).map((c) => c.textContent));
      expect(rows).toEqual([
        ['2024', '$2,000.00', '$0.00', '$0.00', '$0.00', '$2,000.00'],
        ['2025', '$5,000.00', '$0.00', '$500.00', '$1,500.00', '$7,000.00'],
        ['2026', '$3,000.00', '$1,000.00', '$0.00', '$0.00', '$4,000.00'],
      ]);
    });
  },
);

describe('evaluation: the decision', { timeout: 30_000 }, () => {
  it('negotiation and permanent rejection without a comment are refused', async () => {
    const { api } = await open(42);
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('evaluacion-negotiate'));
    const comment = field(/^Comentario del gerente/);
    await vi.waitFor(() =>
      expect(messageOf(comment)).toBe(
        'Por favor agrega algún comentario para enviar a Negociación',
      ),
    );
    expect(document.activeElement).toBe(comment);
    await ui.click(screen.getByTestId('evaluacion-cancel'));
    await vi.waitFor(() =>
      expect(messageOf(comment)).toBe(
        'Por favor agrega algún comentario para rechazar permanentemente',
      ),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
    expect(api.calls('PATCH', '/api/solic-creditos/42.json')).toHaveLength(0);
  });

  it('approval checks amount 0.01–9999999, term 1–240 and rates up to 4 decimals', async () => {
    await open(42);
    const ui = userEvent.setup();
    // Prefilled with the request's own amount and term.
    expect((field(/^Monto aprobado/) as HTMLInputElement).value).toBe('6000.00');
    expect((field(/^Plazo aprobado/) as HTMLInputElement).value).toBe('10');
    await fill(ui, /^Monto aprobado/, '0');
    await fill(ui, /^Plazo aprobado/, '241');
    await fill(ui, /^Tasa mensual/, '1.23456');
    await ui.click(screen.getByTestId('evaluacion-approve'));
    await vi.waitFor(() =>
      expect(messageOf(field(/^Monto aprobado/))).toBe('el número debe ser mayor a 0.01'),
    );
    expect(messageOf(field(/^Plazo aprobado/))).toBe('el número debe ser menor a 240');
    expect(messageOf(field(/^Tasa mensual/))).toBe('Debe ser un número con máximo 4 decimales');
    expect(messageOf(field(/^Tasa moratoria/))).toBe('Se requiere un número');
    await fill(ui, /^Monto aprobado/, '10000000');
    await ui.tab();
    expect(messageOf(field(/^Monto aprobado/))).toBe('el número debe ser menor a 9999999');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await outboxItems()).toHaveLength(0);
  });

  it('approval: PATCH with decimal texts; "Solicitud de Crédito aprobado correctamente" with the credit number', async () => {
    const { api } = await open(42, {
      [PATCH_42]: (req) =>
        json(
          answerFor(42, req.body as Record<string, unknown>, {
            estatus_evaluacion: 'AP',
            contrato: 77,
          }),
        ),
    });
    const ui = userEvent.setup();
    // The 30 % suggestion fills the amount.
    await ui.click(await screen.findByTestId('use-30', {}, { timeout: 10_000 }));
    expect((field(/^Monto aprobado/) as HTMLInputElement).value).toBe('750.00');
    await fill(ui, /^Plazo aprobado/, '12');
    await fill(ui, /^Tasa mensual/, '1.5');
    await fill(ui, /^Tasa moratoria/, '2.125');
    await ui.type(field(/^Comentario del gerente/), 'Aprobado con monto menor');
    await ui.click(screen.getByTestId('evaluacion-approve'));
    await confirm(ui);

    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    expect(alert.textContent).toContain(
      'Solicitud de Crédito aprobado correctamente. Crédito número 77',
    );
    expect(api.calls('PATCH', '/api/solic-creditos/42.json')[0]!.body).toEqual({
      estatus_evaluacion: 'AP',
      monto_aprobado: '750.00',
      plazo_aprobado: 12,
      tasa_aprobada: '1.5000',
      tasa_mor_aprobada: '2.1250',
      comentarios_gerente: 'Aprobado con monto menor',
    });
    expect(screen.queryByTestId('evaluacion-approve')).toBeNull();
    expect((await getDb().solicitudes.get(42))?.contrato).toBe(77);
  });

  it('negotiation with a comment: "enviada a negociación"; only the decision and comment are sent', async () => {
    const { api } = await open(42, {
      [PATCH_42]: (req) => json(answerFor(42, req.body as Record<string, unknown>)),
    });
    const ui = userEvent.setup();
    await ui.type(field(/^Comentario del gerente/), 'Bajar el monto a 4,000');
    await ui.click(screen.getByTestId('evaluacion-negotiate'));
    expect((await screen.findByRole('alertdialog')).textContent).toContain(
      '¿Enviar la solicitud 42 a negociación con el promotor?',
    );
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    await vi.waitFor(() => expect(alert.dataset.outcome).toBe('sent'));
    expect(alert.textContent).toContain('Solicitud 42 enviada a negociación');
    expect(api.calls('PATCH', '/api/solic-creditos/42.json')[0]!.body).toEqual({
      estatus_evaluacion: 'NE',
      comentarios_gerente: 'Bajar el monto a 4,000',
    });
  });

  it('a server refusal shows under its field', async () => {
    await open(42, {
      [PATCH_42]: () => json({ tasa_aprobada: ['el número debe ser menor a 100'] }, 400),
    });
    const ui = userEvent.setup();
    await fill(ui, /^Tasa mensual/, '1.5');
    await fill(ui, /^Tasa moratoria/, '2');
    await ui.click(screen.getByTestId('evaluacion-approve'));
    await confirm(ui);
    await vi.waitFor(
      () => expect(messageOf(field(/^Tasa mensual/))).toBe('el número debe ser menor a 100'),
      {
        timeout: 10_000,
      },
    );
    expect(screen.getByTestId('review-status').textContent).toContain('El servidor rechazó');
    const [row] = await outboxItems();
    expect(row!.status).toBe('rejected');
    // The refused decision can be corrected: the buttons are still there.
    expect(screen.getByTestId('evaluacion-approve')).toBeTruthy();
  });

  it('offline: the figures still show and the decision waits in the outbox', async () => {
    const { api } = await open(42);
    setOnline(false);
    expect(await figure('figure-deuda')).toBe('$11,300.00');
    const ui = userEvent.setup();
    await ui.type(field(/^Comentario del gerente/), 'No procede');
    await ui.click(screen.getByTestId('evaluacion-cancel'));
    await confirm(ui);
    const alert = await screen.findByTestId('review-alert', {}, { timeout: 10_000 });
    expect(alert.dataset.outcome).toBe('queued');
    expect(api.calls('PATCH', '/api/solic-creditos/42.json')).toHaveLength(0);
    const [row] = await outboxItems();
    expect(row!.kind).toBe('solicitud.evaluation');
    expect((await getDb().solicitudes.get(42))?.estatus_evaluacion).toBe('CA');
  });
});

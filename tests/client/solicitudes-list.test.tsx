import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import type { Role } from '#domain/roles';
import {
  selectedFolio,
  clearSolicitudSelection,
} from '#features/solicitudes/solicitud-selection.ts';
import { useSpanish } from '#tests/helpers/i18n-test';
import { freshDevice } from './sync-fixtures';
import { openRequests, request } from './solicitudes-fixtures';

beforeEach(async () => {
  await useSpanish();
  await freshDevice();
  clearSolicitudSelection();
});

afterEach(async () => {
  await freshDevice();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type Ui = ReturnType<typeof userEvent.setup>;

const table = () => screen.getByRole('table', { name: 'Solicitudes de crédito' });

const dataRows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .filter((r) => !r.querySelector('.dt-empty'));

/** Folio cells of the rows shown, once there are `n`. */
async function foliosShown(n: number): Promise<string[]> {
  await vi.waitFor(() => expect(dataRows()).toHaveLength(n), { timeout: 5000 });
  return dataRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent ?? '');
}

async function openFolio(ui: Ui, folio: number) {
  await vi.waitFor(() => expect(dataRows().length).toBeGreaterThan(0), { timeout: 5000 });
  const row = dataRows().find(
    (r) => within(r).getAllByRole('cell')[0]!.textContent === String(folio),
  );
  if (!row) throw new Error(`no row for folio ${folio}`);
  await ui.click(within(row).getAllByRole('cell')[1]!);
  return screen.findByRole('dialog', { name: `Solicitud ${folio}` });
}

const ACTION_IDS = ['mesaControl', 'evaluacion', 'renegociar', 'reenviar'];

function actionsIn(dialog: HTMLElement): string[] {
  return ACTION_IDS.filter(
    (action) => within(dialog).queryByTestId(`solicitud-action-${action}`) !== null,
  );
}

describe('requests list: recent and all', { timeout: 30_000 }, () => {
  it('recent = evaluation in review and not rejected, newest first; all = every request', async () => {
    const ui = userEvent.setup();
    await openRequests('PR');
    expect(await foliosShown(2)).toEqual(['12', '11']);
    const recent = screen.getByTestId('solicitudes-view-recientes');
    expect(recent.getAttribute('aria-pressed')).toBe('true');

    await ui.click(screen.getByTestId('solicitudes-view-todas'));
    expect(await foliosShown(6)).toEqual(['12', '11', '14', '13', '16', '15']);
    expect(screen.getByTestId('solicitudes-view-todas').getAttribute('aria-pressed')).toBe('true');

    await ui.click(recent);
    expect(await foliosShown(2)).toEqual(['12', '11']);
  });

  it('a rejected request in review of evaluation is not recent (RE excluded)', async () => {
    await openRequests('CO', {
      requests: [
        request(21, { estatus_solicitud: 'RE' }),
        request(22, { fecha_solicitud: '2026-03-09' }),
      ],
    });
    expect(await foliosShown(1)).toEqual(['22']);
  });

  it('rows show the member, the requested amount as currency and the statuses by name', async () => {
    await openRequests('CO');
    await foliosShown(2);
    const row = within(dataRows()[0]!);
    expect(row.getByText('Juana Gómez Cruz')).toBeTruthy();
    expect(row.getByText('$1,500.00')).toBeTruthy();
    expect(row.getByText('Aprobada')).toBeTruthy();
    expect(row.getByText('En revisión')).toBeTruthy();
    // Process and type wait in the columns chooser (the default set fits a desk screen).
    expect(row.queryByText('Café')).toBeNull();
    const ui = userEvent.setup();
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Proceso' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Tipo de crédito' }));
    const shown = within(dataRows()[0]!);
    expect(shown.getByText('Café')).toBeTruthy();
    expect(shown.getByText('Microcrédito')).toBeTruthy();
  });

  it('the search box finds a status by the name the user reads', async () => {
    const ui = userEvent.setup();
    await openRequests('CO', { path: '/solicitudes?vista=todas' });
    await foliosShown(6);
    await ui.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'negociacion');
    expect(await foliosShown(1)).toEqual(['13']);
  });
});

describe('detail modal and its buttons per status and role', { timeout: 40_000 }, () => {
  // Each role opens every state; the expected buttons come from
  // docs/business-rules.md#credit-requests.
  const EXPECTED: Record<Exclude<Role, 'SO'>, Record<number, string[]>> = {
    CO: { 11: ['mesaControl'], 12: [], 13: [], 14: [], 15: [], 16: [] },
    GE: { 11: ['mesaControl'], 12: ['evaluacion'], 13: [], 14: [], 15: [], 16: [] },
    PR: { 11: [], 12: [], 13: ['renegociar'], 14: ['reenviar'], 15: [], 16: [] },
    VI: { 11: [], 12: [], 13: [], 14: [], 15: [], 16: [] },
  };

  for (const [role, byFolio] of Object.entries(EXPECTED)) {
    it(`${role}: the buttons each request allows`, async () => {
      const ui = userEvent.setup();
      await openRequests(role as Role, { path: '/solicitudes?vista=todas' });
      await foliosShown(6);
      for (const [folio, expected] of Object.entries(byFolio)) {
        const dialog = await openFolio(ui, Number(folio));
        expect({ folio, actions: actionsIn(dialog) }).toEqual({ folio, actions: expected });
        await ui.keyboard('{Escape}');
        await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      }
    });
  }

  it('a coordinator does not renegotiate or resend a promoter’s request', async () => {
    const ui = userEvent.setup();
    await openRequests('CO', { path: '/solicitudes?vista=todas' });
    await foliosShown(6);
    expect(actionsIn(await openFolio(ui, 13))).toEqual([]);
  });

  it('the detail shows the request and its chat with author and time', async () => {
    const ui = userEvent.setup();
    await openRequests('PR', { path: '/solicitudes?vista=todas' });
    await foliosShown(6);
    const dialog = await openFolio(ui, 13);
    const summary = within(within(dialog).getByTestId('solicitud-summary'));
    expect(summary.getByText('Renovar cafetal')).toBeTruthy();
    expect(summary.getByText('Marta Gómez')).toBeTruthy();
    expect(summary.getByText('12 meses')).toBeTruthy();
    const statuses = within(dialog).getByTestId('solicitud-statuses').textContent;
    expect(statuses).toContain('Aprobada');
    expect(statuses).toContain('Negociación');
    const chat = within(within(dialog).getByTestId('solicitud-chat'));
    const entries = chat.getAllByRole('listitem').map((li) => li.textContent);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toContain('María Hernández');
    expect(entries[1]).toContain('12 feb 2026');
    expect(entries[1]).toContain('Baja el monto');
  });

  it('an approved request shows what was approved and its credit number', async () => {
    const ui = userEvent.setup();
    await openRequests('GE', { path: '/solicitudes?vista=todas' });
    await foliosShown(6);
    const summary = within(
      (await openFolio(ui, 15)).querySelector('[data-testid="solicitud-summary"]')! as HTMLElement,
    );
    expect(summary.getByText('Monto aprobado')).toBeTruthy();
    expect(summary.getByText('2.00%')).toBeTruthy();
    expect(summary.getByText('3.00%')).toBeTruthy();
    expect(summary.getByText('77')).toBeTruthy();
  });

  it('"Ir a mesa de control" opens the control desk at the request’s address', async () => {
    const ui = userEvent.setup();
    const { router } = await openRequests('CO');
    await foliosShown(2);
    const dialog = await openFolio(ui, 11);
    await ui.click(within(dialog).getByTestId('solicitud-action-mesaControl'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/mesa-control/11'));
    expect(selectedFolio()).toBe(11);
  });

  it('"Ir a evaluación" opens the manager evaluation at the request’s address', async () => {
    const ui = userEvent.setup();
    const { router } = await openRequests('GE');
    await foliosShown(2);
    const dialog = await openFolio(ui, 12);
    await ui.click(within(dialog).getByTestId('solicitud-action-evaluacion'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/evaluacion/12'));
    expect(selectedFolio()).toBe(12);
  });

  it('"Renegociar" and "Corregir y reenviar" open the request form in that mode', async () => {
    const ui = userEvent.setup();
    const { router } = await openRequests('PR', { path: '/solicitudes?vista=todas' });
    await foliosShown(6);
    await ui.click(within(await openFolio(ui, 13)).getByTestId('solicitud-action-renegociar'));
    await vi.waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        '/solicitud-formato?renegociar=13',
      ),
    );
    expect(await screen.findByText('Renegociar la solicitud 13')).toBeTruthy();
    await router.navigate('/solicitudes?vista=todas');
    await foliosShown(6);
    await ui.click(within(await openFolio(ui, 14)).getByTestId('solicitud-action-reenviar'));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?reenviar=14'));
    expect(await screen.findByText('Corregir y reenviar la solicitud 14')).toBeTruthy();
  });

  it('the promoter’s new-request button opens the request form', async () => {
    const { router } = await openRequests('PR');
    await foliosShown(2);
    await userEvent.setup().click(screen.getByTestId('solicitud-new'));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/solicitud-formato'));
  });

  it('the visitor reads requests but has no new-request button', async () => {
    await openRequests('VI');
    await foliosShown(2);
    expect(screen.queryByTestId('solicitud-new')).toBeNull();
  });
});

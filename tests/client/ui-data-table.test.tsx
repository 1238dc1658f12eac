import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataTable } from '#ui/data-table.tsx';
import { createColumns } from '#ui/data-table-features.ts';
import { clearSelection, getSelection } from '#ui/selection-store.ts';
import { useSpanish } from '#tests/helpers/i18n-test';

interface Member {
  clave: number;
  nombre: string;
  comunidad: string;
  monto: number;
}

const NAMES = ['Ana', 'Bety', 'Carlos', 'Dolores', 'Efraín', 'Flor', 'Gómez', 'Hilda', 'Isidro'];
const members: Member[] = Array.from({ length: 45 }, (_, i) => ({
  clave: i + 1,
  nombre: `${NAMES[i % NAMES.length]} ${String(i + 1).padStart(2, '0')}`,
  comunidad: i % 2 === 0 ? 'Guaquitepec' : 'Chilón',
  monto: (i + 1) * 100,
}));

const col = createColumns<Member>();
const columns = col.columns([
  col.accessor('clave', { header: 'Clave' }),
  col.accessor('nombre', { header: 'Nombre' }),
  col.accessor('comunidad', { header: 'Comunidad' }),
  col.accessor('monto', { header: 'Monto', meta: { align: 'end' } }),
]);
const rowId = (row: Member) => String(row.clave);

function bodyRows() {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}
function firstCellTexts() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);
}

beforeAll(useSpanish);
beforeEach(() => clearSelection('members'));

describe('DataTable', () => {
  it('shows 10 rows per page by default with page info and row count', () => {
    render(<DataTable id="members" data={members} columns={columns} />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText(/Página 1 de 5/)).toBeTruthy();
    expect(screen.getByText(/Registros: 45/)).toBeTruthy();
    expect((screen.getByLabelText('Filas por página') as HTMLSelectElement).value).toBe('10');
    const options = within(screen.getByLabelText('Filas por página')).getAllByRole('option');
    expect(options.map((o) => (o as HTMLOptionElement).value)).toEqual([
      '10',
      '20',
      '30',
      '40',
      '50',
    ]);
  });

  it('uses 40 rows per page and no search box when the search is hidden', () => {
    render(<DataTable id="members" data={members} columns={columns} hideSearch />);
    expect(screen.queryByRole('searchbox', { name: 'Buscar' })).toBeNull();
    expect(bodyRows()).toHaveLength(40);
    expect(screen.getByText(/Página 1 de 2/)).toBeTruthy();
  });

  it('changes the page size', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} />);
    await user.selectOptions(screen.getByLabelText('Filas por página'), '30');
    expect(bodyRows()).toHaveLength(30);
    expect(screen.getByText(/Página 1 de 2/)).toBeTruthy();
  });

  it('filters every column with the global search, ignoring case and accents', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} />);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'gomez');
    // Gómez is every 9th member: 7, 16, 25, 34, 43.
    expect(firstCellTexts()).toEqual(['7', '16', '25', '34', '43']);
    expect(screen.getByText(/Registros: 5/)).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '4500');
    expect(firstCellTexts()).toEqual(['45']);
  });

  it('shows per-column filters only after the toggle and filters by that column', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} />);
    expect(screen.queryByRole('searchbox', { name: 'Filtrar Comunidad' })).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Filtros por columna' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await user.type(screen.getByRole('searchbox', { name: 'Filtrar Comunidad' }), 'chilon');
    expect(screen.getByText(/Registros: 22/)).toBeTruthy();
    expect(bodyRows().every((row) => row.textContent?.includes('Chilón'))).toBe(true);
    // Closing the filters removes them.
    await user.click(toggle);
    expect(screen.getByText(/Registros: 45/)).toBeTruthy();
  });

  it('sorts by clicking a header and reports it with aria-sort', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} />);
    const header = screen.getByRole('columnheader', { name: /Nombre/ });
    expect(header.getAttribute('aria-sort')).toBe('none');
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(bodyRows()[0]!.textContent).toContain('Ana 01');
    await user.click(within(header).getByRole('button'));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(bodyRows()[0]!.textContent).toContain('Isidro 45');
  });

  it('applies the initial sorting', () => {
    render(
      <DataTable
        id="members"
        data={members}
        columns={columns}
        initialSorting={[{ id: 'clave', desc: true }]}
      />,
    );
    expect(firstCellTexts().slice(0, 3)).toEqual(['45', '44', '43']);
    expect(screen.getByRole('columnheader', { name: /Clave/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
  });

  it('moves between pages with the buttons and the go-to-page input', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} />);
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(firstCellTexts()[0]).toBe('11');
    await user.click(screen.getByRole('button', { name: 'Última página' }));
    expect(firstCellTexts()).toEqual(['41', '42', '43', '44', '45']);
    expect(
      (screen.getByRole('button', { name: 'Página siguiente' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const goTo = screen.getByLabelText('Ir a la página');
    await user.clear(goTo);
    await user.type(goTo, '3');
    expect(firstCellTexts()[0]).toBe('21');
    expect(screen.getByText(/Página 3 de 5/)).toBeTruthy();
    // An impossible page does not move the table.
    await user.clear(goTo);
    await user.type(goTo, '9');
    expect(screen.getByText(/Página 3 de 5/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Primera página' }));
    expect(firstCellTexts()[0]).toBe('1');
  });

  it('stays on its page when the data refresh, and search goes back to page 1', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <DataTable id="members" data={members} columns={columns} getRowId={rowId} />,
    );
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    expect(screen.getByText(/Página 3 de 5/)).toBeTruthy();
    // A sync pull replaces the array with updated rows.
    rerender(
      <DataTable
        id="members"
        data={members.map((m) => ({ ...m }))}
        columns={columns}
        getRowId={rowId}
      />,
    );
    expect(screen.getByText(/Página 3 de 5/)).toBeTruthy();
    // Rows removed under the current page: the last existing page is shown.
    rerender(
      <DataTable id="members" data={members.slice(0, 15)} columns={columns} getRowId={rowId} />,
    );
    expect(screen.getByText(/Página 2 de 2/)).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '1');
    expect(screen.getByText(/Página 1 de/)).toBeTruthy();
  });

  it('keeps the selection in the shared store, select-all covers the page, clearSelection empties it', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} getRowId={rowId} selectable />);
    const checkboxes = screen.getAllByRole('checkbox', { name: 'Seleccionar fila' });
    await user.click(checkboxes[1]!);
    await user.click(checkboxes[3]!);
    expect(getSelection<Member>('members').ids.sort()).toEqual(['2', '4']);
    expect(
      getSelection<Member>('members')
        .rows.map((m) => m.nombre)
        .sort(),
    ).toEqual(['Bety 02', 'Dolores 04']);
    expect(screen.getByText('Seleccionados: 2')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de esta página' }),
    );
    expect(getSelection('members').ids).toHaveLength(12);

    act(() => clearSelection('members'));
    expect(getSelection('members').ids).toEqual([]);
    expect(
      screen
        .getAllByRole('checkbox', { name: 'Seleccionar fila' })
        .every((c) => !(c as HTMLInputElement).checked),
    ).toBe(true);
  });

  it('shares the selection between two tables with the same id', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DataTable
          id="members"
          data={members}
          columns={columns}
          getRowId={rowId}
          selectable
          caption="A"
        />
        <DataTable
          id="members"
          data={members}
          columns={columns}
          getRowId={rowId}
          selectable
          caption="B"
        />
      </>,
    );
    const [a, b] = screen.getAllByRole('table');
    await user.click(within(a!).getAllByRole('checkbox', { name: 'Seleccionar fila' })[0]!);
    expect(
      (within(b!).getAllByRole('checkbox', { name: 'Seleccionar fila' })[0] as HTMLInputElement)
        .checked,
    ).toBe(true);
  });

  it('renders a footer computed from the filtered rows', async () => {
    const user = userEvent.setup();
    const footer = (rows: Member[]) => ({
      nombre: 'Total',
      monto: String(rows.reduce((sum, row) => sum + row.monto, 0)),
    });
    render(<DataTable id="members" data={members} columns={columns} footer={footer} />);
    const table = screen.getByRole('table');
    const foot = within(table).getAllByRole('rowgroup')[2]!;
    expect(foot.textContent).toContain('Total');
    expect(foot.textContent).toContain(String((45 * 46 * 100) / 2));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Ana');
    // Ana: members 1, 10, 19, 28, 37 → (1+10+19+28+37) × 100
    expect(foot.textContent).toContain('9500');
  });

  it('calls onRowClick on click and on Enter', async () => {
    const user = userEvent.setup();
    const onRowClick = vi.fn();
    render(
      <DataTable
        id="members"
        data={members}
        columns={columns}
        onRowClick={onRowClick}
        selectable
        getRowId={rowId}
      />,
    );
    await user.click(screen.getByText('Carlos 03'));
    expect(onRowClick).toHaveBeenLastCalledWith(members[2]);
    const row = bodyRows()[4]!;
    row.focus();
    await user.keyboard('{Enter}');
    expect(onRowClick).toHaveBeenLastCalledWith(members[4]);
    // Ticking a row's checkbox does not open the row.
    onRowClick.mockClear();
    await user.click(within(bodyRows()[0]!).getByRole('checkbox'));
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    render(<DataTable id="members" data={members} columns={columns} emptyText="Sin socios" />);
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'zzzz');
    expect(screen.getByText('Sin socios')).toBeTruthy();
    expect(screen.getByText(/Página 0 de 0/)).toBeTruthy();
  });

  it('renders only one page of 6,000 rows quickly', () => {
    const many = Array.from({ length: 6000 }, (_, i) => ({ ...members[i % 45]!, clave: i + 1 }));
    const started = performance.now();
    render(<DataTable id="many" data={many} columns={columns} getRowId={rowId} selectable />);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText(/Página 1 de 600/)).toBeTruthy();
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('DataTable columns chooser', () => {
  interface Wide {
    id: number;
    a: string;
    b: string;
    c: string;
    d: string;
    e: string;
  }
  const wideCol = createColumns<Wide>();
  const wideColumns = wideCol.columns([
    wideCol.accessor('id', { header: 'Núm.' }),
    wideCol.accessor('a', { header: 'Socio' }),
    wideCol.accessor('b', { header: 'Región' }),
    wideCol.accessor('c', { header: 'Plazo' }),
    wideCol.accessor('d', { header: 'Tasa' }),
    wideCol.accessor('e', { header: 'Vida' }),
  ]);
  const HIDDEN = ['d', 'e'] as const;
  const rows: Wide[] = [{ id: 7, a: 'Ana', b: 'Norte', c: '12', d: '1.5', e: '90' }];
  // The header text without its sort mark.
  const headers = () =>
    screen.getAllByRole('columnheader').map((h) => h.textContent?.replace(/[↕↑↓▲▼]/gu, ''));

  beforeEach(() => localStorage.clear());

  it('shows the default set, any other column on request, and keeps the choice on the device', async () => {
    const ui = userEvent.setup();
    const view = render(
      <DataTable id="wide" data={rows} columns={wideColumns} defaultHidden={HIDDEN} />,
    );
    expect(headers()).toEqual(['Núm.', 'Socio', 'Región', 'Plazo']);
    expect(screen.getByTestId('dt-columns').textContent).toBe('Columnas (4 de 6)');
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('checkbox', { name: 'Vida' }));
    await ui.click(screen.getByRole('checkbox', { name: 'Región' }));
    expect(headers()).toEqual(['Núm.', 'Socio', 'Plazo', 'Vida']);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['7', 'Ana', '12', '90']);

    // Another visit to the screen: the same columns.
    view.unmount();
    render(<DataTable id="wide" data={rows} columns={wideColumns} defaultHidden={HIDDEN} />);
    expect(headers()).toEqual(['Núm.', 'Socio', 'Plazo', 'Vida']);
    await ui.click(screen.getByTestId('dt-columns'));
    await ui.click(screen.getByRole('button', { name: 'Mostrar todas' }));
    expect(headers()).toEqual(['Núm.', 'Socio', 'Región', 'Plazo', 'Tasa', 'Vida']);
    await ui.click(screen.getByRole('button', { name: 'Restablecer' }));
    expect(headers()).toEqual(['Núm.', 'Socio', 'Región', 'Plazo']);
  });

  it('never hides the last column shown; Escape closes the list', async () => {
    const ui = userEvent.setup();
    render(<DataTable id="wide" data={rows} columns={wideColumns} defaultHidden={HIDDEN} />);
    await ui.click(screen.getByTestId('dt-columns'));
    for (const name of ['Núm.', 'Socio', 'Región'])
      await ui.click(screen.getByRole('checkbox', { name }));
    expect(headers()).toEqual(['Plazo']);
    const last = screen.getByRole('checkbox', { name: 'Plazo' });
    expect(last).toHaveProperty('disabled', true);
    const details = screen.getByTestId('dt-columns').closest('details')!;
    expect(details.open).toBe(true);
    await ui.keyboard('{Escape}');
    expect(details.open).toBe(false);
  });

  it('a table of four columns or fewer has no chooser', () => {
    render(<DataTable id="members" data={members} columns={columns} />);
    expect(screen.queryByTestId('dt-columns')).toBeNull();
  });
});

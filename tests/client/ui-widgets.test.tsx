import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Process } from '#domain/codes';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { LanguageSelector } from '#ui/language-selector.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Percent } from '#ui/percent.tsx';
import { OfflineBanner } from '#ui/offline-banner.tsx';
import { ProcessIcons } from '#components/process-icons.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { StatusDot } from '#ui/status-dot.tsx';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

beforeAll(useSpanish);

describe('ProcessIcons', () => {
  function Picker({ onChange }: { onChange: (p: Process) => void }) {
    const [value, setValue] = useState<Process | null>(null);
    return (
      <ProcessIcons
        value={value}
        statuses={{ CF: 'AC', MI: 'NP', JA: 'BA', SL: 'AC' }}
        onChange={(p) => {
          onChange(p);
          setValue(p);
        }}
      />
    );
  }

  it('lets only an AC process be chosen and marks the chosen one', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    const honey = screen.getByRole('button', { name: 'Miel: No disponible' });
    const soap = screen.getByRole('button', { name: 'Jabones: No disponible' });
    expect((honey as HTMLButtonElement).disabled).toBe(true);
    expect((soap as HTMLButtonElement).disabled).toBe(true);
    await user.click(honey);
    await user.click(soap);
    expect(onChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Café: Disponible' }));
    expect(onChange).toHaveBeenCalledWith('CF');
    const coffee = screen.getByRole('button', { name: 'Café: Seleccionado' });
    expect(coffee.getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Salarios: Disponible' }));
    expect(onChange).toHaveBeenLastCalledWith('SL');
    expect(
      screen.getByRole('button', { name: 'Café: Disponible' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  it('read-only icons are pictures with their state, not buttons', () => {
    render(
      <ProcessIcons value="MI" statuses={{ CF: 'AC', MI: 'AC' }} readOnly onChange={vi.fn()} />,
    );
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('img', { name: 'Miel: Seleccionado' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Salarios: No disponible' })).toBeTruthy();
  });
});

describe('StatusDot', () => {
  it('names each status in text, not by colour alone', () => {
    render(
      <>
        <StatusDot status="AC" />
        <StatusDot status="NP" />
        <StatusDot status="BA" showLabel />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Activo' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'No participa' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Inactivo' })).toBeTruthy();
    expect(screen.getByText('Inactivo')).toBeTruthy();
  });
});

describe('ConfirmDialog', () => {
  it('asks whether the data are correct and reports the answer', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Confirmar' }).textContent).toContain(
      '¿Los datos son correctos?',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sí, enviar' }));
    await user.click(screen.getByRole('button', { name: 'Sí, enviar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
  });

  it('cannot be dismissed while busy', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog open busy message="¿Enviar pago?" onConfirm={vi.fn()} onCancel={onCancel} />,
    );
    expect(screen.getByText('¿Enviar pago?')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toBeTruthy();
  });
});

describe('Modal', () => {
  function Harness({ dismissible }: { dismissible?: boolean }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Abrir
        </button>
        <Modal
          open={open}
          title="Socio 12"
          onClose={() => setOpen(false)}
          dismissible={dismissible}
        >
          <label>
            Nombre <input />
          </label>
          <button type="button">Guardar</button>
        </Modal>
      </>
    );
  }

  it('moves focus in, keeps Tab inside, closes on Esc and gives focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Socio 12' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nombre' }));
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    await user.tab(); // Guardar
    await user.tab(); // wraps to the close button in the header
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cerrar' }));
    await user.tab({ shift: true }); // and back around to the last control
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Guardar' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
  });

  it('ignores Esc and has no close button when not dismissible', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Socio 12' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    await user.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('small pieces', () => {
  it('OfflineBanner follows the online/offline events', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    render(<OfflineBanner />);
    expect(screen.queryByText('Sin conexión.')).toBeNull();
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toContain('Sin conexión.');
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText('Sin conexión.')).toBeNull();
    onLine.mockRestore();
  });

  it('OfflineBanner is one closable line in the flow; closed, it returns only after the connection changes again', async () => {
    const user = userEvent.setup();
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(
      <>
        <OfflineBanner />
        <button type="button">Guardar acopio</button>
      </>,
    );
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toBe('Sin conexión. Lo que guardes se enviará al volver la señal.×');
    // In the page's flow, before the content (the browser check sees it is not laid over it).
    expect(
      banner.compareDocumentPosition(screen.getByRole('button', { name: 'Guardar acopio' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cerrar el aviso' }));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    // Still offline: another offline event does not bring it back.
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    // Back online, then offline again: it shows anew.
    onLine.mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    onLine.mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('offline-banner').textContent).toContain('Sin conexión.');
    onLine.mockRestore();
  });

  it('Spinner is announced as a status', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Cargando…');
  });

  it('LanguageSelector names each language in itself and switches the UI', async () => {
    const user = userEvent.setup();
    render(
      <>
        <LanguageSelector />
        <Spinner />
      </>,
    );
    const select = screen.getByTestId('language-select') as HTMLSelectElement;
    expect(select.value).toBe('es');
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      'Español',
      "Bats'il k'op",
      'English',
    ]);
    await user.selectOptions(select, 'en');
    // English is fetched on first use (its own chunk), so the switch lands a moment later.
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Loading…'));
    expect(select.value).toBe('en');
    await act(async () => {
      await i18n.changeLanguage('es');
    });
  });

  it('Currency, Percent and DateText use the domain formatters', () => {
    render(
      <>
        <Currency cents={104050} />
        <Currency cents={null} />
        <Percent value="2.5000" />
        <DateText iso="2024-05-01" />
      </>,
    );
    expect(screen.getByText('$1,040.50')).toBeTruthy();
    expect(screen.getByText('—')).toBeTruthy();
    expect(screen.getByText('2.50%')).toBeTruthy();
    const time = document.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2024-05-01');
    expect(time.textContent).toMatch(/2024/);
    expect(time.textContent).toMatch(/mayo|may/i);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { setSelection } from '#ui/selection-store.ts';
import { pesosInWords, spanishNumberWords } from '#domain/amount-words';
import { tseltalAmountWords, tseltalNumberWords } from '#i18n/tseltal-words';
import { useSpanish } from '#tests/helpers/i18n-test';
import { fixToday, forgetSelection, openCredits } from './creditos-fixtures';
import { json, type Handler } from './api-fake-fetch';
import { freshDevice } from './sync-fixtures';

describe('amounts in words', () => {
  it('Spanish cardinals with the apocope before a noun', () => {
    expect(spanishNumberWords(0)).toBe('cero');
    expect(spanishNumberWords(21)).toBe('veintiuno');
    expect(spanishNumberWords(21, true)).toBe('veintiún');
    expect(spanishNumberWords(100)).toBe('cien');
    expect(spanishNumberWords(101, true)).toBe('ciento un');
    expect(spanishNumberWords(1040)).toBe('mil cuarenta');
    expect(spanishNumberWords(31_000)).toBe('treinta y un mil');
    expect(spanishNumberWords(2_500_716)).toBe('dos millones quinientos mil setecientos dieciséis');
  });

  it('pesos with the cents as a fraction, "M.N."', () => {
    expect(pesosInWords(104050)).toBe('mil cuarenta pesos 50/100 M.N.');
    expect(pesosInWords(100)).toBe('un peso 00/100 M.N.');
    expect(pesosInWords(2_100)).toBe('veintiún pesos 00/100 M.N.');
    expect(pesosInWords(100_000_000)).toBe('un millón de pesos 00/100 M.N.');
    expect(pesosInWords(999_999_999)).toBe(
      'nueve millones novecientos noventa y nueve mil novecientos noventa y nueve pesos 99/100 M.N.',
    );
  });

  it('Tseltal numerals from say-tseltal, within its range', () => {
    expect(tseltalNumberWords(20)).toBe('jtahb');
    expect(tseltalNumberWords(45)).toBe("ho'eb yoxwinic");
    expect(tseltalNumberWords(60_800_001)).toBeNull();
    expect(tseltalAmountWords(1_000_050, 'pesos')).toBe("ho'bahc' scha'pic pesos 50/100");
  });
});

describe('printing a contract (/credito-imprimir)', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    fixToday();
    await useSpanish();
    await freshDevice();
    forgetSelection();
    setSelection<number>('contrato', { '101': 101 });
  });

  afterEach(async () => {
    await freshDevice();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const MANAGERS = 'GET /api/users/gerentes.json';

  async function openPrint(role: 'GE' | 'CO' | 'PR' = 'GE', extra: Record<string, Handler> = {}) {
    await openCredits(role, '/credito-imprimir', extra, 'Imprimir contrato');
    return screen.findByTestId('contract-document', {}, { timeout: 5000 });
  }

  it('the Spanish contract: amounts in figures and words, dates, rates, both signature boxes', async () => {
    const doc = await openPrint();
    const es = within(doc).getByTestId('contract-es');
    const text = es.textContent!;
    expect(text).toContain('Crédito núm. 101');
    expect(text).toContain('Juana Gómez Cruz, socio o socia con clave 5');
    expect(text).toContain('$10,000.00 (diez mil pesos 00/100 M.N.)');
    expect(text).toContain('6 meses contados desde el 1 de diciembre de 2025');
    expect(text).toContain('La fecha de vencimiento es el 1 de junio de 2026');
    expect(text).toContain('2% mensual, con tasa fija');
    expect(text).toContain('interés moratorio de 3% mensual');
    // 10,000.00 + 6 × 200.00 of ordinary interest.
    expect(text).toContain('$11,200.00 (once mil doscientos pesos 00/100 M.N.)');
    expect(within(es).getByTestId('signature-manager').textContent).toContain('María Hernández');
    expect(within(es).getByTestId('signature-member').textContent).toContain('Juana Gómez Cruz');
    expect(es.querySelectorAll('[data-pending]')).toHaveLength(0);
  });

  it('the amortisation table runs to twice the term, adding the late rate past it', async () => {
    const doc = await openPrint();
    const table = within(within(doc).getByTestId('contract-es')).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual(['1', '1 ene 2026', '$200.00', '$0.00', '$10,200.00']);
    expect(rows[5]).toEqual(['6', '1 jun 2026', '$1,200.00', '$0.00', '$11,200.00']);
    expect(rows[6]).toEqual(['7', '1 jul 2026', '$1,400.00', '$300.00', '$11,700.00']);
    expect(rows[11]).toEqual(['12', '1 dic 2026', '$2,400.00', '$1,800.00', '$14,200.00']);
  });

  it('the Tseltal contract: Tseltal numerals, untranslated paragraphs marked pending', async () => {
    const doc = await openPrint();
    const tz = within(doc).getByTestId('contract-tz');
    expect(tz.getAttribute('lang')).toBe('tzh');
    expect(tz.textContent).toContain("$10,000.00 (ho'bahc' scha'pic pesos 00/100)");
    expect(within(tz).getByTestId('tz-pending-notice').textContent).toContain(
      'Traducción al tseltal pendiente',
    );
    const pending = tz.querySelectorAll('[data-pending]');
    expect(pending.length).toBeGreaterThan(5);
    expect(pending[0]!.textContent).toMatch(/^pendiente/);
    expect(within(tz).getAllByRole('table')).toHaveLength(1);
    expect(within(tz).getByTestId('signature-member').textContent).toContain('Juana Gómez Cruz');
  });

  function options(): string[] {
    const select = screen.getByTestId<HTMLSelectElement>('print-manager');
    return Array.from(select.options).map((o) => o.textContent ?? '');
  }

  it('the signing manager: the managers, or empty; the print button prints', async () => {
    const doc = await openPrint('GE', {
      [MANAGERS]: () =>
        json([
          { id: 4, name: 'María Hernández' },
          { id: 9, name: 'Rosa Gómez' },
        ]),
    });
    await vi.waitFor(() => expect(options()).toHaveLength(3));
    expect(options()).toEqual(['(sin nombre)', 'María Hernández', 'Rosa Gómez']);
    // The signed-in manager signs unless told otherwise.
    expect(within(doc).getAllByTestId('signature-manager')[0]!.textContent).toContain('María');
    const ui = userEvent.setup();
    await ui.selectOptions(screen.getByTestId('print-manager'), '');
    expect(within(doc).getAllByTestId('signature-manager')[0]!.textContent).not.toContain('María');
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await ui.click(screen.getByTestId('print-button'));
    expect(print).toHaveBeenCalledOnce();
  });

  it('a coordinator picks any manager; the list and the choice stay on the device, offline too', async () => {
    const first = await openPrint('CO', {
      [MANAGERS]: () => json([{ id: 4, name: 'María Hernández' }]),
    });
    await vi.waitFor(() => expect(options()).toEqual(['(sin nombre)', 'María Hernández']));
    expect(within(first).getAllByTestId('signature-manager')[0]!.textContent).not.toContain(
      'María',
    );
    await userEvent.setup().selectOptions(screen.getByTestId('print-manager'), 'María Hernández');
    expect(within(first).getAllByTestId('signature-manager')[0]!.textContent).toContain('María');

    // Again, with the server out of reach: the kept list, and the last choice already chosen.
    cleanup();
    const again = await openPrint('CO', {
      [MANAGERS]: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    expect(options()).toEqual(['(sin nombre)', 'María Hernández']);
    expect(screen.getByTestId<HTMLSelectElement>('print-manager').value).toBe('María Hernández');
    expect(within(again).getAllByTestId('signature-manager')[0]!.textContent).toContain('María');
  });

  it('a promoter cannot print contracts', async () => {
    await openCredits('PR', '/credito-imprimir', {}, 'Imprimir contrato');
    expect(
      (await screen.findByTestId('print-not-allowed', {}, { timeout: 5000 })).textContent,
    ).toBe('Sólo coordinación y gerencia imprimen contratos.');
    expect(screen.queryByTestId('contract-document')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '#i18n/setup';
import { setSelection } from '#ui/selection-store.ts';
import { pesosInWords, spanishNumberWords } from '#domain/amount-words';
import { tseltalAmountWords, tseltalNumberWords } from '#i18n/tseltal-words';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';
import { fixToday, forgetSelection, openCredits } from './creditos-fixtures';
import { json, type Handler } from './api-fake-fetch';
import { freshDevice } from './sync-fixtures';

/** The Spanish reference text of a key (the fallback of a pending Tseltal one). */
function es(key: string): string {
  return i18n.getFixedT('es')(key);
}

/**
 * What the element prints: its text once every element the print stylesheet hides is gone.
 * The rules are read from creditos-print.css itself (`@media print`, `display: none`).
 */
function printedText(element: HTMLElement): string {
  const style = document.createElement('style');
  style.textContent = readFileSync('src/features/creditos/creditos-print.css', 'utf8');
  document.head.append(style);
  const hidden: string[] = [];
  for (const rule of Array.from(style.sheet?.cssRules ?? [])) {
    if (!(rule instanceof CSSMediaRule) || rule.media.mediaText !== 'print') continue;
    for (const inner of Array.from(rule.cssRules)) {
      if (inner instanceof CSSStyleRule && inner.style.display === 'none')
        hidden.push(inner.selectorText);
    }
  }
  style.remove();
  // The whole document is copied: the rules name it (".contrato-print .screen-only").
  const root = element.closest('.contrato-print');
  const copy = root?.cloneNode(true);
  if (!(copy instanceof HTMLElement)) throw new Error('not inside the contract document');
  // Only the rules about the document's own content (the others hide the page around it).
  for (const selector of hidden.filter((s) => !s.includes(':has(')))
    for (const gone of copy.querySelectorAll(selector)) gone.remove();
  expect(hidden.some((s) => s.includes('.screen-only'))).toBe(true);
  const testId = element.dataset.testid;
  const printed = testId ? copy.querySelector(`[data-testid="${testId}"]`) : copy;
  return printed?.textContent ?? '';
}

/** A stand-in text for every key the Tseltal version shows. */
function translateAll(tz: HTMLElement): Record<string, string> {
  const keys = Array.from(tz.querySelectorAll<HTMLElement>('[data-key]'), (e) => e.dataset.key);
  return Object.fromEntries(keys.filter((k) => k !== undefined).map((k) => [k, `TZ ${k}`]));
}

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
    expect(text).toContain('2.00% mensual, con tasa fija');
    expect(text).toContain('interés moratorio de 3.00% mensual');
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

  it('the Tseltal contract with nothing translated: Spanish paragraphs, marked on screen only', async () => {
    const doc = await openPrint();
    const tz = await within(doc).findByTestId('contract-tz');
    expect(tz.getAttribute('lang')).toBe('tzh');
    expect(tz.textContent).toContain("$10,000.00 (ho'bahc' scha'pic pesos 00/100)");
    expect(tz.textContent).toContain('Primera. Monto. La cooperativa presta al socio');
    expect(tz.textContent).not.toContain('~');
    // The preview tells the translators what is pending: a notice and a mark per paragraph,
    // both on screen only.
    const notice = within(tz).getByTestId('tz-pending-notice');
    expect(notice.textContent).toContain('Traducción al tseltal pendiente');
    expect(notice.classList).toContain('screen-only');
    const paragraphs = tz.querySelectorAll('p[data-pending]');
    expect(paragraphs.length).toBeGreaterThan(5);
    for (const p of paragraphs) {
      expect(p.querySelector('.pending-mark')?.classList).toContain('screen-only');
    }
    expect(within(tz).getAllByRole('table')).toHaveLength(1);
    expect(within(tz).getByTestId('signature-member').textContent).toContain('Juana Gómez Cruz');

    // On paper: the same Spanish text, with no notice, badge or marker.
    const paper = printedText(tz);
    expect(paper).toContain('Primera. Monto. La cooperativa presta al socio');
    expect(paper).toContain("$10,000.00 (ho'bahc' scha'pic pesos 00/100)");
    expect(paper).not.toMatch(/pendiente|Traducción al tseltal|~/i);
  });

  describe('with Tseltal clauses translated', () => {
    let bundled: Record<string, unknown> = {};

    beforeEach(async () => {
      await i18n.loadLanguages('tz');
      bundled = structuredClone(i18n.getResourceBundle('tz', 'translation') ?? {});
    });

    afterEach(() => {
      i18n.removeResourceBundle('tz', 'translation');
      i18n.addResourceBundle('tz', 'translation', bundled, true, true);
    });

    // Stand-ins for translators' texts (not Tseltal): what matters is where each one shows.
    const TRANSLATED = {
      'contrato.title': 'TZ-TITLE',
      'contrato.clauses.amount': 'TZ-AMOUNT {{monto}} ({{montoLetra}})',
      'contrato.clauses.late': 'TZ-LATE {{tasaMoratoria}}',
    };

    function paragraph(tz: HTMLElement, key: string): HTMLElement {
      const element = tz.querySelector<HTMLElement>(`[data-key="${key}"]`);
      if (!element) throw new Error(`no ${key} in the contract`);
      return element;
    }

    it('translated clauses show in Tseltal, the others in Spanish; paper carries no mark', async () => {
      for (const [key, text] of Object.entries(TRANSLATED))
        i18n.addResource('tz', 'translation', key, text);
      const doc = await openPrint();
      const tz = await within(doc).findByTestId('contract-tz');

      expect(paragraph(tz, 'contrato.clauses.amount').textContent).toBe(
        "TZ-AMOUNT $10,000.00 (ho'bahc' scha'pic pesos 00/100)",
      );
      expect(paragraph(tz, 'contrato.clauses.late').textContent).toBe('TZ-LATE 3.00%');
      expect(paragraph(tz, 'contrato.title').textContent).toBe('TZ-TITLE');
      for (const key of Object.keys(TRANSLATED))
        expect(paragraph(tz, key).hasAttribute('data-pending')).toBe(false);
      // Not translated yet: Spanish, marked on screen.
      const payments = paragraph(tz, 'contrato.clauses.payments');
      expect(payments.dataset.pending).toBe('true');
      expect(payments.textContent).toBe(`pendiente${es('contrato.clauses.payments')}`);
      // The Spanish version is untouched.
      const spanish = within(doc).getByTestId('contract-es');
      expect(paragraph(spanish, 'contrato.clauses.amount').textContent).toContain(
        'Primera. Monto.',
      );

      const paper = printedText(tz);
      expect(paper).toContain("TZ-AMOUNT $10,000.00 (ho'bahc' scha'pic pesos 00/100)");
      expect(paper).toContain(`TZ-LATE 3.00%${es('contrato.clauses.payments')}`);
      expect(paper).not.toMatch(/pendiente|Traducción al tseltal|~/i);
    });

    it('an open preview follows translations as they arrive and are withdrawn', async () => {
      const doc = await openPrint();
      const tz = await within(doc).findByTestId('contract-tz');
      const payments = () => paragraph(tz, 'contrato.clauses.payments');
      expect(payments().dataset.pending).toBe('true');

      act(() => {
        i18n.addResource('tz', 'translation', 'contrato.clauses.payments', 'TZ-PAYMENTS');
      });
      expect(payments().textContent).toBe('TZ-PAYMENTS');
      expect(payments().hasAttribute('data-pending')).toBe(false);

      // Every text of the document translated: the notice goes too.
      act(() => {
        i18n.addResources('tz', 'translation', translateAll(tz));
      });
      expect(tz.querySelectorAll('[data-pending]')).toHaveLength(0);
      expect(within(tz).queryByTestId('tz-pending-notice')).toBeNull();

      // An approval reverted to "no text": back to Spanish, marked again.
      act(() => {
        i18n.removeResourceBundle('tz', 'translation');
        i18n.addResourceBundle('tz', 'translation', bundled, true, true);
      });
      expect(payments().textContent).toBe(`pendiente${es('contrato.clauses.payments')}`);
      expect(within(tz).getByTestId('tz-pending-notice')).toBeTruthy();
    });
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

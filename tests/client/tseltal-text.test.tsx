/**
 * Who reads the Tseltal dictionary directly (the contract, the amount in words) sees a text only
 * once it is translated: a pending one — left out of the loaded dictionary, or still carrying
 * the "~" marker because it came by other means — counts as missing, and whoever shows it falls
 * back to Spanish without the marker.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { render, screen } from '@testing-library/react';
import { tseltalText } from '#i18n/tseltal-text';
import { AmountInWords } from '#components/amount-in-words.tsx';
import { i18n, useSpanish } from '#tests/helpers/i18n-test';

type Dict = Record<string, Record<string, string>>;
const tzFile = JSON.parse(readFileSync('locales/tz.json', 'utf8')) as Dict;

let bundled: Record<string, unknown> = {};

beforeEach(async () => {
  await useSpanish();
  await i18n.loadLanguages('tz');
  bundled = structuredClone(i18n.getResourceBundle('tz', 'translation') ?? {});
});

afterEach(async () => {
  i18n.removeResourceBundle('tz', 'translation');
  i18n.addResourceBundle('tz', 'translation', bundled, true, true);
  await i18n.changeLanguage('es');
});

describe('tseltalText', () => {
  it('a translated text is there; a pending one (locales/tz.json "~…") is not', () => {
    expect(tzFile.language!.tz).not.toMatch(/^~/); // the fixtures this test relies on
    expect(tzFile.contrato!.pesos).toMatch(/^~/);
    expect(tseltalText(i18n, 'language.tz')).toBe(tzFile.language!.tz);
    expect(tseltalText(i18n, 'contrato.pesos')).toBeNull();
    expect(tseltalText(i18n, 'no.such.key')).toBeNull();
  });

  it('a value still carrying the marker counts as pending, and shows without it', async () => {
    i18n.addResource('tz', 'translation', 'auth.noResponse', '~Servidor No Responde');
    expect(tseltalText(i18n, 'auth.noResponse')).toBeNull();
    await i18n.changeLanguage('tz');
    expect(i18n.t('auth.noResponse')).toBe('Servidor No Responde');
  });

  it('the amount in words takes the Tseltal noun once it is translated, Spanish before', async () => {
    await i18n.changeLanguage('tz');
    const { rerender } = render(<AmountInWords cents={2_000} testId="words" />);
    // While "pesos" is pending the whole amount is written in Spanish (no half-translated mix).
    expect(screen.getByTestId('words').textContent).toBe('veinte pesos 00/100 M.N.');
    // A stand-in for an approved noun (not Tseltal): the numerals are say-tseltal's.
    i18n.addResource('tz', 'translation', 'contrato.pesos', 'TZ-PESOS');
    rerender(<AmountInWords cents={2_000} testId="words" />);
    expect(screen.getByTestId('words').textContent).toBe('jtahb TZ-PESOS 00/100');
  });
});

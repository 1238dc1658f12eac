import { describe, expect, it } from 'vitest';
import {
  AMOUNT_MAX_CENTS,
  BANK_DATA_TYPES,
  CODE_LISTS,
  MEMBER_AREA_STATUS_FIELDS,
  NEW_COMMUNITY_DEFAULTS,
  NEW_MEMBER_DEFAULTS,
  NEW_MEMBER_KEY_LABEL,
  PROCESS_STATUS_FIELD,
  PROCESSES,
  XLSX_REGION_FILTERS,
  codeLabelKey,
  isCode,
  type CodeListName,
} from '#domain/codes';
import { centsToPlainString } from '#domain/money';
import { loadLocale, lookup } from './helpers';

const locales = { es: loadLocale('es'), en: loadLocale('en'), tz: loadLocale('tz') };

describe('code labels', () => {
  it('every code of every list has a label in es, en and tz', () => {
    for (const list of Object.keys(CODE_LISTS) as CodeListName[]) {
      for (const code of CODE_LISTS[list]) {
        const key = codeLabelKey(list, code as never);
        for (const [lang, dict] of Object.entries(locales)) {
          const text = lookup(dict, key);
          expect(text, `${lang} ${key}`).toBeTruthy();
        }
      }
    }
    expect(lookup(locales.es, NEW_MEMBER_KEY_LABEL)).toBe('NUEVO');
  });

  it('uses the spec names in Spanish', () => {
    expect(lookup(locales.es, codeLabelKey('processes', 'CF'))).toBe('Café');
    expect(lookup(locales.es, codeLabelKey('processes', 'MI'))).toBe('Miel');
    expect(lookup(locales.es, codeLabelKey('processes', 'JA'))).toBe('Jabones');
    expect(lookup(locales.es, codeLabelKey('processes', 'SL'))).toBe('Salarios');
    expect(PROCESSES.map((p) => lookup(locales.es, codeLabelKey('processes', p)))).toEqual([
      'Café',
      'Miel',
      'Jabones',
      'Salarios',
    ]);
    expect(
      ['SO', 'PR', 'CO', 'GE', 'VI'].map((r) => lookup(locales.es, `codes.roles.${r}`)),
    ).toEqual(['Socio', 'Promotor', 'Coordinador', 'Gerente', 'Visitante']);
  });

  it('keeps a dotted code as one i18next key', () => {
    expect(codeLabelKey('bankDataTypes', 'FondosComunes.EjCredito')).toBe(
      'codes.bankDataTypes.FondosComunes_EjCredito',
    );
    expect(BANK_DATA_TYPES).toContain('FondosComunes.EjCredito');
    expect(codeLabelKey('xlsxRegionFilters', 10)).toBe('codes.xlsxRegionFilters.10');
  });

  it('isCode narrows unknown values', () => {
    expect(isCode('creditTypes', 'FC')).toBe(true);
    expect(isCode('creditTypes', 'XX')).toBe(false);
    expect(isCode('xlsxRegionFilters', 3)).toBe(true);
    expect(XLSX_REGION_FILTERS).toHaveLength(11);
  });
});

describe('defaults and constants', () => {
  it('new member: region 1, genero MA, every status NP, no key yet', () => {
    expect(NEW_MEMBER_DEFAULTS.region).toBe(1);
    expect(NEW_MEMBER_DEFAULTS.genero).toBe('MA');
    expect(NEW_MEMBER_DEFAULTS.clave_socio).toBeNull();
    for (const f of MEMBER_AREA_STATUS_FIELDS) expect(NEW_MEMBER_DEFAULTS[f]).toBe('NP');
    expect(NEW_COMMUNITY_DEFAULTS.region).toBe(1);
  });
  it('maps each process to its member status field', () => {
    expect(PROCESS_STATUS_FIELD).toEqual({
      CF: 'estatus_cafe',
      MI: 'estatus_miel',
      JA: 'estatus_yip',
      SL: 'estatus_trabajador',
    });
  });
  it('amount bound is 9999999', () => {
    expect(centsToPlainString(AMOUNT_MAX_CENTS)).toBe('9999999');
  });
});

describe('locale sections of the domain', () => {
  it('validation and codes have the same keys in es, en and tz, tz pending marked', () => {
    const keys = (node: unknown, prefix: string): string[] =>
      typeof node === 'string'
        ? [prefix]
        : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
            keys(v, `${prefix}.${k}`),
          );
    for (const section of ['validation', 'codes']) {
      const es = keys(locales.es[section], section).sort();
      expect(keys(locales.en[section], section).sort()).toEqual(es);
      expect(keys(locales.tz[section], section).sort()).toEqual(es);
      for (const key of es) {
        const tz = lookup(locales.tz, key)!;
        const esText = lookup(locales.es, key)!;
        if (esText !== '-') expect(tz, key).toBe(`~${esText}`);
      }
    }
  });
});

describe('message keys used by the domain', () => {
  it('every msg() key in src/domain exists in es.json', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const root = new URL('../../src/domain/', import.meta.url);
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.ts'),
    );
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(new URL(file, root), 'utf8').matchAll(
        /msg\('([a-zA-Z0-9_.]+)'/g,
      ))
        used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) expect(lookup(locales.es, key), key).toBeTruthy();
  });
});

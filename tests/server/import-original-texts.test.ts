/**
 * The original frontend's Tseltal texts as drafts at /traducciones (docs/import.md), from a
 * fixture in the original's format (tests/fixtures/original-frontend: flat key → text, invented
 * texts marked "TZ-prueba"). Counts worked out by hand from the fixture and this product's
 * locales/es.json (how many strings hold each Spanish text, counted below by plain equality).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TranslationRow } from '#domain/translations';
import { importCommand } from '#server/cli/import-original';
import {
  comparable,
  importOriginalTexts,
  matchOriginalTexts,
  type OriginalTextsReport,
} from '#server/import/original-texts';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const DIR = fileURLToPath(new URL('../fixtures/original-frontend', import.meta.url));

/** This product's Spanish strings, flattened here (not with the code under test). */
function productSpanish(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (object: object, prefix: string) => {
    for (const [key, value] of Object.entries(object)) {
      if (typeof value === 'string') out.set(`${prefix}${key}`, value);
      else if (typeof value === 'object' && value !== null) walk(value, `${prefix}${key}.`);
    }
  };
  const locale: unknown = JSON.parse(
    readFileSync(fileURLToPath(new URL('../../locales/es.json', import.meta.url)), 'utf8'),
  );
  if (typeof locale === 'object' && locale !== null) walk(locale, '');
  return out;
}

const keysWith = (text: string) =>
  [...productSpanish()].filter(([, spanish]) => spanish === text).map(([key]) => key);

describe('matching the original’s Spanish with this product’s', () => {
  it('ignores case, accents, spaces and a trailing colon; unifies placeholders', () => {
    expect(comparable('  Fecha de Nacimiento: ')).toBe(comparable('Fecha de nacimiento'));
    expect(comparable('REGION')).toBe(comparable('Región'));
    expect(comparable('Página {page} de {pages}')).toBe(comparable('Página {{page}} de {{pages}}'));
    expect(comparable('Hola, {nombre}')).not.toBe(comparable('Hola, {{name}}'));
    expect(comparable('Guardar cambios')).not.toBe(comparable('Guardar'));
  });

  it('does not take a Tseltal text used for three or more different Spanish texts', () => {
    const product = new Map([
      ['a', 'Uno'],
      ['b', 'Dos'],
      ['c', 'Tres'],
      ['d', 'Cuatro'],
      ['e', 'Cinco'],
    ]);
    const es = new Map([
      ['x1', 'uno'],
      ['x2', 'dos'],
      ['x3', 'tres'],
      ['y1', 'cuatro'],
      ['y2', 'CINCO'],
    ]);
    const tz = new Map([
      ['x1', 'mismo'],
      ['x2', 'mismo'],
      ['x3', 'mismo'],
      // Twice is a shared word, not a placeholder: taken.
      ['y1', 'otro'],
      ['y2', 'otro'],
    ]);
    const { matches, report } = matchOriginalTexts(es, tz, product);
    expect(matches).toEqual([
      { key: 'd', text: 'otro', originalKey: 'y1' },
      { key: 'e', text: 'otro', originalKey: 'y2' },
    ]);
    expect(report).toMatchObject({ read: 5, matched: 2, unmatched: 0, placeholders: 3 });
  });
});

describe('npm run import:original -- --translations DIR', () => {
  let t: TestApp;
  let report: OriginalTextsReport;
  const drafted = [
    ...keysWith('Guardar'),
    ...keysWith('Cancelar'),
    ...keysWith('Fecha de nacimiento'),
    ...keysWith('Nombres'),
    ...keysWith('Región'),
    ...keysWith('Página {{page}} de {{pages}}'),
  ];

  beforeAll(async () => {
    t = await makeTestApp();
    report = await importOriginalTexts(t.db, DIR, { dryRun: false });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts matched and unmatched texts', () => {
    // 13 texts: 6 matched (guardar, cancelar, nacimiento, nombres, región, página), 2 unmatched
    // (a greeting whose placeholder has another name, a welcome this product does not have),
    // 3 "TZ-PENDIENTE" for three Spanish texts, 1 equal to its Spanish and 1 empty.
    expect(report).toMatchObject({
      read: 13,
      matched: 6,
      unmatched: 2,
      placeholders: 3,
      untranslated: 2,
      unfit: 0,
      kept: 0,
      drafted: drafted.length,
      unmatchedKeys: ['inicio.saludo', 'inicio.bienvenida'],
    });
    expect(drafted.length).toBeGreaterThan(6);
  });

  it('writes drafts marked as from the original, which a reviewer approves like any draft', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/traducciones.json' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<TranslationRow[]>();
    expect(rows.map((r) => r.clave).sort()).toEqual([...drafted].sort());
    const birth = rows.find((r) => r.clave === 'socios.fields.fecha_nacimiento');
    expect(birth).toMatchObject({
      texto: null,
      borrador: 'TZ-prueba día de nacer',
      autor_borrador: null,
      nota: 'Del sistema original (socio.nacimiento)',
    });
    expect(rows.find((r) => r.clave === 'ui.table.pageOf')?.borrador).toBe(
      'TZ-prueba hoja {{page}} / {{pages}}',
    );
    // Nothing is shown until approved: a member pulls no text.
    const member = await t.as('promotor2', { method: 'GET', url: '/api/traducciones.json' });
    expect(member.json<TranslationRow[]>()).toEqual([]);

    const approved = await t.as('gerente', {
      method: 'POST',
      url: '/api/traducciones/tz/socios.fields.fecha_nacimiento/aprobar/',
      payload: { borrador: 'TZ-prueba día de nacer' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<TranslationRow>()).toMatchObject({
      texto: 'TZ-prueba día de nacer',
      borrador: null,
      revisor: 'gerente',
    });
  });

  it('a second run keeps what is already drafted or approved', async () => {
    const again = await importOriginalTexts(t.db, DIR, { dryRun: false });
    expect(again).toMatchObject({ drafted: 0, kept: drafted.length });
  });

  it('the command refuses a folder without the original’s files (exit status 1)', async () => {
    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await importCommand(['--translations', '/nonexistent-folder'], {}, out)).toBe(1);
    expect(lines.join('\n')).toMatch(
      /Tseltal texts not imported: \/nonexistent-folder\/es\.json, \/nonexistent-folder\/tz\.json not found/,
    );
  });
});

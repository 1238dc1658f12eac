/**
 * Translations by the cooperative's translators: who may save, approve and revert,
 * the review flow as every phone pulls it, history, the sheets, and server messages in Tseltal
 * once approved. The demo's translator is `promotor` (seed); `promotor2` is not one.
 */
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullAnswer } from '#domain/sync-protocol';
import type { TranslationHistoryEntry, TranslationRow } from '#domain/translations';
import { translations, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { expectSheetSettings, readSheet } from '#tests/helpers/xlsx-cells';
import { pullAll } from './pull-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const put = (username: string, key: string, body: Record<string, unknown>, headers = {}) =>
  t.as(username, { method: 'PUT', url: `/api/traducciones/tz/${key}/`, payload: body, headers });
const approve = (username: string, key: string, borrador: string) =>
  t.as(username, {
    method: 'POST',
    url: `/api/traducciones/tz/${key}/aprobar/`,
    payload: { borrador },
  });
const revert = (username: string, key: string, historial: number) =>
  t.as(username, {
    method: 'POST',
    url: `/api/traducciones/tz/${key}/revertir/`,
    payload: { historial },
  });
const history = async (key: string) => {
  const res = await t.as('gerente', {
    method: 'GET',
    url: `/api/traducciones/tz/${key}/historial/`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationHistoryEntry[]>();
};
const list = async (username: string) => {
  const res = await t.as(username, { method: 'GET', url: '/api/traducciones.json' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TranslationRow[]>();
};
const rowIn = (rows: TranslationRow[], key: string) => rows.find((r) => r.clave === key);

async function setTranslator(username: string, on: boolean) {
  await t.db.update(users).set({ translator: on }).where(eq(users.username, username));
}

describe('permission', () => {
  it('a user without the translator flag cannot save a draft (403), whatever its role', async () => {
    for (const username of ['promotor2', 'coordinador', 'gerente', 'socio']) {
      const res = await put(username, 'menu.home', { texto: 'Sleb' });
      expect(res.statusCode, username).toBe(403);
    }
    const [row] = await t.db
      .select()
      .from(translations)
      .where(and(eq(translations.lang, 'tz'), eq(translations.key, 'menu.home')));
    expect(row).toBeUndefined();
  });

  it('the author cannot approve its own draft; another translator or a manager can', async () => {
    expect((await put('promotor', 'menu.pagos', { texto: 'Tojol' })).statusCode).toBe(200);
    const own = await approve('promotor', 'menu.pagos', 'Tojol');
    expect(own.statusCode).toBe(403);
    // A coordinator without the flag reviews nothing.
    expect((await approve('coordinador', 'menu.pagos', 'Tojol')).statusCode).toBe(403);
    const byManager = await approve('gerente', 'menu.pagos', 'Tojol');
    expect(byManager.statusCode, byManager.body).toBe(200);
    const row = byManager.json<TranslationRow>();
    expect(row).toMatchObject({ texto: 'Tojol', borrador: null, revisor: 'gerente' });

    await setTranslator('promotor2', true);
    try {
      expect((await put('promotor2', 'menu.bancos', { texto: 'Snail taqin' })).statusCode).toBe(
        200,
      );
      const byTranslator = await approve('promotor', 'menu.bancos', 'Snail taqin');
      expect(byTranslator.statusCode, byTranslator.body).toBe(200);
      expect(byTranslator.json<TranslationRow>().revisor).toBe('promotor');
    } finally {
      await setTranslator('promotor2', false);
    }
  });

  it('approving a draft that changed meanwhile, or none, is a 409', async () => {
    expect((await put('promotor', 'menu.socios', { texto: 'Jun' })).statusCode).toBe(200);
    expect((await approve('gerente', 'menu.socios', 'Cha’')).statusCode).toBe(409);
    expect((await approve('gerente', 'menu.acopios', 'Jun')).statusCode).toBe(409);
  });

  it('an unknown key is a 404, a text that breaks the Spanish placeholders a 400 on texto', async () => {
    expect((await put('promotor', 'no.such.key', { texto: 'x' })).statusCode).toBe(404);
    const key = 'syncCenter.unknownKind';
    const spanish = await esText(key);
    expect(spanish).toContain('{{');
    const lost = await put('promotor', key, { texto: 'sin marcas' });
    expect(lost.statusCode).toBe(400);
    expect(Object.keys(lost.json<Record<string, string[]>>())).toEqual(['texto']);
    const empty = await put('promotor', 'menu.home', { texto: '   ' });
    expect(empty.statusCode).toBe(400);
    const long = await put('promotor', 'menu.home', { texto: 'a'.repeat(4001) });
    expect(long.statusCode).toBe(400);
  });
});

async function esText(key: string): Promise<string> {
  const { readFileSync } = await import('node:fs');
  let node: unknown = JSON.parse(readFileSync('locales/es.json', 'utf8'));
  for (const part of key.split('.')) node = (node as Record<string, unknown>)[part];
  return String(node);
}

describe('review flow as phones pull it', () => {
  it('a draft does not change what a non-translator pulls; the approval does; drafts reach translators only', async () => {
    const key = 'menu.carteras';
    const before = await pullAll(t, 'promotor2');
    const translatorBefore = await pullAll(t, 'promotor');

    expect((await put('promotor', key, { texto: 'Borrador uno', nota: 'duda' })).statusCode).toBe(
      200,
    );
    const afterDraft = await pullAll(t, 'promotor2', before.cursor);
    const seenByOthers = afterDraft.pages.flatMap((p) => p.changes['traducciones'] ?? []);
    expect(seenByOthers).toEqual([]);
    expect(rowIn(await list('promotor2'), key)).toBeUndefined();

    const translatorAfter = await pullAll(t, 'promotor', translatorBefore.cursor);
    const draftRows = translatorAfter.pages.flatMap(
      (p) => (p.changes['traducciones'] ?? []) as TranslationRow[],
    );
    expect(draftRows).toEqual([
      expect.objectContaining({
        id: `tz:${key}`,
        texto: null,
        borrador: 'Borrador uno',
        autor_borrador: 'promotor',
        nota: 'duda',
      }),
    ]);

    expect((await approve('gerente', key, 'Borrador uno')).statusCode).toBe(200);
    const afterApproval = await pullAll(t, 'promotor2', afterDraft.cursor);
    const approved = afterApproval.pages.flatMap(
      (p) => (p.changes['traducciones'] ?? []) as TranslationRow[],
    );
    expect(approved).toEqual([
      expect.objectContaining({
        id: `tz:${key}`,
        texto: 'Borrador uno',
        borrador: null,
        autor_borrador: null,
        nota: null,
      }),
    ]);

    // A new draft over the approved text: the others still pull the approved text only.
    expect((await put('promotor', key, { texto: 'Borrador dos' })).statusCode).toBe(200);
    const others = await list('promotor2');
    expect(rowIn(others, key)).toMatchObject({ texto: 'Borrador uno', borrador: null });
    expect(rowIn(await list('gerente'), key)).toMatchObject({
      texto: 'Borrador uno',
      borrador: 'Borrador dos',
    });
  });

  it('saving the same text again is a no-op; an Idempotency-Key replays the first answer', async () => {
    const key = 'menu.subcuentas';
    const headers = { 'idempotency-key': '0c5f3a62-8a7e-4a52-9d0b-5b2f1d7f1a01' };
    const first = await put('promotor', key, { texto: 'Uno' }, headers);
    expect(first.statusCode).toBe(200);
    const replay = await put('promotor', key, { texto: 'Uno' }, headers);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toBe(first.body);
    expect((await put('promotor', key, { texto: 'Uno' })).statusCode).toBe(200);
    expect((await history(key)).map((h) => h.accion)).toEqual(['draft']);
  });

  it('the batch push accepts the translation writes', async () => {
    const res = await t.as('promotor', {
      method: 'POST',
      url: '/api/sync/push/',
      payload: {
        writes: [
          {
            key: '1b2c3d4e-0000-4000-8000-000000000001',
            method: 'PUT',
            path: '/api/traducciones/tz/menu.formatos/',
            body: { texto: 'Formato ta batz’il k’op' },
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [result] = res.json<{ results: { status: number; body: TranslationRow }[] }>().results;
    expect(result?.status).toBe(200);
    expect(result?.body.borrador).toBe('Formato ta batz’il k’op');
  });
});

describe('history and revert', () => {
  it('keeps who did what, before and after, newest first; revert restores the state before an entry', async () => {
    const key = 'menu.tsumbalil';
    expect((await put('promotor', key, { texto: 'A' })).statusCode).toBe(200);
    expect((await approve('gerente', key, 'A')).statusCode).toBe(200);
    expect((await put('promotor', key, { texto: 'B' })).statusCode).toBe(200);
    expect((await approve('gerente', key, 'B')).statusCode).toBe(200);

    const entries = await history(key);
    expect(entries.map((e) => [e.accion, e.usuario, e.texto_antes, e.texto_despues])).toEqual([
      ['approve', 'gerente', 'A', 'B'],
      ['draft', 'promotor', 'A', 'A'],
      ['approve', 'gerente', null, 'A'],
      ['draft', 'promotor', null, null],
    ]);
    expect(entries.map((e) => [e.borrador_antes, e.borrador_despues])).toEqual([
      ['B', null],
      [null, 'B'],
      ['A', null],
      [null, 'A'],
    ]);

    // Back to before the second approval: A approved, B waiting as a draft.
    const back = await revert('promotor', key, entries[0]!.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<TranslationRow>()).toMatchObject({ texto: 'A', borrador: 'B' });
    expect((await history(key))[0]).toMatchObject({
      accion: 'revert',
      usuario: 'promotor',
      texto_antes: 'B',
      texto_despues: 'A',
      borrador_antes: null,
      borrador_despues: 'B',
    });
    // A non-reviewer may not revert nor read the history.
    expect((await revert('promotor2', key, entries[0]!.id)).statusCode).toBe(403);
    const hidden = await t.as('promotor2', {
      method: 'GET',
      url: `/api/traducciones/tz/${key}/historial/`,
    });
    expect(hidden.statusCode).toBe(403);
    // An entry of another key is a 400 on historial.
    const other = await revert('gerente', 'menu.pagos', entries[0]!.id);
    expect(other.statusCode).toBe(400);
    expect(Object.keys(other.json<Record<string, unknown>>())).toEqual(['historial']);
  });

  it('reverting to no text at all deletes the row, and phones drop it', async () => {
    const key = 'menu.reportes';
    expect((await put('promotor', key, { texto: 'Ilbil' })).statusCode).toBe(200);
    expect((await approve('gerente', key, 'Ilbil')).statusCode).toBe(200);
    const other = await pullAll(t, 'promotor2');
    expect(
      other.pages.flatMap((p) => (p.changes['traducciones'] ?? []) as TranslationRow[]),
    ).toContainEqual(expect.objectContaining({ id: `tz:${key}`, texto: 'Ilbil' }));
    const translator = await pullAll(t, 'promotor');

    const first = (await history(key)).at(-1)!;
    expect(first.accion).toBe('draft');
    const res = await revert('gerente', key, first.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TranslationRow>()).toMatchObject({ texto: null, borrador: null });
    const [stored] = await t.db
      .select()
      .from(translations)
      .where(and(eq(translations.lang, 'tz'), eq(translations.key, key)));
    expect(stored).toBeUndefined();

    const removedFor = (pages: PullAnswer[]) =>
      pages.flatMap((p) => p.removed['traducciones'] ?? []);
    expect(removedFor((await pullAll(t, 'promotor2', other.cursor)).pages)).toEqual([`tz:${key}`]);
    expect(removedFor((await pullAll(t, 'promotor', translator.cursor)).pages)).toEqual([
      `tz:${key}`,
    ]);
  });

  it('an approved text reverted to a draft only leaves the approved-only readers, not translators', async () => {
    const key = 'menu.movimientos';
    expect((await put('promotor', key, { texto: 'Koltay' })).statusCode).toBe(200);
    const draftEntry = (await history(key))[0]!;
    expect((await approve('gerente', key, 'Koltay')).statusCode).toBe(200);
    const approveEntry = (await history(key))[0]!;
    expect(draftEntry.accion).toBe('draft');
    const other = await pullAll(t, 'promotor2');
    const translator = await pullAll(t, 'promotor');

    expect((await revert('gerente', key, approveEntry.id)).statusCode).toBe(200);
    const otherPages = (await pullAll(t, 'promotor2', other.cursor)).pages;
    expect(otherPages.flatMap((p) => p.removed['traducciones'] ?? [])).toEqual([`tz:${key}`]);
    expect(otherPages.flatMap((p) => p.changes['traducciones'] ?? [])).toEqual([]);
    const translatorPages = (await pullAll(t, 'promotor', translator.cursor)).pages;
    expect(translatorPages.flatMap((p) => p.removed['traducciones'] ?? [])).toEqual([]);
    expect(
      translatorPages.flatMap((p) => (p.changes['traducciones'] ?? []) as TranslationRow[]),
    ).toEqual([expect.objectContaining({ id: `tz:${key}`, texto: null, borrador: 'Koltay' })]);
  });
});

describe('server messages', () => {
  it('answer in the approved Tseltal at once after an approval, and in Spanish again after a revert', async () => {
    const key = 'server.http.notFound';
    const ask = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/no-such-thing/',
          headers: { 'accept-language': 'tz' },
        })
      ).json<{ detail: string }>().detail;
    expect(await ask()).toBe(await esText(key));
    expect((await put('promotor', key, { texto: 'Ma’yuk.' })).statusCode).toBe(200);
    expect(await ask()).toBe(await esText(key));
    expect((await approve('gerente', key, 'Ma’yuk.')).statusCode).toBe(200);
    expect(await ask()).toBe('Ma’yuk.');
    const draft = (await history(key)).at(-1)!;
    expect((await revert('gerente', key, draft.id)).statusCode).toBe(200);
    expect(await ask()).toBe(await esText(key));
  });
});

describe('users', () => {
  it('me.json carries the flag; a manager sets it; nobody else may', async () => {
    const me = async (username: string) =>
      (await t.as(username, { method: 'GET', url: '/api/users/me.json' })).json<{
        traductor: boolean;
      }>().traductor;
    expect(await me('promotor')).toBe(true);
    expect(await me('promotor2')).toBe(false);
    const [target] = await t.db.select().from(users).where(eq(users.username, 'promotor2'));
    const url = `/api/users/${target!.id}/traductor/`;
    expect(
      (await t.as('coordinador', { method: 'PUT', url, payload: { traductor: true } })).statusCode,
    ).toBe(403);
    const res = await t.as('gerente', { method: 'PUT', url, payload: { traductor: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'promotor2', traductor: true });
    expect(await me('promotor2')).toBe(true);
    const rows = await t.as('gerente', { method: 'GET', url: '/api/users.json' });
    expect(rows.json<{ username: string; traductor: boolean }[]>()).toContainEqual(
      expect.objectContaining({ username: 'promotor2', traductor: true }),
    );
    await t.as('gerente', { method: 'PUT', url, payload: { traductor: false } });
    expect(await me('promotor2')).toBe(false);
  });
});

// ---------------------------------------------------------------- sheets

function sheetBase64(rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'traducciones');
  const out: unknown = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
  if (!Buffer.isBuffer(out)) throw new Error('no buffer');
  return out.toString('base64');
}

interface ImportAnswer {
  cambios: { fila: number; clave: string; antes: string | null; despues: string }[];
  errores: { fila: number; clave: string; mensaje: string }[];
  aplicados: number;
}

const importSheet = (username: string, archivo: string, aplicar: boolean) =>
  t.as(username, {
    method: 'POST',
    url: '/api/traducciones/importar/',
    payload: { archivo, aplicar },
  });

describe('sheets', () => {
  it('exports typed text cells with a frozen, filterable header, pending rows only when asked', async () => {
    expect((await put('promotor', 'menu.mapaMision', { texto: 'Nota ja’' })).statusCode).toBe(200);
    const res = await t.as('gerente', {
      method: 'GET',
      url: '/api/traduccionesXLSX/?idioma=tz&solo=pendientes',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const read = readSheet(res.rawPayload);
    expectSheetSettings(read, read.rows.length);
    expect(read.header).toEqual([
      'clave',
      'area',
      'espanol',
      'ingles',
      'tseltal',
      'estado',
      'nota',
    ]);
    const values = read.rows.map((row) => row.map((cell) => cell?.v ?? null));
    const mine = values.find((r) => r[0] === 'menu.mapaMision')!;
    expect(mine).toEqual([
      'menu.mapaMision',
      'menu',
      await esText('menu.mapaMision'),
      expect.any(String),
      'Nota ja’',
      'Borrador',
      null,
    ]);
    // Every filled cell is a text cell, whatever it holds.
    const types = read.rows.flatMap((row) => row.flatMap((cell) => (cell ? [cell.t] : [])));
    expect(new Set(types)).toEqual(new Set(['s']));
    // An approved string is not pending; the whole sheet has it.
    expect(values.find((r) => r[0] === 'menu.pagos')).toBeUndefined();
    const all = await t.as('gerente', { method: 'GET', url: '/api/traduccionesXLSX/?solo=todas' });
    const allRows = readSheet(all.rawPayload).rows.map((row) => row.map((c) => c?.v ?? null));
    expect(allRows.find((r) => r[0] === 'menu.pagos')?.slice(4, 6)).toEqual(['Tojol', 'Aprobado']);
  });

  it('a non-reviewer cannot export', async () => {
    const res = await t.as('promotor2', { method: 'GET', url: '/api/traduccionesXLSX/' });
    expect(res.statusCode).toBe(403);
  });

  it('previews changes and every error; applies nothing while there is an error', async () => {
    const archivo = sheetBase64([
      ['clave', 'area', 'tseltal'],
      ['menu.creditos', 'menu', 'Pa’ taqin'],
      ['no.such.key', 'no', 'algo'],
      ['syncCenter.unknownKind', 'syncCenter', 'sin marcas'],
      ['menu.fondosComunes', 'menu', '   '],
      ['menu.mapaProcesos', 'menu', 'x'.repeat(4001)],
      ['menu.credits', 'menu', ''],
      ['menu.pagos', 'menu', 'Tojol'],
    ]);
    const preview = await importSheet('promotor', archivo, false);
    expect(preview.statusCode, preview.body).toBe(200);
    const answer = preview.json<ImportAnswer>();
    expect(answer.cambios).toEqual([
      { fila: 2, clave: 'menu.creditos', antes: null, despues: 'Pa’ taqin' },
    ]);
    expect(answer.errores.map((e) => [e.fila, e.clave])).toEqual([
      [3, 'no.such.key'],
      [4, 'syncCenter.unknownKind'],
      [5, 'menu.fondosComunes'],
      [6, 'menu.mapaProcesos'],
    ]);
    expect(answer.errores[0]!.mensaje).toBe('Fila 3: la clave no.such.key no existe.');
    expect(answer.aplicados).toBe(0);

    const refused = await importSheet('promotor', archivo, true);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<Record<string, string[]>>()['errores']).toHaveLength(4);
    const [row] = await t.db
      .select()
      .from(translations)
      .where(and(eq(translations.lang, 'tz'), eq(translations.key, 'menu.creditos')));
    expect(row).toBeUndefined();
  });

  it('applies a clean sheet as drafts of the importer, recorded as imports', async () => {
    const archivo = sheetBase64([
      ['clave', 'tseltal'],
      ['menu.creditos', 'Pa’ taqin'],
      ['menu.fondosComunes', 'Komon taqin'],
    ]);
    const res = await importSheet('promotor', archivo, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ImportAnswer>().aplicados).toBe(2);
    const rows = await list('gerente');
    expect(rowIn(rows, 'menu.creditos')).toMatchObject({
      texto: null,
      borrador: 'Pa’ taqin',
      autor_borrador: 'promotor',
    });
    expect((await history('menu.fondosComunes'))[0]).toMatchObject({
      accion: 'import',
      usuario: 'promotor',
    });
    // The same sheet again changes nothing.
    const again = await importSheet('promotor', archivo, false);
    expect(again.json<ImportAnswer>().cambios).toEqual([]);
  });

  it('a file that is not a translation sheet is a 400 on archivo; a non-translator may not import', async () => {
    const bad = await importSheet('promotor', 'bm90IGEgc2hlZXQ=', false);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<Record<string, unknown>>())).toEqual(['archivo']);
    const archivo = sheetBase64([['clave', 'tseltal']]);
    expect((await importSheet('gerente', archivo, false)).statusCode).toBe(403);
  });
});

/**
 * `npm run i18n:approved-to-locale` and the report's counts: the approved
 * Tseltal texts of the database go into a locale file in place of its values, keys and their
 * order untouched; drafts never do.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translationCounts, writeApprovedToLocale } from '#server/cli/translations';
import { translations, users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('approved translations into locales/tz.json', () => {
  it('writes approved texts only, keeping every key in its place', async () => {
    const [gerente] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    await t.db.insert(translations).values([
      { lang: 'tz', key: 'menu.home', approved_text: 'Sna', approved_by: gerente!.id },
      { lang: 'tz', key: 'menu.data', draft_text: 'Borrador', draft_by: gerente!.id },
      { lang: 'tz', key: 'menu.gone', approved_text: 'No key', approved_by: gerente!.id },
    ]);
    expect(await translationCounts(t.db)).toEqual({ approved: 2, drafts: 1 });

    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tz-')), 'tz.json');
    const before = { menu: { mainNav: '~Menú principal', home: '~Inicio', data: '~Datos' } };
    writeFileSync(file, `${JSON.stringify(before, null, 2)}\n`);
    expect(await writeApprovedToLocale(t.db, file)).toBe(1);
    const text = readFileSync(file, 'utf8');
    expect(text).toBe(
      '{\n  "menu": {\n    "mainNav": "~Menú principal",\n    "home": "Sna",\n    "data": "~Datos"\n  }\n}\n',
    );
    // Again: nothing left to write.
    expect(await writeApprovedToLocale(t.db, file)).toBe(0);
  });
});

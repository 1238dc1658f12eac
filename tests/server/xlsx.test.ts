/**
 * The spreadsheets (docs/business-rules.md#other-areas): real .xlsx files, read back with SheetJS:
 * header row = the matching list's columns (each code with its label), one row per item of the
 * caller's scoped list, same values as typed cells, header frozen and filterable.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { XLSX_CONTENT_TYPE } from '#server/xlsx/workbook';
import {
  COMMUNITY_EXPORT_COLUMNS,
  expectExportHeader,
  HERMITAGE_EXPORT_COLUMNS,
  MEMBER_EXPORT_COLUMNS,
} from '#tests/helpers/export-columns';
import {
  expectRowsMatch,
  expectSheetSettings,
  MEMBER_MEANING,
  PLAIN_MEANING,
  readSheet,
} from '#tests/helpers/xlsx-cells';
import { memberIn, readXlsx } from './members-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

type Row = Record<string, unknown>;

const EXPORTS = [
  {
    url: '/api/sociosXLSX/',
    list: '/api/socios.json',
    file: 'socios.xlsx',
    columns: MEMBER_EXPORT_COLUMNS,
    meaning: MEMBER_MEANING,
  },
  {
    url: '/api/comunidadesXLSX/',
    list: '/api/comunidades.json',
    file: 'comunidades.xlsx',
    columns: COMMUNITY_EXPORT_COLUMNS,
    meaning: PLAIN_MEANING,
  },
  {
    url: '/api/ermitasXLSX/',
    list: '/api/ermitas.json',
    file: 'ermitas.xlsx',
    columns: HERMITAGE_EXPORT_COLUMNS,
    meaning: PLAIN_MEANING,
  },
] as const;

describe('XLSX exports', () => {
  for (const e of EXPORTS) {
    it(`${e.url}: the list as a spreadsheet, for every office role`, async () => {
      for (const username of ['gerente', 'coordinador', 'visitante']) {
        const res = await t.as(username, { method: 'GET', url: e.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${e.file}"`);
        // A zip container (the .xlsx format), not JSON.
        expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
        const read = readSheet(res.rawPayload);
        const list = (await t.as(username, { method: 'GET', url: e.list })).json<Row[]>();
        expectExportHeader(read.header, e.columns);
        // The matching list carries the same columns.
        expect(Object.keys(list[0]!)).toEqual(e.columns.header);
        expect(list.length).toBeGreaterThan(0);
        expectSheetSettings(read, list.length);
        expectRowsMatch(read, list, e.columns, e.meaning);
        // The list's order is kept.
        expect(read.rows.map((row) => row[0]?.v)).toEqual(
          list.map((item) => item[e.columns.header[0]!]),
        );
      }
    });
  }

  it('a name that looks like a formula stays text', async () => {
    const clave = await memberIn(t, 1);
    const current = (
      await t.as('gerente', { method: 'GET', url: `/api/socios/${clave}.json` })
    ).json<Row>();
    const put = await t.as('gerente', {
      method: 'PUT',
      url: `/api/socios/${clave}.json`,
      payload: { ...current, nombres: '=HYPERLINK("http://x")' },
    });
    expect(put.statusCode).toBe(200);
    const res = await t.as('gerente', { method: 'GET', url: '/api/sociosXLSX/' });
    const rows = readXlsx(res.rawPayload);
    const row = rows.find((r) => r[0] === clave)!;
    expect(row[5]).toBe('=HYPERLINK("http://x")');
  });

  it('promoters and members get no spreadsheet at all (403), so nothing of other regions leaks', async () => {
    for (const username of ['promotor', 'promotor2', 'socio']) {
      for (const e of EXPORTS) {
        const res = await t.as(username, { method: 'GET', url: e.url });
        expect(res.statusCode, `${username} ${e.url}`).toBe(403);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    }
  });
});

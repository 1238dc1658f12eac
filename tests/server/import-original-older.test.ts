/**
 * Moving in from an OLDER original (no bank tables) that holds what the original allowed and
 * this product's forms do not: members without birth or joining dates or cargo, gender OT, a
 * payment whose split does not add up. Nobody and no money may be lost: every member, contract
 * and payment arrives, the verification is equal on every figure, and the incomplete records
 * are listed (report, work list, /socios). Figures by hand in tests/helpers/original-fixture.ts.
 */
import { pbkdf2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { pagos, socios } from '#server/db/schema';
import { MEMBER_SHEET } from '#domain/member-shapes';
import { formatReport, type ImportReport } from '#server/import/report';
import { listMembers } from '#server/services/members';
import { buildXlsx } from '#server/xlsx/workbook';
import { readSheet } from '#tests/helpers/xlsx-cells';
import { importOriginal } from '#server/import/run';
import { BANK_TABLES, TODAY, olderOriginalFixture } from '#tests/helpers/original-fixture';
import {
  advanceOriginalSequences,
  insertOriginalRows,
  originalSchemaSql,
} from '#tests/helpers/original-schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

const djangoHash = (password: string, salt: string) =>
  `pbkdf2_sha256$1000$${salt}$${pbkdf2Sync(password, salt, 1000, 32, 'sha256').toString('base64')}`;

let t: TestApp;
let source: PGlite;
let report: ImportReport;

beforeAll(async () => {
  t = await makeTestApp({ empty: true });
  source = await PGlite.create();
  await source.exec(originalSchemaSql({ postgis: false }));
  await source.exec(`DROP TABLE ${BANK_TABLES.join(', ')}`);
  await insertOriginalRows(source, olderOriginalFixture(djangoHash));
  await advanceOriginalSequences(source);
  report = await importOriginal({
    source,
    sourceLabel: 'older fixture',
    db: t.db,
    targetLabel: 'test database',
    dryRun: false,
    today: TODAY,
  });
});
afterAll(async () => {
  await source.close();
  await t.close();
});

const get = async (url: string) => {
  const res = await t.as('gerente', { method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res;
};

describe('an older original with incomplete members and a payment that does not add up', () => {
  it('loses no member, contract or payment and verifies every figure equal', () => {
    expect(report.skipped).toEqual([]);
    expect(report.exitCode).toBe(0);
    expect(report.people).toEqual([
      {
        what: 'members',
        source: 'socios_socio',
        read: 7,
        imported: 7,
        incomplete: 3,
        skipped: 0,
      },
      {
        what: 'contracts',
        source: 'contratos_contratocredito',
        read: 7,
        imported: 7,
        incomplete: 0,
        skipped: 0,
      },
      { what: 'payments', source: 'pagos_pago', read: 7, imported: 7, incomplete: 1, skipped: 0 },
    ]);
    expect(report.verification.differences).toEqual([]);
    const checked = Object.fromEntries(
      report.verification.figures.map((f) => [f.figure, [f.checked, f.equal]]),
    );
    // 7 payments, 6 stored statuses (the unsigned contract has none), 7 statuses today,
    // 4 members with movements, 2 funds × 3 regions × 10 figures, 8 sums (bank ones 0 = 0),
    // 25 tables.
    expect(checked).toMatchObject({
      'payment deuda_prev_total': [7, 7],
      'payment deuda_prev_int_ord': [7, 7],
      'contract stored status (DP owes, PA settled, CN forgiven)': [6, 6],
      'contract status today': [7, 7],
      'contribution balance (saldo) per member': [4, 4],
      'portfolio figures (region × fund × figure)': [60, 60],
      'money sums per table': [8, 8],
      'rows of each original table found in this product': [25, 25],
    });
  });

  it('reads the tables an older original lacks as empty and says so', () => {
    expect(report.missingTables).toEqual([...BANK_TABLES].reverse());
    expect(formatReport(report)).toMatch(
      /Tables this original does not have \(an older version\), read as empty: bancos_banco, bancos_subcuenta, bancos_movimientobanco, bancos_registrocontable/,
    );
  });

  it('lists each incomplete record with what it lacks, and ends with the people counts', () => {
    expect(report.incomplete).toEqual([
      {
        table: 'socios_socio',
        id: 5,
        label: 'member 5 Ana Gómez López',
        lacks: ['fecha_nacimiento empty'],
      },
      {
        table: 'socios_socio',
        id: 6,
        label: 'member 6 Tomás Jiménez',
        lacks: ['fecha_ingr_programa empty', 'cargo_id empty'],
      },
      {
        table: 'socios_socio',
        id: 7,
        label: 'member 7 Sebastiana Moreno Cruz',
        lacks: ['fecha_ingr_yomol_atel empty'],
      },
      {
        table: 'pagos_pago',
        id: 210,
        label: 'payment 210 (contract 47, 2025-05-01, 300.00)',
        lacks: [expect.stringMatching(/^split does not add up: cantidad 300.00 ≠ /)],
      },
    ]);
    const text = formatReport(report);
    expect(text).toMatch(/member 6 Tomás Jiménez: fecha_ingr_programa empty; cargo_id empty/);
    const end = text.trimEnd().split('\n');
    expect(
      end.slice(end.indexOf('People and their loans'), end.indexOf('People and their loans') + 4),
    ).toEqual([
      'People and their loans',
      '  members          7 in the original: 7 imported (3 incomplete or for review), 0 skipped',
      '  contracts        7 in the original: 7 imported (0 incomplete or for review), 0 skipped',
      '  payments         7 in the original: 7 imported (1 incomplete or for review), 0 skipped',
    ]);
  });

  it('keeps the original’s values: empty fields, gender OT, the payment as stored', async () => {
    const members = await t.db.select().from(socios).orderBy(socios.clave_socio);
    expect(
      members
        .filter((m) => m.clave_socio >= 5)
        .map((m) => [
          m.clave_socio,
          m.genero,
          m.fecha_nacimiento,
          m.fecha_ingr_yomol_atel,
          m.fecha_ingr_programa,
          m.cargo,
        ]),
    ).toEqual([
      [5, 'FE', null, '2010-03-01', '2015-06-01', 1],
      [6, 'MA', '1980-01-01', '2010-03-01', null, null],
      [7, 'OT', '1980-01-01', null, '2015-06-01', 1],
    ]);
    const [payment] = await t.db.select().from(pagos).where(eq(pagos.id, 210));
    expect(payment).toMatchObject({
      cantidad: '300.00',
      abono_capital: '250.00',
      interes_ord: '24.00',
      interes_mor: '0.00',
      por_revisar: true,
    });
  });

  it('answers the incomplete members through the API, the list and the pull', async () => {
    const detail = (await get('/api/socios/6.json')).json<Record<string, unknown>>();
    expect(detail).toMatchObject({ clave_socio: 6, cargo: null, fecha_ingr_programa: null });
    expect((await get('/api/socios/7.json')).json()).toMatchObject({
      genero: 'OT',
      fecha_ingr_yomol_atel: null,
    });
    const list = (await get('/api/socios.json')).json<Record<string, unknown>[]>();
    expect(list.find((m) => m.clave_socio === 6)).toMatchObject({ cargo: null, nombre_cargo: '' });
    const pull = await get('/api/sync/pull/?limit=5000');
    const pulled = pull.json<{ changes: { socios: Record<string, unknown>[] } }>().changes.socios;
    expect(pulled.find((m) => m.clave_socio === 5)).toMatchObject({ fecha_nacimiento: null });
    expect((await get(`/api/contratos/47/deuda/?fecha=${TODAY}`)).json()).toMatchObject({
      estatus_detail: 'VI',
      capital_por_pagar: 950,
    });
  });

  it('exports the members spreadsheet with the empty fields as empty cells', async () => {
    const rows = await listMembers(t.db, { role: 'GE', region: null, clave_socio: null });
    const read = readSheet(buildXlsx(MEMBER_SHEET, rows, { label: (_list, code) => String(code) }));
    const cell = (clave: number, column: string) =>
      read.rows[rows.findIndex((m) => m.clave_socio === clave)]?.[read.header.indexOf(column)];
    expect(read.header).toEqual(expect.arrayContaining(['fecha_nacimiento', 'cargo', 'genero']));
    expect(cell(4, 'fecha_nacimiento')).toBeDefined();
    expect(cell(5, 'fecha_nacimiento')).toBeUndefined();
    expect(cell(6, 'cargo')).toBeUndefined();
    expect(cell(7, 'genero')).toMatchObject({ v: 'OT' });
  });

  it('the office completes a record through the form, which still requires the fields', async () => {
    const current = (await get('/api/socios/6.json')).json<Record<string, unknown>>();
    const body = {
      ...Object.fromEntries(
        Object.entries(current).filter(
          ([key]) =>
            !['nombre_comunidad', 'full_name', 'nombre_region', 'nombre_productor', 'rfc'].includes(
              key,
            ),
        ),
      ),
      cargo_coop: [1],
    };
    const refused = await t.as('gerente', {
      method: 'PUT',
      url: '/api/socios/6.json',
      payload: body,
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json<{ errors?: object }>().errors ?? refused.json())).toEqual(
      expect.arrayContaining(['fecha_ingr_programa', 'cargo']),
    );
    const saved = await t.as('gerente', {
      method: 'PUT',
      url: '/api/socios/6.json',
      payload: { ...body, fecha_ingr_programa: '2016-02-01', cargo: 2 },
    });
    expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
    expect(saved.json()).toMatchObject({ fecha_ingr_programa: '2016-02-01', cargo: 2 });
  });
});

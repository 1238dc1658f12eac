/**
 * `npm run import:original` end to end: a database in the original system's schema (PGlite,
 * built from the fact sheet by tests/helpers/original-schema.ts) imported into this product's
 * (PGlite, or the throw-away PostgreSQL when CI runs the server suite there). Every expected
 * figure comes from tests/helpers/original-fixture.ts, where it is worked out by hand.
 */
import { pbkdf2Sync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import * as z from 'zod';
import {
  acopios,
  comunidades,
  contratos,
  ermitas,
  importRuns,
  movimientos,
  pagos,
  regiones,
  socios,
  solicitudes,
  users,
  zonas,
} from '#server/db/schema';
import type { ImportReport } from '#server/import/report';
import { formatReport } from '#server/import/report';
import { userCommand } from '#server/cli/user';
import { importOriginal } from '#server/import/run';
import { TargetRefused } from '#server/import/target';
import {
  BROKEN,
  EXPECTED_DIFFERENCES,
  EXPECTED_SKIPS,
  PASSWORDS,
  TODAY,
  originalFixture,
} from '#tests/helpers/original-fixture';
import {
  advanceOriginalSequences,
  insertOriginalRows,
  originalSchemaSql,
} from '#tests/helpers/original-schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';

/** Django's `pbkdf2_sha256` hash, computed here with node:crypto (not the server's code). */
function djangoHash(password: string, salt: string): string {
  const iterations = 20_000;
  const key = pbkdf2Sync(password, salt, iterations, 32, 'sha256').toString('base64');
  return `pbkdf2_sha256$${iterations}$${salt}$${key}`;
}

let t: TestApp;
let source: PGlite;

beforeAll(async () => {
  t = await makeTestApp({ empty: true });
  source = await PGlite.create();
  await source.exec(originalSchemaSql({ postgis: false }));
  await insertOriginalRows(source, originalFixture(djangoHash));
  await advanceOriginalSequences(source);
});
afterAll(async () => {
  await source.close();
  await t.close();
});

const runImport = (options: { dryRun?: boolean; force?: boolean } = {}) =>
  importOriginal({
    source,
    sourceLabel: 'fixture',
    db: t.db,
    targetLabel: 'test database',
    dryRun: options.dryRun ?? false,
    force: options.force ?? false,
    today: TODAY,
  });

const figure = (report: ImportReport, name: string) =>
  report.verification.figures.find((f) => f.figure === name);

const sequenceState = async (table: string, column: string) => {
  const answer = z
    .object({ rows: z.array(z.object({ last_value: z.coerce.number(), is_called: z.boolean() })) })
    .parse(await t.db.execute(sql.raw(`SELECT last_value, is_called FROM ${table}_${column}_seq`)));
  return answer.rows[0]!;
};

const nextId = async (table: string, column = 'id') => {
  const answer = z
    .object({ rows: z.array(z.object({ n: z.coerce.number() })) })
    .parse(
      await t.db.execute(sql`SELECT nextval(pg_get_serial_sequence(${table}, ${column})) AS n`),
    );
  return answer.rows[0]!.n;
};

const pull = async (username: string, cursor?: string) => {
  const query = new URLSearchParams({ limit: '5000', ...(cursor ? { cursor } : {}) });
  const res = await t.as(username, { method: 'GET', url: `/api/sync/pull/?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json<{ cursor: string; changes: Record<string, Record<string, unknown>[]> }>();
};

const idsOf = (rows: Record<string, unknown>[] | undefined, key = 'id') =>
  (rows ?? []).map((r) => r[key]).sort((a, b) => Number(a) - Number(b));

let cursorAfterImport = '';

describe('dry run', () => {
  it('does everything, prints the report and keeps nothing', async () => {
    const report = await runImport({ dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.exitCode).toBe(0);
    expect(report.verification.differences).toEqual([]);
    expect(report.tables.find((l) => l.source === 'pagos_pago')).toMatchObject({
      read: 6,
      inserted: 6,
    });
    expect(formatReport(report)).toMatch(/DRY RUN: nothing was kept/);
    expect(await t.db.select().from(users)).toEqual([]);
    expect(await t.db.select().from(importRuns)).toEqual([]);
    // Sequences are not moved by a dry run (setval is not transactional).
    expect((await sequenceState('pagos', 'id')).is_called).toBe(false);
  });
});

describe('the import of a clean original database', () => {
  let report: ImportReport;
  beforeAll(async () => {
    report = await runImport();
  });

  it('imports every row, skips none and verifies every figure equal (exit status 0)', () => {
    expect(report.exitCode).toBe(0);
    expect(report.skipped).toEqual([]);
    expect(report.verification.differences).toEqual([]);
    const read = Object.fromEntries(report.tables.map((l) => [l.source, l.inserted]));
    expect(read).toMatchObject({
      tsumbalil_region: 3, // 1, 2 and the original's default region 20, created
      ermitas_zona: 2,
      ermitas_inegilocalidad: 2,
      ermitas_ermita: 2,
      tsumbalil_comunidad: 3,
      socios_socio: 4,
      socios_socio_cargo_coop: 2,
      users_user: 4,
      solicitudes_solicitudcredito: 7,
      solicitudes_chatsolicitudcredito: 3,
      contratos_contratocredito: 6,
      pagos_pago: 6,
      pagos_condonacion: 1,
      acopios_acopio: 4,
      movimientos_movimiento: 5,
      bancos_subcuenta: 5,
      bancos_movimientobanco: 4,
      bancos_registrocontable: 5,
    });
    // Checked: 6 payments × 5 figures, 1 waiver, 5 stored statuses (the unsigned contract has
    // none to check), 6 statuses today, 3 members with movements, 2 funds × 3 regions × 10
    // portfolio figures, 8 sums, 25 tables.
    const checked = Object.fromEntries(
      report.verification.figures.map((f) => [f.figure, [f.checked, f.equal]]),
    );
    expect(checked).toEqual({
      'payment deuda_prev_total': [6, 6],
      'payment deuda_prev_capital': [6, 6],
      'payment deuda_prev_int_ord': [6, 6],
      'payment deuda_prev_int_mor': [6, 6],
      'payment estatus_previo': [6, 6],
      'waiver amounts (total, ordinary, late, estatus_previo)': [1, 1],
      'contract stored status (DP owes, PA settled, CN forgiven)': [5, 5],
      'contract status today': [6, 6],
      'contribution balance (saldo) per member': [3, 3],
      'portfolio figures (region × fund × figure)': [60, 60],
      'money sums per table': [8, 8],
      'rows of each original table found in this product': [25, 25],
    });
  });

  it('notes what it adapted on the way in', () => {
    const kinds = report.notes.map((n) => `${n.table} ${n.id}: ${n.kind}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^tsumbalil_region 20: created "Sin asignar"/),
        expect.stringMatching(/^ermitas_zona 1: polygon/),
        expect.stringMatching(/^tsumbalil_comunidad 102: no region/),
        expect.stringMatching(/^users_user 4: inactive/),
        expect.stringMatching(/^movimientos_movimiento 604: ordinario NULL/),
        expect.stringMatching(/^movimientos_movimiento 605: bank date\/reference on a cash/),
      ]),
    );
    expect(kinds).toHaveLength(6);
  });

  it('keeps ids, folios and contract numbers, and maps every value', async () => {
    const [zone] = await t.db.select().from(zonas).where(eq(zonas.id, 1));
    // The larger of the two parts of zone 1 (a 0.3° square from −92.5, 17.0).
    expect(zone!.poly).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [-92.5, 17],
          [-92.2, 17],
          [-92.2, 17.3],
          [-92.5, 17.3],
          [-92.5, 17],
        ],
      ],
    });
    const [region20] = await t.db.select().from(regiones).where(eq(regiones.id, 20));
    expect(region20).toMatchObject({ nombre_de_region: 'Sin asignar', poly: null });
    const places = await t.db.select().from(comunidades).orderBy(comunidades.id);
    expect(places.map((c) => [c.id, c.region, c.ermita, c.inegi_localidad, c.lat, c.lng])).toEqual([
      [100, 1, 10, '1', 17.14, -92.27],
      [101, 2, 11, null, null, null],
      [102, 20, null, null, null, null],
    ]);
    const [hermitage] = await t.db.select().from(ermitas).where(eq(ermitas.ermita_id, 10));
    expect(hermitage).toMatchObject({ zona: 1, interzona: 1, municipio: 59, localidad: 590001 });
    expect([hermitage!.lat, hermitage!.lng]).toEqual([17.14, -92.27]);

    const members = await t.db.select().from(socios).orderBy(socios.clave_socio);
    expect(members.map((m) => [m.clave_socio, m.cargo_coop, m.apellido_materno, m.curp])).toEqual([
      [1, [2, 3], 'Gómez', 'PEGJ800101HCSRMN01'],
      [2, [], '', null],
      [3, [], 'Díaz', null],
      [4, [], 'Cruz', null],
    ]);
    const [request] = await t.db
      .select()
      .from(solicitudes)
      .where(eq(solicitudes.folio_solicitud, 502));
    expect(request).toMatchObject({
      proceso: 'MI',
      monto_aprobado: '5000.00',
      plazo_aprobado: 3,
      tasa_aprobada: '1.5000',
    });
    const contracts = await t.db.select().from(contratos).orderBy(contratos.id);
    expect(
      contracts.map((c) => [c.id, c.solicitud, c.proceso, c.tipo_credito, c.tipo_tasa]),
    ).toEqual([
      [41, 501, 'CF', 'MC', 'FI'],
      [42, 502, 'MI', 'CP', 'VA'],
      [43, 503, 'CF', 'MC', 'FI'],
      [44, 504, 'MI', 'MC', 'FI'],
      [45, 505, 'CF', 'FC', 'FI'],
      [46, 506, 'CF', 'MC', null],
    ]);
    const [inactive] = await t.db.select().from(users).where(eq(users.username, 'exempleado'));
    expect(inactive!.password_hash.startsWith('!pbkdf2_sha256$')).toBe(true);
  });

  it('continues every sequence after the imported ids', async () => {
    expect(await nextId('pagos')).toBe(207);
    expect(await nextId('contratos')).toBe(47);
    expect(await nextId('solicitudes', 'folio_solicitud')).toBe(508);
    expect(await nextId('socios', 'clave_socio')).toBe(5);
    expect(await nextId('users')).toBe(5);
    expect(await nextId('solicitud_chat')).toBe(4);
    expect(await nextId('registros_contables')).toBe(906);
  });

  it('answers the hand-worked debts, portfolio and balance through the API', async () => {
    const get = async (url: string) => {
      const res = await t.as('coordinador', { method: 'GET', url });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      return res.json<Record<string, unknown>>();
    };
    expect(await get(`/api/contratos/41/deuda/?fecha=${TODAY}`)).toMatchObject({
      estatus_detail: 'VI',
      capital_abonado: 2000,
      interes_ordinario_abonado: 400,
      capital_por_pagar: 8000,
      interes_ordinario_deuda: 400,
      interes_moratorio_deuda: 0,
      total_deuda: 8400,
    });
    // 36 days on 3,500.00 since 10 May: 3,500 × 0.18 × 36 / 365 = 62.1369 → 62.13; late the same
    // 36 days at 36 %/365: 124.2739 → 124.27.
    expect(await get(`/api/contratos/42/deuda/?fecha=${TODAY}`)).toMatchObject({
      estatus_detail: 'VE',
      capital_abonado: 1500,
      interes_ordinario_abonado: 273.69,
      interes_moratorio_abonado: 133.15,
      capital_por_pagar: 3500,
      interes_ordinario_deuda: 62.13,
      interes_moratorio_deuda: 124.27,
      total_deuda: 3686.4,
    });
    expect(await get(`/api/contratos/carteras/?date=${TODAY}`)).toMatchObject({
      vigentes_count: 1,
      vigentes_total: 8000,
      vencidos_count: 1,
      vencidos_total: 3500,
      vencidosLT30: { count: 0, total: 0 },
      vencidos30to6M: { count: 1, total: 3500 },
      vencidosGT6M: { count: 0, total: 0 },
    });
    expect(await get(`/api/contratos/carteras/?date=${TODAY}&fondocomun=1`)).toMatchObject({
      vigentes_count: 1,
      vigentes_total: 3000,
      vencidos_count: 0,
    });
    expect(await get('/api/movimientos/saldo/?clave_socio=1')).toEqual({
      saldo: '650.50',
      aportaciones: '750.50',
      retiros: '100.00',
    });
  });

  it('logs in with the original password (then stored as scrypt), and reaches the phones', async () => {
    const login = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { username, password },
        remoteAddress: '10.7.0.1',
      });
    expect((await login('gerente', 'otra-cosa')).statusCode).toBe(401);
    expect((await login('gerente', PASSWORDS.gerente)).statusCode).toBe(200);
    const [gerente] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    expect(gerente!.password_hash).toMatch(/^scrypt\$/);
    expect((await login('gerente', PASSWORDS.gerente)).statusCode).toBe(200);
    // Inactive in the original: locked here too.
    expect((await login('exempleado', PASSWORDS.exempleado)).statusCode).toBe(401);

    const answer = await pull('gerente');
    cursorAfterImport = answer.cursor;
    const { changes } = answer;
    expect(idsOf(changes.regiones)).toEqual([1, 2, 20]);
    expect(idsOf(changes.zonas)).toEqual([1, 2]);
    expect(idsOf(changes.comunidades)).toEqual([100, 101, 102]);
    expect(idsOf(changes.ermitas, 'ermita_id')).toEqual([10, 11]);
    expect(idsOf(changes.socios, 'clave_socio')).toEqual([1, 2, 3, 4]);
    expect(idsOf(changes.solicitudes, 'folio_solicitud')).toEqual([
      501, 502, 503, 504, 505, 506, 507,
    ]);
    expect(idsOf(changes.contratos)).toEqual([41, 42, 43, 44, 45, 46]);
    expect(idsOf(changes.pagos)).toEqual([201, 202, 203, 204, 205, 206]);
    expect(idsOf(changes.acopios)).toEqual([701, 702, 703, 704]);
    expect(idsOf(changes.movimientos)).toEqual([601, 602, 603, 604, 605]);
    const request501 = changes.solicitudes!.find((r) => r.folio_solicitud === 501)!;
    expect(request501.chat).toHaveLength(2);
  });

  it('a second run finds everything unchanged and changes nothing', async () => {
    const [before] = await t.db.select().from(importRuns);
    const again = await runImport();
    expect(again.exitCode).toBe(0);
    expect(again.verification.differences).toEqual([]);
    for (const line of again.tables) {
      expect([line.source, line.inserted, line.updated]).toEqual([line.source, 0, 0]);
      // Regions: the two read and region 20, created by the first run.
      const expected = line.source === 'tsumbalil_region' ? 3 : line.read;
      expect([line.source, line.unchanged]).toEqual([line.source, expected]);
    }
    const runs = await t.db.select().from(importRuns).orderBy(importRuns.id);
    expect(runs).toHaveLength(2);
    expect(runs[1]!.row_version_mark).toBe(before!.row_version_mark);
    expect((await pull('gerente', cursorAfterImport)).changes).toEqual({});
  });
});

describe('a re-run over rows the product cannot take', () => {
  let report: ImportReport;
  let mark: number;
  beforeAll(async () => {
    const [last] = await t.db
      .select()
      .from(importRuns)
      .orderBy(sql`${importRuns.id} DESC`);
    mark = last!.row_version_mark;
    // Written by "another tool": foreign keys are not checked for these rows.
    await source.exec('SET session_replication_role = replica');
    await insertOriginalRows(source, BROKEN);
    await source.exec('SET session_replication_role = DEFAULT');
    await source.exec(`UPDATE socios_socio SET nombres = 'Juan Carlos' WHERE clave_socio = 1`);
    report = await runImport();
  });

  it('skips each bad row with its reason and says so in its exit status (2)', () => {
    expect(report.exitCode).toBe(2);
    expect(report.skipped).toHaveLength(EXPECTED_SKIPS.length);
    for (const expected of EXPECTED_SKIPS) {
      expect(report.skipped).toContainEqual({
        table: expected.table,
        id: expected.id,
        reason: expected.reason,
        detail: expect.stringMatching(expected.detail),
      });
    }
    const text = formatReport(report);
    expect(text).toMatch(
      /pagos_pago 207: refers to a row that is not imported — contract 999 does not exist/,
    );
    expect(text).toMatch(/exit status 2/);
  });

  it('reports every difference with both figures, and keeps the original’s values', async () => {
    // 6 by hand in the fixture, plus the collections sum: 6,050.50 + the skipped 120.00; and
    // every table with a skipped row holds fewer rows than the original: a skip is never
    // "reported" into an equal verification.
    const rows = (table: string, original: number, product: number) => ({
      figure: 'rows of each original table found in this product',
      row: new RegExp(`^${table} → `),
      original: String(original),
      product: String(product),
    });
    const expected = [
      ...EXPECTED_DIFFERENCES,
      {
        figure: 'money sums per table',
        row: /collections: ingreso/,
        original: '6170.50',
        product: '6050.50',
      },
      rows('socios_socio', 5, 4),
      rows('users_user', 5, 4),
      rows('pagos_pago', 9, 7),
      rows('acopios_acopio', 5, 4),
      rows('movimientos_movimiento', 6, 5),
    ];
    expect(report.verification.differences).toHaveLength(expected.length);
    for (const d of expected) {
      expect(report.verification.differences).toContainEqual({
        figure: d.figure,
        row: expect.stringMatching(d.row),
        original: d.original,
        product: d.product,
      });
    }
    expect(figure(report, 'payment deuda_prev_int_ord')).toEqual({
      figure: 'payment deuda_prev_int_ord',
      checked: 7,
      equal: 6,
      different: 1,
    });
    const [stored] = await t.db.select().from(pagos).where(eq(pagos.id, 209));
    expect(stored).toMatchObject({ deuda_prev_int_ord: '60.00', deuda_prev_total: '3060.00' });
  });

  it('updates what changed and the pull re-sends exactly that', async () => {
    const line = (source: string) => report.tables.find((l) => l.source === source)!;
    expect(line('socios_socio')).toMatchObject({ updated: 1, skipped: 1 });
    expect(line('solicitudes_chatsolicitudcredito')).toMatchObject({ inserted: 1 });
    expect(line('pagos_pago')).toMatchObject({ inserted: 1, skipped: 2 });
    // The renamed member's name shows on its records: they travel again with it
    // (migration sync-removal-triggers), besides what the import itself wrote.
    const renamed = 1;
    const ids = async (rows: Promise<{ id: number }[]>) => (await rows).map((r) => r.id);
    const memberContracts = await ids(
      t.db.select({ id: contratos.id }).from(contratos).where(eq(contratos.clave_socio, renamed)),
    );
    const memberPayments = await ids(
      t.db.select({ id: pagos.id }).from(pagos).where(inArray(pagos.credito, memberContracts)),
    );
    const memberRequests = await ids(
      t.db
        .select({ id: solicitudes.folio_solicitud })
        .from(solicitudes)
        .where(sql`${solicitudes.clave_socio} = ${renamed} OR ${solicitudes.aval} = ${renamed}`),
    );
    const memberCollections = await ids(
      t.db.select({ id: acopios.id }).from(acopios).where(eq(acopios.clave_socio, renamed)),
    );
    const memberMovements = await ids(
      t.db
        .select({ id: movimientos.id })
        .from(movimientos)
        .where(eq(movimientos.clave_socio, renamed)),
    );
    const union = (...lists: number[][]) => [...new Set(lists.flat())].sort((a, b) => a - b);
    const changed = await t.db
      .select({ id: contratos.id })
      .from(contratos)
      .where(sql`${contratos.row_version} > ${mark}`);
    // A new payment re-sends its contract.
    expect(changed.map((c) => c.id).sort((a, b) => a - b)).toEqual(union([45], memberContracts));
    const { changes } = await pull('gerente', cursorAfterImport);
    const expectedTables = Object.entries({
      acopios: memberCollections,
      contratos: [45],
      movimientos: memberMovements,
      pagos: [209],
      socios: [renamed],
      solicitudes: [502],
    })
      .filter(([, list]) => list.length > 0)
      .map(([table]) => table);
    expect(Object.keys(changes).sort()).toEqual(expectedTables);
    expect(idsOf(changes.socios, 'clave_socio')).toEqual([renamed]);
    expect(changes.socios![0]!.nombres).toBe('Juan Carlos');
    expect(idsOf(changes.pagos)).toEqual(union([209], memberPayments));
    expect(idsOf(changes.contratos)).toEqual(union([45], memberContracts));
    expect(idsOf(changes.acopios)).toEqual(union(memberCollections));
    expect(idsOf(changes.movimientos)).toEqual(union(memberMovements));
    // A new chat comment re-sends its request, with the comment.
    expect(idsOf(changes.solicitudes, 'folio_solicitud')).toEqual(union([502], memberRequests));
    const request = (changes.solicitudes ?? []).find((r) => r.folio_solicitud === 502);
    expect(request!.chat).toHaveLength(1);
  });

  it('refuses to run over changes made in this product, unless forced', async () => {
    await t.db.update(socios).set({ telefono: '9191234567' }).where(eq(socios.clave_socio, 2));
    await expect(runImport()).rejects.toThrow(TargetRefused);
    const forced = await runImport({ force: true });
    expect(forced.tables.find((l) => l.source === 'socios_socio')).toMatchObject({ updated: 1 });
    const [member] = await t.db.select().from(socios).where(eq(socios.clave_socio, 2));
    expect(member!.telefono).toBeNull();
  });
});

describe('a row the database itself refuses', () => {
  it('is skipped with the database’s words; the others go in', async () => {
    // An account created in this product takes the next id (5); then the original gets an
    // account 6 with the same username, which the unique username refuses.
    expect(
      (await userCommand(['add', 'nuevo', '--role', 'PR', '--password', 'una-clave-larga'], t.db))
        .code,
    ).toBe(0);
    await insertOriginalRows(source, {
      users_user: [{ ...BROKEN.users_user[0], id: 6, username: 'nuevo', role: 'PR' }],
    });
    await expect(runImport()).rejects.toThrow(/new ones in users/);
    const forced = await runImport({ force: true });
    expect(forced.skipped).toContainEqual({
      table: 'users_user',
      id: 6,
      reason: 'database-refused',
      detail: expect.stringMatching(/username/),
    });
    expect(forced.tables.find((l) => l.source === 'users_user')).toMatchObject({
      read: 6,
      unchanged: 4,
      skipped: 2,
    });
    const [mine] = await t.db.select().from(users).where(eq(users.username, 'nuevo'));
    expect(mine).toMatchObject({ id: 5, role: 'PR' });
  });
});

describe('a database that holds other data', () => {
  it('is refused: only an empty database or an earlier import is accepted', async () => {
    const other = await makeTestApp({ empty: true });
    try {
      await other.db.insert(regiones).values({ id: 1, nombre_de_region: 'Demo' });
      await expect(
        importOriginal({
          source,
          sourceLabel: 'fixture',
          db: other.db,
          targetLabel: 'other',
          dryRun: true,
          today: TODAY,
        }),
      ).rejects.toThrow(/did not come from an import/);
      expect(
        await other.db
          .select()
          .from(users)
          .where(inArray(users.id, [1, 2])),
      ).toEqual([]);
    } finally {
      await other.close();
    }
  });
});

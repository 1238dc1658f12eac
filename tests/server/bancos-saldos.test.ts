/**
 * The read side of banks (docs/business-rules.md#bank-reconciliation-and-accounting): balances per
 * bank account and per sub-account with and without `initialDate` against sums done by hand, the
 * accounting records (list, detail with its human reference, spreadsheet), the hand-choosable
 * sub-accounts, the pending lists shrinking as items are reconciled, the demo chart, and who may
 * call each route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { eq } from 'drizzle-orm';
import type { Role } from '#domain/roles';
import { subcuentas, users } from '#server/db/schema';
import { expectExportHeader, RECORD_EXPORT_COLUMNS } from '#tests/helpers/export-columns';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  insertBankContract,
  insertMovement,
  insertPayment,
  nextReference,
  postBank,
} from './bancos-helpers.ts';
import { memberOfRegion } from './contratos-helpers.ts';

let t: TestApp;
let clave: number;

beforeAll(async () => {
  t = await makeTestApp();
  clave = await memberOfRegion(t.db, 1);
});
afterAll(async () => {
  await t.close();
});

const get = (username: string, url: string) => t.as(username, { method: 'GET', url });

async function bookOther(fecha: string, subcuenta: number, cantidad: string, ingreso: boolean) {
  const res = await postBank(t, 'coordinador', {
    referencia_banco: nextReference('H'),
    fecha,
    cantidad,
    dataType: 'Otros',
    selectedItems: [subcuenta],
    ingrEgr: ingreso,
  });
  expect(res.statusCode, res.body).toBe(201);
}

interface BalanceRow {
  id: number;
  nombre_cuenta: string;
  tot_ingresos_prev: number;
  tot_egresos_prev: number;
  tot_ingresos: number;
  tot_egresos: number;
}

describe('balances', () => {
  // A year no demo record reaches: every figure below is summed by hand.
  // Microcrédito account: +1000.00 (41, March), −250.50 (40, April), +300.25 (41, July).
  // Ahorro account: +99.99 (43, August), −10.00 (42, September).
  beforeAll(async () => {
    await bookOther('2001-03-10', 41, '1000.00', true);
    await bookOther('2001-04-15', 40, '250.50', false);
    await bookOther('2001-07-01', 41, '300.25', true);
    await bookOther('2001-08-20', 43, '99.99', true);
    await bookOther('2001-09-30', 42, '10.00', false);
  });

  const byName = (rows: BalanceRow[], fragment: string) => {
    const row = rows.find((r) => r.nombre_cuenta.includes(fragment));
    if (!row) throw new Error(`no balance row for ${fragment}`);
    return row;
  };
  const figures = (row: BalanceRow) => [
    row.tot_ingresos_prev,
    row.tot_egresos_prev,
    row.tot_ingresos,
    row.tot_egresos,
  ];

  it('per bank account: before initialDate is "previous", the range is the period', async () => {
    const res = await get(
      'visitante',
      '/api/banco/saldos/?initialDate=2001-06-01&finalDate=2001-12-31',
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json<BalanceRow[]>();
    expect(figures(byName(rows, 'Microcrédito'))).toEqual([1000, 250.5, 300.25, 0]);
    expect(figures(byName(rows, 'Ahorro'))).toEqual([0, 0, 99.99, 10]);
    // The external account is not the cooperative's: it has no balance row.
    expect(rows.some((r) => r.nombre_cuenta.includes('externa'))).toBe(false);
  });

  it('without initialDate nothing is "previous": the whole range up to finalDate', async () => {
    const res = await get('coordinador', '/api/banco/saldos/?finalDate=2001-12-31');
    const rows = res.json<BalanceRow[]>();
    expect(figures(byName(rows, 'Microcrédito'))).toEqual([0, 0, 1300.25, 250.5]);
    expect(figures(byName(rows, 'Ahorro'))).toEqual([0, 0, 99.99, 10]);
  });

  it('per sub-account, the same split', async () => {
    const res = await get(
      'gerente',
      '/api/subcuentas/saldos/?initialDate=2001-06-01&finalDate=2001-12-31',
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json<(BalanceRow & { id: number; id_contable: string })[]>();
    const of = (id: number) => figures(rows.find((r) => r.id === id)!);
    expect(of(41)).toEqual([1000, 0, 300.25, 0]);
    expect(of(40)).toEqual([0, 250.5, 0, 0]);
    expect(of(43)).toEqual([0, 0, 99.99, 0]);
    expect(of(42)).toEqual([0, 0, 0, 10]);
    // Every sub-account of the chart has a row, the system ones too.
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([2, 3, 17, 26, 35, 36]));
  });

  it('a malformed or reversed date range is a 400 on its field', async () => {
    const bad = await get('gerente', '/api/banco/saldos/?initialDate=2001-13-40');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ initialDate: ['Fecha inválida'] });
    const reversed = await get(
      'gerente',
      '/api/subcuentas/saldos/?initialDate=2001-06-01&finalDate=2001-01-01',
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({
      finalDate: ['La fecha final debe ser igual o posterior a la fecha inicial'],
    });
  });
});

describe('accounting records', () => {
  it('lists the range newest first, with the human reference of what each reconciles', async () => {
    const movement = await insertMovement(t.db, {
      clave,
      monto: '60.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    const contract = await insertBankContract(t.db, { clave, monto: '900.00' });
    const payment = await insertPayment(t.db, {
      credito: contract,
      capital: '90.00',
      ord: '9.00',
      mor: '0.00',
      estatus_previo: 'VI',
    });
    const book = async (
      fecha: string,
      dataType: string,
      selectedItems: number[],
      cantidad: string,
    ) => {
      const res = await postBank(t, 'gerente', {
        referencia_banco: nextReference('R'),
        fecha,
        cantidad,
        dataType,
        selectedItems,
        referencia_alf: `Conciliación ${dataType}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    await book('2002-02-01', 'Movimientos', [movement], '60.00');
    await book('2002-02-03', 'Pagos', [payment], '99.00');
    await book('2002-02-02', 'EjCredito', [contract], '900.00');

    const res = await get(
      'visitante',
      '/api/registros-contables.json/?initialDate=2002-01-01&finalDate=2002-12-31',
    );
    expect(res.statusCode).toBe(200);
    const rows = res.json<Record<string, unknown>[]>();
    const [author] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
    const name = `${author!.first_name} ${author!.last_name}`.trim();
    expect(rows.map((r) => [r.fecha, r.subcuenta_id, r.cantidad, r.ingr_egr])).toEqual([
      ['2002-02-03', 25, '9.00', true],
      ['2002-02-03', 3, '90.00', true],
      ['2002-02-02', 2, '900.00', false],
      ['2002-02-01', 17, '60.00', true],
    ]);
    expect(rows.every((r) => r.usuario === name)).toBe(true);
    expect(rows[0]!.referencia).toMatch(new RegExp(`^Crédito #${contract} - \\S`));
    expect(rows[2]!.referencia).toMatch(new RegExp(`^Crédito #${contract} - \\S`));
    expect(rows[3]!.referencia).toMatch(/^Aportación - \S/);
    expect(rows[3]).toMatchObject({
      subcuenta_id_cont: '2101-01',
      subcuenta_nombre: 'Aportación ordinaria productores',
      banco_nombre: 'Banorte',
      relacion_sistema: 'APORTACION',
      aport_retiro: movement,
      referencia_alf: 'Conciliación Movimientos',
    });

    const one = await get('gerente', `/api/registros-contables/${rows[1]!.id as number}.json`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(rows[1]);
    expect((await get('gerente', '/api/registros-contables/999999.json')).statusCode).toBe(404);
    expect((await get('gerente', '/api/registros-contables/abc.json')).statusCode).toBe(404);
  });

  it('the spreadsheet has the list columns and the same rows', async () => {
    const range = '?initialDate=2002-01-01&finalDate=2002-12-31';
    const res = await get('coordinador', `/api/registros-contables-xlsx/${range}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('registros-contables.xlsx');
    const book = XLSX.read(res.rawPayload, { type: 'buffer' });
    const table = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, {
      header: 1,
    });
    expectExportHeader(table[0], RECORD_EXPORT_COLUMNS);
    const list = await get('coordinador', `/api/registros-contables.json/${range}`);
    expect(table).toHaveLength(list.json<unknown[]>().length + 1);
  });
});

describe('sub-accounts and the demo chart', () => {
  it('GET /subcuentas/ offers only the hand-choosable ones, with accounting id and name', async () => {
    const res = await get('coordinador', '/api/subcuentas/');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ id: number; id_contable: string; nombre: string }[]>();
    const system = await t.db
      .select({ id: subcuentas.id })
      .from(subcuentas)
      .where(eq(subcuentas.sistema, true));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => system.some((s) => s.id === r.id))).toBe(false);
    expect(rows[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), id_contable: expect.any(String) }),
    );
  });

  it('the demo chart holds every sub-account the mapping books to, marked as system', async () => {
    const rows = await t.db.select().from(subcuentas);
    const ids = [2, 3, 4, 5, 6, 7, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 35, 36];
    for (const id of ids) expect(rows.find((r) => r.id === id)?.sistema, String(id)).toBe(true);
  });
});

describe('pending reconciliations', () => {
  const count = async (url: string) => {
    const res = await get('coordinador', url);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ count: number; results: { id: number }[] }>();
    expect(body.results).toHaveLength(body.count);
    return body;
  };
  const counts = async () => ({
    movimientos: (await count('/api/movimientos-conc/')).count,
    pagos: (await count('/api/pagos/no-link/')).count,
    contratos: (await count('/api/contratos/no-link/')).count,
    fondos: (await count('/api/contratos/no-link/?fondocomun=1')).count,
  });

  it('the demo leaves some of each kind pending', async () => {
    const now = await counts();
    expect(now.movimientos).toBeGreaterThan(0);
    expect(now.pagos).toBeGreaterThan(0);
    expect(now.contratos).toBeGreaterThan(0);
    expect(now.fondos).toBeGreaterThan(0);
  });

  it('each list drops exactly the items a bank movement reconciles', async () => {
    const before = await counts();
    const payments = (await count('/api/pagos/no-link/')).results.slice(0, 2) as unknown as {
      id: number;
      cantidad: string;
    }[];
    const total = payments.reduce((sum, p) => sum + Math.round(Number(p.cantidad) * 100), 0);
    const res = await postBank(t, 'coordinador', {
      referencia_banco: nextReference('P'),
      cantidad: (total / 100).toFixed(2),
      dataType: 'Pagos',
      selectedItems: payments.map((p) => p.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const after = await counts();
    expect(after).toEqual({ ...before, pagos: before.pagos - 2 });
    const left = (await count('/api/pagos/no-link/')).results.map((r) => r.id);
    expect(left).not.toContain(payments[0]!.id);

    const funds = (await count('/api/contratos/no-link/?fondocomun=1')).results.slice(
      0,
      1,
    ) as unknown as {
      id: number;
      monto: string;
    }[];
    const fund = await postBank(t, 'coordinador', {
      referencia_banco: nextReference('F'),
      cantidad: funds[0]!.monto,
      dataType: 'FondosComunes.EjCredito',
      selectedItems: [funds[0]!.id],
    });
    expect(fund.statusCode, fund.body).toBe(201);
    const movements = (await count('/api/movimientos-conc/')).results.slice(0, 1) as unknown as {
      id: number;
      monto: string;
    }[];
    const movement = await postBank(t, 'coordinador', {
      referencia_banco: nextReference('M'),
      cantidad: movements[0]!.monto,
      dataType: 'Movimientos',
      selectedItems: [movements[0]!.id],
    });
    expect(movement.statusCode, movement.body).toBe(201);
    expect(await counts()).toEqual({
      ...after,
      fondos: after.fondos - 1,
      movimientos: after.movimientos - 1,
    });
  });
});

describe('who may call each route', () => {
  const READS = [
    '/api/banco/saldos/',
    '/api/subcuentas/saldos/',
    '/api/subcuentas/',
    '/api/registros-contables.json/',
    '/api/registros-contables-xlsx/',
    '/api/movimientos-conc/',
    '/api/pagos/no-link/',
    '/api/contratos/no-link/',
    '/api/contratos/no-link/?fondocomun=1',
  ];
  const USERS: [string, Role][] = [
    ['socio', 'SO'],
    ['promotor', 'PR'],
    ['coordinador', 'CO'],
    ['gerente', 'GE'],
    ['visitante', 'VI'],
  ];

  it('reads: CO, GE and VI; not SO nor PR', async () => {
    const [record] = (await get('gerente', '/api/registros-contables.json/')).json<
      { id: number }[]
    >();
    const urls = [...READS, `/api/registros-contables/${record!.id}.json`];
    for (const [username, role] of USERS) {
      for (const url of urls) {
        const res = await get(username, url);
        expect(res.statusCode, `${role} ${url}`).toBe(
          ['CO', 'GE', 'VI'].includes(role) ? 200 : 403,
        );
      }
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/banco/saldos/' })).statusCode).toBe(401);
  });

  it('booking: CO and GE; SO, PR and VI get 403 and nothing is written', async () => {
    for (const [username, role] of USERS) {
      const res = await postBank(t, username, {
        referencia_banco: nextReference('W'),
        cantidad: '1.00',
        dataType: 'Otros',
        selectedItems: [44],
        ingrEgr: false,
      });
      expect(res.statusCode, role).toBe(['CO', 'GE'].includes(role) ? 201 : 403);
    }
    const visitor = await postBank(t, 'visitante', {
      cantidad: '1.00',
      dataType: 'Otros',
      selectedItems: [44],
      ingrEgr: false,
    });
    expect(visitor.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
  });
});

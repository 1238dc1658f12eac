/**
 * POST /mov-bancos/ (docs/business-rules.md#bank-reconciliation-and-accounting): each tab books
 * exactly the records of the mapping (sub-account ids and amounts), every refusal writes nothing,
 * malformed bodies are 400s, and a replay with the same Idempotency-Key books once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { movimientosBanco } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import {
  countRows,
  insertBankContract,
  insertMovement,
  insertPayment,
  nextReference,
  postBank,
  recordsOf,
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

interface Created {
  registros_nvos: number;
  movimientoBanco: { id: number; cantidad: string; ingr_egr: boolean; referencia_banco: string };
}

/** Book and answer the created movement's records (as they sit in the database). */
async function book(body: Parameters<typeof postBank>[2]) {
  const res = await postBank(t, 'coordinador', body);
  expect(res.statusCode, res.body).toBe(201);
  const created = res.json<Created>();
  return { created, records: await recordsOf(t.db, created.movimientoBanco.id) };
}

/** Expect a 400 with `fields` and that nothing at all was written. */
async function refused(
  body: Parameters<typeof postBank>[2],
  fields: Record<string, string[]>,
  username = 'coordinador',
) {
  const before = await countRows(t.db);
  const res = await postBank(t, username, body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toEqual(fields);
  expect(await countRows(t.db)).toEqual(before);
}

describe('each tab books the records of the mapping', () => {
  it('Movimientos: contributions go to 17 / 19 / 21 / 23 as income, one record each', async () => {
    const ids = [
      await insertMovement(t.db, {
        clave,
        monto: '100.00',
        aportacion: true,
        ordinario: true,
        proceso: 'CF',
      }),
      await insertMovement(t.db, {
        clave,
        monto: '200.00',
        aportacion: true,
        ordinario: true,
        proceso: 'SL',
      }),
      await insertMovement(t.db, {
        clave,
        monto: '300.50',
        aportacion: true,
        ordinario: false,
        proceso: 'MI',
      }),
      await insertMovement(t.db, {
        clave,
        monto: '400.25',
        aportacion: true,
        ordinario: false,
        proceso: 'SL',
      }),
    ];
    const { created, records } = await book({
      cantidad: '1000.75',
      dataType: 'Movimientos',
      selectedItems: ids,
    });
    expect(created.registros_nvos).toBe(4);
    expect(created.movimientoBanco).toMatchObject({ cantidad: '1000.75', ingr_egr: true });
    expect(records).toEqual([
      expect.objectContaining({ subcuenta: 17, cantidad: '100.00', ingr_egr: true }),
      expect.objectContaining({ subcuenta: 19, cantidad: '200.00', ingr_egr: true }),
      expect.objectContaining({ subcuenta: 21, cantidad: '300.50', ingr_egr: true }),
      expect.objectContaining({ subcuenta: 23, cantidad: '400.25', ingr_egr: true }),
    ]);
    expect(records.map((r) => [r.relacion_sistema, r.aport_retiro])).toEqual(
      ids.map((id) => ['APORTACION', id]),
    );
    expect(records.every((r) => r.fecha === '2024-04-01')).toBe(true);
  });

  it('Movimientos: withdrawals go to 18 / 20 / 22 / 24 as expenses', async () => {
    const specs = [
      [true, 'JA'],
      [true, 'SL'],
      [false, 'CF'],
      [false, 'SL'],
    ] as const;
    const ids: number[] = [];
    for (const [ordinario, proceso] of specs)
      ids.push(
        await insertMovement(t.db, {
          clave,
          monto: '50.00',
          aportacion: false,
          ordinario,
          proceso,
        }),
      );
    const { created, records } = await book({
      cantidad: '200.00',
      dataType: 'Movimientos',
      selectedItems: ids,
    });
    expect(created.movimientoBanco.ingr_egr).toBe(false);
    expect(records.map((r) => [r.subcuenta, r.cantidad, r.ingr_egr, r.relacion_sistema])).toEqual([
      [18, '50.00', false, 'RETIRO'],
      [20, '50.00', false, 'RETIRO'],
      [22, '50.00', false, 'RETIRO'],
      [24, '50.00', false, 'RETIRO'],
    ]);
  });

  it('Pagos, current: capital to 3 (producers) and 5 (workers), interest to 25 and 26; a zero part books nothing', async () => {
    const producers = await insertBankContract(t.db, { clave, proceso: 'CF' });
    const workers = await insertBankContract(t.db, { clave, proceso: 'SL' });
    const p1 = await insertPayment(t.db, {
      credito: producers,
      capital: '1000.00',
      ord: '200.00',
      mor: '0.00',
      estatus_previo: 'VI',
    });
    const p2 = await insertPayment(t.db, {
      credito: workers,
      capital: '500.00',
      ord: '0.00',
      mor: '0.00',
      estatus_previo: 'VI',
    });
    const { created, records } = await book({
      cantidad: '1700.00',
      dataType: 'Pagos',
      selectedItems: [p1, p2],
    });
    expect(created.registros_nvos).toBe(3);
    expect(records.map((r) => [r.pago, r.subcuenta, r.cantidad, r.relacion_sistema])).toEqual([
      [p1, 3, '1000.00', 'CAPITAL'],
      [p1, 25, '200.00', 'INTERES_ORD'],
      [p2, 5, '500.00', 'CAPITAL'],
    ]);
    expect(records.every((r) => r.ingr_egr)).toBe(true);
  });

  it('Pagos, overdue: capital to 6 (producers) and 7 (workers), late interest to 26', async () => {
    const producers = await insertBankContract(t.db, { clave, proceso: 'MI' });
    const workers = await insertBankContract(t.db, { clave, proceso: 'SL' });
    const p1 = await insertPayment(t.db, {
      credito: producers,
      capital: '300.00',
      ord: '20.00',
      mor: '15.50',
      estatus_previo: 'VE',
    });
    const p2 = await insertPayment(t.db, {
      credito: workers,
      capital: '0.00',
      ord: '0.00',
      mor: '40.00',
      estatus_previo: 'VE',
    });
    const p3 = await insertPayment(t.db, {
      credito: workers,
      capital: '100.00',
      ord: '0.00',
      mor: '0.00',
      estatus_previo: 'VE',
    });
    const { records } = await book({
      cantidad: '475.50',
      dataType: 'Pagos',
      selectedItems: [p1, p2, p3],
    });
    expect(records.map((r) => [r.pago, r.subcuenta, r.cantidad])).toEqual([
      [p1, 6, '300.00'],
      [p1, 25, '20.00'],
      [p1, 26, '15.50'],
      [p2, 26, '40.00'],
      [p3, 7, '100.00'],
    ]);
  });

  it('Pagos on a shared fund: capital to 36 whatever its status, interest to 25 and 26', async () => {
    const fund = await insertBankContract(t.db, { clave, proceso: 'SL', fondo_comun: true });
    const p1 = await insertPayment(t.db, {
      credito: fund,
      capital: '800.00',
      ord: '10.00',
      mor: '5.00',
      estatus_previo: 'VE',
    });
    const { records } = await book({ cantidad: '815.00', dataType: 'Pagos', selectedItems: [p1] });
    expect(records.map((r) => [r.subcuenta, r.cantidad])).toEqual([
      [36, '800.00'],
      [25, '10.00'],
      [26, '5.00'],
    ]);
  });

  it('EjCredito: one expense per contract for its amount, producers 2 and workers 4', async () => {
    const producers = await insertBankContract(t.db, { clave, proceso: 'CF', monto: '7000.00' });
    const workers = await insertBankContract(t.db, { clave, proceso: 'SL', monto: '3000.00' });
    const { created, records } = await book({
      cantidad: '10000.00',
      dataType: 'EjCredito',
      selectedItems: [producers, workers],
    });
    expect(created.movimientoBanco.ingr_egr).toBe(false);
    expect(records.map((r) => [r.ej_credito, r.subcuenta, r.cantidad, r.ingr_egr])).toEqual([
      [producers, 2, '7000.00', false],
      [workers, 4, '3000.00', false],
    ]);
  });

  it('FondosComunes.EjCredito: the shared fund goes to 35', async () => {
    const fund = await insertBankContract(t.db, { clave, fondo_comun: true, monto: '2500.00' });
    const { records } = await book({
      cantidad: '2500.00',
      dataType: 'FondosComunes.EjCredito',
      selectedItems: [fund],
    });
    expect(records.map((r) => [r.ej_credito, r.subcuenta, r.cantidad, r.relacion_sistema])).toEqual(
      [[fund, 35, '2500.00', 'EJERCICIO']],
    );
  });

  it('Otros: the whole amount to the chosen sub-account, in or out as ingrEgr says', async () => {
    const income = await book({
      cantidad: '123.45',
      dataType: 'Otros',
      selectedItems: [41],
      ingrEgr: true,
      referencia_alf: 'Intereses de marzo',
    });
    expect(income.records).toEqual([
      expect.objectContaining({
        subcuenta: 41,
        cantidad: '123.45',
        ingr_egr: true,
        relacion_sistema: null,
        aport_retiro: null,
        pago: null,
        ej_credito: null,
      }),
    ]);
    const expense = await book({
      cantidad: '80.00',
      dataType: 'Otros',
      selectedItems: [46],
      ingrEgr: false,
    });
    expect(expense.records.map((r) => [r.subcuenta, r.cantidad, r.ingr_egr])).toEqual([
      [46, '80.00', false],
    ]);
  });
});

describe('refusals write nothing', () => {
  it('a selection that does not add up to cantidad is refused on cantidad, quoting both', async () => {
    const a = await insertMovement(t.db, {
      clave,
      monto: '10.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    const b = await insertMovement(t.db, {
      clave,
      monto: '20.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    await refused(
      { cantidad: '31.00', dataType: 'Movimientos', selectedItems: [a, b] },
      { cantidad: ['Los registros suman $30.00 y la cantidad es $31.00: deben ser iguales.'] },
    );
  });

  it('an item already linked cannot be linked again, on any tab', async () => {
    const m = await insertMovement(t.db, {
      clave,
      monto: '75.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    await book({ cantidad: '75.00', dataType: 'Movimientos', selectedItems: [m] });
    await refused(
      { cantidad: '75.00', dataType: 'Movimientos', selectedItems: [m] },
      { selectedItems: [`El movimiento ${m} ya está conciliado con un registro contable.`] },
    );

    const contract = await insertBankContract(t.db, { clave });
    const p = await insertPayment(t.db, {
      credito: contract,
      capital: '10.00',
      ord: '1.00',
      mor: '0.00',
      estatus_previo: 'VI',
    });
    await book({ cantidad: '11.00', dataType: 'Pagos', selectedItems: [p] });
    await refused(
      { cantidad: '11.00', dataType: 'Pagos', selectedItems: [p] },
      { selectedItems: [`El pago ${p} ya está conciliado con un registro contable.`] },
    );

    await book({ cantidad: '10000.00', dataType: 'EjCredito', selectedItems: [contract] });
    await refused(
      { cantidad: '10000.00', dataType: 'EjCredito', selectedItems: [contract] },
      {
        selectedItems: [
          `El ejercicio del crédito ${contract} ya está conciliado con un registro contable.`,
        ],
      },
    );
  });

  it('out-of-scope items are refused: not disbursed, not a shared fund, a system sub-account, unknown ids', async () => {
    const notDisbursed = await insertBankContract(t.db, { clave, estatus_ejecucion: 'PC' });
    await refused(
      { cantidad: '10000.00', dataType: 'EjCredito', selectedItems: [notDisbursed] },
      {
        selectedItems: [
          `El crédito ${notDisbursed} no está ejercido (estatus de ejecución Por cobrar).`,
        ],
      },
    );
    const regular = await insertBankContract(t.db, { clave });
    await refused(
      { cantidad: '10000.00', dataType: 'FondosComunes.EjCredito', selectedItems: [regular] },
      { selectedItems: [`El crédito ${regular} no es un fondo común.`] },
    );
    await refused(
      { cantidad: '10.00', dataType: 'Otros', selectedItems: [17], ingrEgr: true },
      {
        selectedItems: ['La subcuenta 17 es del sistema: elige una de las subcuentas de Otros.'],
      },
    );
    await refused(
      { cantidad: '10.00', dataType: 'Pagos', selectedItems: [999_999] },
      { selectedItems: ['No existe el pago 999999.'] },
    );
    await refused(
      { cantidad: '10.00', dataType: 'Movimientos', selectedItems: [999_998] },
      { selectedItems: ['No existe el movimiento 999998.'] },
    );
  });

  it('a lower-case reference is refused, not silently upper-cased', async () => {
    const m = await insertMovement(t.db, {
      clave,
      monto: '5.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    await refused(
      {
        referencia_banco: 'dep123',
        cantidad: '5.00',
        dataType: 'Movimientos',
        selectedItems: [m],
      },
      {
        referencia_banco: [
          'La referencia bancaria debe ir en mayúsculas: solo letras mayúsculas y números.',
        ],
      },
    );
    await refused(
      { referencia_banco: 'DEP-1', cantidad: '5.00', dataType: 'Movimientos', selectedItems: [m] },
      { referencia_banco: ['Sólo pueden ser números o letras'] },
    );
  });

  it('a reference already used is refused', async () => {
    const referencia = nextReference('DUP');
    await book({
      referencia_banco: referencia,
      cantidad: '1.00',
      dataType: 'Otros',
      selectedItems: [40],
      ingrEgr: false,
    });
    await refused(
      {
        referencia_banco: referencia,
        cantidad: '1.00',
        dataType: 'Otros',
        selectedItems: [40],
        ingrEgr: false,
      },
      { referencia_banco: [`La referencia bancaria ${referencia} ya está registrada.`] },
    );
  });

  it('contributions and withdrawals are not mixed in one bank movement', async () => {
    const a = await insertMovement(t.db, {
      clave,
      monto: '10.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    const r = await insertMovement(t.db, {
      clave,
      monto: '10.00',
      aportacion: false,
      ordinario: true,
      proceso: 'CF',
    });
    await refused(
      { cantidad: '20.00', dataType: 'Movimientos', selectedItems: [a, r] },
      { selectedItems: ['Aportaciones y retiros no pueden ir en el mismo movimiento bancario.'] },
    );
  });

  it('Otros needs exactly one sub-account, a direction, and one the sub-account admits', async () => {
    await refused(
      { cantidad: '10.00', dataType: 'Otros', selectedItems: [40, 41], ingrEgr: true },
      { selectedItems: ['Selecciona exactamente una subcuenta'] },
    );
    await refused(
      { cantidad: '10.00', dataType: 'Otros', selectedItems: [40] },
      { ingrEgr: ['Campo requerido'] },
    );
    // 40 is an expense-only sub-account (EG).
    await refused(
      { cantidad: '10.00', dataType: 'Otros', selectedItems: [40], ingrEgr: true },
      { ingrEgr: ['Esta subcuenta solo admite egresos.'] },
    );
  });

  it('an empty selection, a future date and out-of-range amounts are field errors', async () => {
    await refused(
      { cantidad: '10.00', dataType: 'Pagos', selectedItems: [] },
      { selectedItems: ['Selecciona al menos un registro'] },
    );
    await refused(
      {
        referencia_banco: nextReference(),
        fecha: '2999-01-01',
        cantidad: '0',
        dataType: 'Pagos',
        selectedItems: [1],
        referencia_alf: 'x'.repeat(61),
      },
      {
        fecha: ['La fecha debe ser hoy o anterior a hoy'],
        cantidad: ['el número debe ser mayor a 0.01'],
        referencia_alf: ['Deben ser máximo 60 caracteres'],
      },
    );
  });

  it('a field the form never sends is refused by name, nothing booked; without it, booked', async () => {
    const id = await insertMovement(t.db, {
      clave,
      monto: '55.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    const body = {
      referencia_banco: nextReference(),
      cantidad: '55.00',
      dataType: 'Movimientos',
      selectedItems: [id],
    };
    await refused(
      { ...body, subcuenta: 17, relacion_sistema: 'x' },
      {
        subcuenta: ['Este campo no se puede modificar'],
        relacion_sistema: ['Este campo no se puede modificar'],
      },
    );
    const { created } = await book(body);
    expect(created.registros_nvos).toBe(1);
  });

  it('malformed bodies of any shape are 400s, never 500s', async () => {
    const shapes: unknown[] = [
      [1, 2],
      'texto',
      { referencia_banco: 5, cantidad: {}, dataType: 'Nada', selectedItems: 'abc' },
      { referencia_banco: 'ABC', cantidad: '1.00', dataType: 'Pagos', selectedItems: [0, -1] },
      {
        referencia_banco: 'ABC',
        cantidad: '1.00',
        dataType: 'Otros',
        selectedItems: [1],
        ingrEgr: 'quizá',
      },
    ];
    for (const payload of shapes) {
      const before = await countRows(t.db);
      const res = await t.as('coordinador', {
        method: 'POST',
        url: '/api/mov-bancos/',
        payload: payload as string,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(await countRows(t.db)).toEqual(before);
    }
  });
});

describe('idempotency', () => {
  it('the same key books once and replays the stored answer; another body under it is a 409', async () => {
    const m = await insertMovement(t.db, {
      clave,
      monto: '42.00',
      aportacion: true,
      ordinario: true,
      proceso: 'CF',
    });
    const body = {
      referencia_banco: nextReference('IDEM'),
      cantidad: '42.00',
      dataType: 'Movimientos',
      selectedItems: [m],
    };
    const key = `bank-${Date.now()}`;
    const first = await postBank(t, 'gerente', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const again = await postBank(t, 'gerente', body, { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const stored = await t.db
      .select()
      .from(movimientosBanco)
      .where(eq(movimientosBanco.referencia_banco, body.referencia_banco));
    expect(stored).toHaveLength(1);

    const other = await postBank(
      t,
      'gerente',
      { ...body, cantidad: '41.00' },
      {
        'idempotency-key': key,
      },
    );
    expect(other.statusCode).toBe(409);
  });
});

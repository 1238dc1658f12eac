/**
 * POST /pagos/ (docs/business-rules.md#payments): every validation in its order with its message,
 * the stored snapshot, the settling payment, bank-data edit while empty, and who may read or write
 * which payments.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { addDays, addMonths } from '#domain/dates';
import { contratos, pagos } from '#server/db/schema';
import { expectExportHeader, PAYMENT_EXPORT_COLUMNS } from '#tests/helpers/export-columns';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { linkedIds } from './bancos-helpers.ts';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { readXlsx } from './members-helpers.ts';

let t: TestApp;
let member1: number;
let member2: number;

beforeAll(async () => {
  t = await makeTestApp();
  member1 = await memberOfRegion(t.db, 1);
  member2 = await memberOfRegion(t.db, 2);
});
afterAll(async () => {
  await t.close();
});

const post = (username: string, body: Record<string, unknown>) =>
  t.as(username, { method: 'POST', url: '/api/pagos/', payload: body });

/** 10,000.00 at 2 % a month, fixed, started exactly three months ago: owes 600.00 interest. */
async function threeMonthLoan(clave = member1): Promise<number> {
  return insertContract(t.db, { clave_socio: clave, fecha_inicio: addMonths(today(), -3) });
}

describe('POST /pagos/ validations, in order', () => {
  it('1. an unknown contract is an error on credito', async () => {
    const res = await post('coordinador', paymentBody(999_999, today(), { capital: '10' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ credito: ['No existe el crédito 999999.'] });
  });

  it('1. a paid contract is refused on credito naming its status, before any date or amount check', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: addMonths(today(), -3),
      estatus: 'PA',
      fecha_final: addDays(today(), -1),
    });
    // The date is before the start and the amount is far above any debt: still only rule 1.
    const res = await post(
      'coordinador',
      paymentBody(id, addMonths(today(), -4), { capital: '99999' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      credito: [`El crédito ${id} no tiene deuda pendiente (estatus Pagado).`],
    });
  });

  it('1. a contract not yet disbursed (execution PC) is refused on credito', async () => {
    const id = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: null,
      tipo_tasa: null,
      estatus_ejecucion: 'PC',
    });
    const res = await post('coordinador', paymentBody(id, today(), { capital: '10' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      credito: [`El crédito ${id} no está ejercido (estatus de ejecución Por cobrar).`],
    });
  });

  it('2. a payment date after today is refused (form rule)', async () => {
    const id = await threeMonthLoan();
    const res = await post('coordinador', paymentBody(id, addDays(today(), 1), { capital: '10' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ fecha_pago: ['La fecha debe ser hoy o anterior a hoy'] });
  });

  it('2. a date before the start is refused naming the start, before the amounts are checked', async () => {
    const id = await threeMonthLoan();
    const start = addMonths(today(), -3);
    const res = await post(
      'coordinador',
      paymentBody(id, addDays(start, -1), { capital: '99999' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_pago: [`La fecha de pago no puede ser anterior al inicio del crédito (${start}).`],
    });
  });

  it('2. a date before the latest recorded payment is refused naming that date', async () => {
    const id = await threeMonthLoan();
    const first = addDays(today(), -10);
    const ok = await post('coordinador', paymentBody(id, first, { capital: '100' }));
    expect(ok.statusCode, ok.body).toBe(201);
    const res = await post('coordinador', paymentBody(id, addDays(first, -1), { capital: '100' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      fecha_pago: [`La fecha de pago no puede ser anterior al último pago registrado (${first}).`],
    });
    // The same day as the latest payment is fine.
    const same = await post('coordinador', paymentBody(id, first, { capital: '100' }));
    expect(same.statusCode, same.body).toBe(201);
  });

  it('4. every part above what is owed is an error on its field quoting both figures', async () => {
    const id = await threeMonthLoan();
    const res = await post(
      'coordinador',
      paymentBody(id, today(), { capital: '10000.01', ord: '600.01', mor: '0.01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      cantidad: ['La cantidad ($10,600.03) es mayor que la deuda total ($10,600.00).'],
      abono_capital: [
        'El abono a capital ($10,000.01) es mayor que el capital por pagar ($10,000.00).',
      ],
      interes_ord: [
        'El interés ordinario ($600.01) es mayor que el interés ordinario adeudado ($600.00).',
      ],
      interes_mor: [
        'El interés moratorio ($0.01) es mayor que el interés moratorio adeudado ($0.00).',
      ],
    });
    // Nothing was stored.
    expect(await t.db.select().from(pagos).where(eq(pagos.credito, id))).toHaveLength(0);
  });

  it('5. cantidad must equal capital + ordinary + late exactly', async () => {
    const id = await threeMonthLoan();
    const res = await post(
      'coordinador',
      paymentBody(id, today(), { capital: '100', ord: '50', cantidad: '150.01' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      cantidad: [
        'La cantidad debe ser igual a capital más interés ordinario más interés moratorio',
      ],
    });
  });

  it('a payment of 0 is invalid and a malformed body is a 400, never a 500', async () => {
    const id = await threeMonthLoan();
    const zero = await post('coordinador', paymentBody(id, today(), {}));
    expect(zero.statusCode).toBe(400);
    expect(zero.json()).toEqual({ cantidad: ['el número debe ser mayor a 0.01'] });
    const junk = await post('coordinador', { credito: 'x', fecha_pago: 5, abono_capital: [] });
    expect(junk.statusCode).toBe(400);
    expect(Object.keys(junk.json() as object).sort()).toEqual(
      expect.arrayContaining(['abono_capital', 'credito', 'fecha_pago']),
    );
  });
});

describe('POST /pagos/ effects', () => {
  it('stores the author, estatus_previo and the debt snapshot; answers 201 with estatus_nuevo', async () => {
    const id = await threeMonthLoan();
    const res = await t.as('promotor', {
      method: 'POST',
      url: '/api/pagos/',
      payload: {
        ...paymentBody(id, today(), { capital: '1000', ord: '600' }),
        fecha_banco: today(),
        referencia_banco: 'REF1',
      },
      headers: { 'x-captured-at': new Date().toISOString() },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<Record<string, unknown>>();
    expect(body).toMatchObject({
      credito: id,
      fecha_pago: today(),
      cantidad: '1600.00',
      abono_capital: '1000.00',
      interes_ord: '600.00',
      interes_mor: '0.00',
      estatus_previo: 'VI',
      estatus_nuevo: 'VI',
      deuda_prev_total: '10600.00',
      deuda_prev_capital: '10000.00',
      deuda_prev_int_ord: '600.00',
      deuda_prev_int_mor: '0.00',
      fecha_banco: today(),
      referencia_banco: 'REF1',
      clave_socio: member1,
      region: 1,
    });
    const [stored] = await t.db
      .select()
      .from(pagos)
      .where(eq(pagos.id, body.id as number));
    expect(stored?.capturado_en).toBeInstanceOf(Date);
    expect(stored?.recibido_en).toBeInstanceOf(Date);
    // The debt afterwards: 9,000.00 capital, no interest left today.
    const debt = await t.as('promotor', {
      method: 'GET',
      url: `/api/contratos/${id}/deuda/?fecha=${today()}`,
    });
    expect(debt.json()).toMatchObject({
      capital_por_pagar: 9000,
      interes_ordinario_deuda: 0,
      total_deuda: 9000,
      capital_abonado: 1000,
      interes_ordinario_abonado: 600,
    });
    // The contract list shows the new paid total.
    const detail = await t.as('promotor', { method: 'GET', url: `/api/contratos/${id}.json` });
    expect(detail.json()).toMatchObject({ pagado: 1600, estatus: 'VI' });
  });

  it('a payment of the whole debt settles the contract: PA, fecha_final, estatus_nuevo PA', async () => {
    const id = await threeMonthLoan();
    // Two days before the third monthly anniversary: two completed months, $400.00 interest.
    const day = addDays(today(), -2);
    const res = await post('gerente', paymentBody(id, day, { capital: '10000', ord: '400' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ estatus_previo: 'VI', estatus_nuevo: 'PA' });
    const [contract] = await t.db.select().from(contratos).where(eq(contratos.id, id));
    expect(contract).toMatchObject({ estatus: 'PA', fecha_final: day });
    // A further payment is refused: nothing is owed any more.
    const again = await post('gerente', paymentBody(id, today(), { capital: '1' }));
    expect(again.json()).toEqual({
      credito: [`El crédito ${id} no tiene deuda pendiente (estatus Pagado).`],
    });
  });

  it('an overdue fixed-rate loan owes late interest and its payment is marked VE', async () => {
    // 6 months started 8 months ago: 8 months ordinary, 2 months late.
    const id = await insertContract(t.db, {
      clave_socio: member1,
      fecha_inicio: addMonths(today(), -8),
    });
    const debt = await t.as('coordinador', { method: 'GET', url: `/api/contratos/${id}/deuda/` });
    expect(debt.json()).toMatchObject({
      estatus_detail: 'VE',
      interes_ordinario_deuda: 1600,
      interes_moratorio_deuda: 600,
      total_deuda: 12200,
    });
    const res = await post('coordinador', paymentBody(id, today(), { mor: '600', ord: '1600' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ estatus_previo: 'VE', estatus_nuevo: 'VE' });
  });
});

describe('PATCH /pagos/{id}.json (bank data)', () => {
  it('sets bank date and reference while empty, then refuses', async () => {
    const id = await threeMonthLoan();
    const created = await post('promotor', paymentBody(id, today(), { capital: '10' }));
    const pago = created.json<{ id: number }>().id;
    const patch = (body: Record<string, unknown>) =>
      t.as('promotor', { method: 'PATCH', url: `/api/pagos/${pago}.json`, payload: body });
    const missing = await patch({ fecha_banco: today() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ referencia_banco: ['Campo requerido'] });
    const ok = await patch({ fecha_banco: today(), referencia_banco: 'BANK42' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: pago, fecha_banco: today(), referencia_banco: 'BANK42' });
    const again = await patch({ fecha_banco: today(), referencia_banco: 'OTHER' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      fecha_banco: [
        `El pago ${pago} ya tiene datos bancarios (fecha ${today()}); no se pueden editar.`,
      ],
    });
  });
});

describe('payments: permissions and region scope', () => {
  it('a promoter reads and pays only in its region; other regions look unknown', async () => {
    const own = await threeMonthLoan(member1);
    const other = await threeMonthLoan(member2);
    const otherPay = await post('coordinador', paymentBody(other, today(), { capital: '5' }));
    const otherId = otherPay.json<{ id: number }>().id;

    const list = await t.as('promotor', { method: 'GET', url: '/api/pagos.json' });
    expect(list.statusCode).toBe(200);
    const rows = list.json<{ id: number; region: number }[]>();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.region === 1)).toBe(true);
    expect(rows.some((r) => r.id === otherId)).toBe(false);

    expect(
      (await t.as('promotor', { method: 'GET', url: `/api/pagos/${otherId}.json` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('promotor2', { method: 'GET', url: `/api/pagos/${otherId}.json` })).statusCode,
    ).toBe(200);
    const edit = await t.as('promotor', {
      method: 'PATCH',
      url: `/api/pagos/${otherId}.json`,
      payload: { fecha_banco: today(), referencia_banco: 'X1' },
    });
    expect(edit.statusCode).toBe(404);

    const foreign = await post('promotor', paymentBody(other, today(), { capital: '5' }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({ credito: [`No existe el crédito ${other}.`] });
    const mine = await post('promotor', paymentBody(own, today(), { capital: '5' }));
    expect(mine.statusCode).toBe(201);
  });

  it('a visitor reads everything and writes nothing; a member reads nothing', async () => {
    const id = await threeMonthLoan(member2);
    const vi = await t.as('visitante', { method: 'GET', url: '/api/pagos.json' });
    expect(vi.statusCode).toBe(200);
    const write = await t.as('visitante', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(id, today(), { capital: '5' }),
    });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toEqual({
      detail: 'Visitantes no tienen permiso de editar o crear contenido.',
    });
    expect((await t.as('socio', { method: 'GET', url: '/api/pagos.json' })).statusCode).toBe(403);
    expect((await post('socio', paymentBody(id, today(), { capital: '5' }))).statusCode).toBe(403);
  });

  it('pagos/no-link lists the payments no accounting record points at; pagosXLSX is a file', async () => {
    const all = await t.as('gerente', { method: 'GET', url: '/api/pagos.json' });
    const noLink = await t.as('gerente', { method: 'GET', url: '/api/pagos/no-link/' });
    expect(noLink.statusCode).toBe(200);
    const body = noLink.json<{ count: number; results: { id: number }[] }>();
    const linked = (await linkedIds(t.db)).pagos;
    const pending = all
      .json<{ id: number }[]>()
      .map((p) => p.id)
      .filter((id) => !linked.has(id));
    expect(body.results.map((p) => p.id).sort()).toEqual(pending.sort());
    expect(body.results).toHaveLength(body.count);
    expect((await t.as('promotor', { method: 'GET', url: '/api/pagos/no-link/' })).statusCode).toBe(
      403,
    );

    const xlsx = await t.as('visitante', { method: 'GET', url: '/api/pagosXLSX/' });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const [header, ...rows] = readXlsx(xlsx.rawPayload);
    expectExportHeader(header, PAYMENT_EXPORT_COLUMNS);
    expect(rows).toHaveLength(all.json<unknown[]>().length);
    expect((await t.as('promotor', { method: 'GET', url: '/api/pagosXLSX/' })).statusCode).toBe(
      403,
    );
  });
});

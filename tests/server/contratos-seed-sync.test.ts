/**
 * The demo contracts and payments (server/db/seed/contracts.ts) and their replication to
 * phones: the seed covers every kind of contract and every stored payment is exactly what
 * POST /pagos/ would have stored; the pull hands contracts and payments out in scope, and a
 * new payment re-sends its contract with the new paid total.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { debtAt, statusAt, type DebtPayment } from '#domain/debt';
import type { PullAnswer } from '#domain/sync-protocol';
import { contratos, pagos } from '#server/db/schema';
import { cents } from '#server/services/credit-records';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { insertContract, memberOfRegion, paymentBody, today } from './contratos-helpers.ts';
import { addMonths } from '#domain/dates';

const listed = z.array(
  z.object({
    id: z.number(),
    estatus: z.string(),
    estatus_ejecucion: z.string(),
    deuda_al_dia: z.object({ capital_por_pagar: z.number(), total_deuda: z.number() }).nullable(),
  }),
);

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo contracts', () => {
  it('has ~150 contracts of every kind and ~400 valid payments', async () => {
    const contracts = await t.db.select().from(contratos).where(isNull(contratos.solicitud));
    // 150 drawn at random and 2 ready to be waived.
    expect(contracts.length).toBe(152);
    const day = today();
    const status = (c: (typeof contracts)[number]) =>
      statusAt(
        {
          ...c,
          monto: cents(c.monto),
          tipo_tasa: c.tipo_tasa,
        },
        day,
      );
    const statuses = new Set(contracts.map(status));
    for (const s of ['VI', 'VE', 'PA', 'CN', 'DP']) expect(statuses, s).toContain(s);
    expect(contracts.some((c) => c.prorroga > 0)).toBe(true);
    expect(contracts.some((c) => c.fondo_comun)).toBe(true);
    expect(contracts.some((c) => c.tipo_tasa === 'VA')).toBe(true);
    expect(contracts.some((c) => c.tipo_tasa === 'FI')).toBe(true);
    expect(contracts.some((c) => c.estatus_ejecucion === 'PC')).toBe(true);

    const payments = await t.db.select().from(pagos).orderBy(asc(pagos.fecha_pago), asc(pagos.id));
    const seeded = new Map(contracts.map((c) => [c.id, c]));
    const mine = payments.filter((p) => seeded.has(p.credito));
    expect(mine.length).toBeGreaterThan(300);
    expect(mine.length).toBeLessThan(600);

    // Replay every contract's payments through the calculator: each snapshot is the debt
    // before it, no part exceeds what was owed, and a PA contract's last payment settles it.
    const before = new Map<number, DebtPayment[]>();
    for (const p of mine) {
      const c = seeded.get(p.credito)!;
      const contract = {
        ...c,
        monto: cents(c.monto),
        estatus: 'DP' as const,
        fecha_final: null,
      };
      const prior = before.get(c.id) ?? [];
      const debt = debtAt(contract, prior, p.fecha_pago)!;
      expect(cents(p.deuda_prev_total)).toBe(debt.total_deuda);
      expect(cents(p.deuda_prev_capital)).toBe(debt.capital_por_pagar);
      expect(cents(p.deuda_prev_int_ord)).toBe(debt.interes_ordinario_deuda);
      expect(cents(p.deuda_prev_int_mor)).toBe(debt.interes_moratorio_deuda);
      expect(cents(p.abono_capital)).toBeLessThanOrEqual(debt.capital_por_pagar);
      expect(cents(p.interes_ord)).toBeLessThanOrEqual(debt.interes_ordinario_deuda);
      expect(cents(p.interes_mor)).toBeLessThanOrEqual(debt.interes_moratorio_deuda);
      if (c.estatus === 'PA' && p.fecha_pago === c.fecha_final) {
        expect(cents(p.cantidad)).toBe(debt.total_deuda);
      }
      prior.push({
        fecha_pago: p.fecha_pago,
        cantidad: cents(p.cantidad),
        abono_capital: cents(p.abono_capital),
        interes_ord: cents(p.interes_ord),
        interes_mor: cents(p.interes_mor),
        deuda_prev_int_ord: cents(p.deuda_prev_int_ord),
        deuda_prev_int_mor: cents(p.deuda_prev_int_mor),
        orden: p.id,
      });
      before.set(c.id, prior);
    }
  });

  it('has contracts a manager can waive today, and the waiver goes through', async () => {
    const res = await t.as('gerente', { method: 'GET', url: '/api/contratos/all.json' });
    const list = listed.parse(res.json());
    // docs/business-rules.md#waiver: with debt (the list says its status today: current or
    // overdue), collected, no capital left, interest still owed.
    const waivable = list.filter(
      (c) =>
        (c.estatus === 'VI' || c.estatus === 'VE') &&
        c.estatus_ejecucion === 'CO' &&
        c.deuda_al_dia?.capital_por_pagar === 0 &&
        c.deuda_al_dia.total_deuda > 0,
    );
    expect(waivable.length).toBeGreaterThanOrEqual(2);
    const first = waivable[0]!;
    const waived = await t.as('gerente', {
      method: 'POST',
      url: '/api/condonaciones/',
      payload: { credito: first.id, justificacion: 'Pérdida de cosecha' },
    });
    expect(waived.statusCode, waived.body).toBe(201);
  });
});

describe('pull of contratos and pagos', () => {
  async function pullAll(username: string, cursor = '') {
    const pages: PullAnswer[] = [];
    for (;;) {
      const res = await t.as(username, {
        method: 'GET',
        url: `/api/sync/pull/?cursor=${cursor}&limit=5000`,
      });
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      const answer = res.json<PullAnswer>();
      pages.push(answer);
      cursor = answer.cursor;
      if (!answer.hasMore) break;
    }
    const rows = <T>(table: string) => pages.flatMap((p) => (p.changes[table] ?? []) as T[]);
    return { rows, cursor };
  }

  it('replicates contracts and payments in scope, in the list shapes', async () => {
    const office = await pullAll('visitante');
    const all = office.rows<{ id: number; region: number }>('contratos');
    const list = await t.as('visitante', { method: 'GET', url: '/api/contratos/all/' });
    const funds = await t.as('visitante', {
      method: 'GET',
      url: '/api/contratos/all/?fondocomun=1',
    });
    expect(all.length).toBe(list.json<unknown[]>().length + funds.json<unknown[]>().length);
    expect(office.rows('pagos').length).toBeGreaterThan(300);

    const promoter = await pullAll('promotor');
    const own = promoter.rows<{ id: number; region: number; deuda_al_dia: unknown }>('contratos');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.region === 1)).toBe(true);
    const ownPayments = promoter.rows<{ region: number; deuda_prev_int_ord: string }>('pagos');
    expect(ownPayments.length).toBeGreaterThan(0);
    expect(ownPayments.every((p) => p.region === 1)).toBe(true);
    const socio = await pullAll('socio');
    expect(socio.rows('contratos')).toEqual([]);
    expect(socio.rows('pagos')).toEqual([]);

    // A new payment reaches the promoter's next delta together with its re-sent contract.
    const member = await memberOfRegion(t.db, 1);
    const id = await insertContract(t.db, {
      clave_socio: member,
      fecha_inicio: addMonths(today(), -3),
    });
    const mid = await pullAll('promotor', promoter.cursor);
    expect(mid.rows<{ id: number }>('contratos').map((r) => r.id)).toEqual([id]);
    const pay = await t.as('promotor', {
      method: 'POST',
      url: '/api/pagos/',
      payload: paymentBody(id, today(), { capital: '100', ord: '600' }),
    });
    expect(pay.statusCode).toBe(201);
    const delta = await pullAll('promotor', mid.cursor);
    expect(delta.rows<{ credito: number }>('pagos').map((p) => p.credito)).toEqual([id]);
    expect(delta.rows('contratos')).toEqual([
      expect.objectContaining({ id, pagado: 700, estatus_contrato: 'DP' }),
    ]);
  });
});

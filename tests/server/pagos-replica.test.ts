/**
 * What the phone computes offline from its replica equals what the server answers: the pulled
 * contracts and payments of the demo cooperative, read through #domain/credit-replica (the
 * payment form's debt lookup and the /carteras screen), give the figures of
 * GET /contratos/{id}/deuda/?fecha= and GET /contratos/carteras/?detail=1&date=.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  replicaDebtAt,
  type ContractReplicaRow,
  type PaymentReplicaRow,
} from '#domain/credit-replica';
import { addDays } from '#domain/dates';
import type { PullAnswer } from '#domain/sync-protocol';
import { carteraAt } from '#features/carteras/cartera-figures.ts';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { today } from './contratos-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function replicaOf(username: string) {
  const pages: PullAnswer[] = [];
  let cursor = '';
  for (;;) {
    const res = await t.as(username, {
      method: 'GET',
      url: `/api/sync/pull/?cursor=${cursor}&limit=5000`,
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<PullAnswer>();
    pages.push(answer);
    cursor = answer.cursor;
    if (!answer.hasMore) break;
  }
  const rows = <T>(table: string) => pages.flatMap((p) => (p.changes[table] ?? []) as T[]);
  return {
    contracts: rows<ContractReplicaRow>('contratos'),
    payments: rows<PaymentReplicaRow>('pagos'),
  };
}

const pesos = (cents: number) => cents / 100;

describe('the phone and the server agree', { timeout: 60_000 }, () => {
  it('the offline debt lookup gives GET /contratos/{id}/deuda/ for every pending contract', async () => {
    const { contracts, payments } = await replicaOf('coordinador');
    const pending = contracts.filter(
      (c) => c.estatus_contrato === 'DP' && c.estatus_ejecucion === 'CO' && c.fecha_inicio,
    );
    expect(pending.length).toBeGreaterThan(20);
    const day = today();
    for (const c of pending) {
      // Today and a past date after the start (payments after it must not count).
      for (const fecha of [day, addDays(c.fecha_inicio!, 45)]) {
        if (fecha > day) continue;
        const res = await t.as('coordinador', {
          method: 'GET',
          url: `/api/contratos/${c.id}/deuda/?fecha=${fecha}`,
        });
        expect(res.statusCode).toBe(200);
        const mine = replicaDebtAt(c, payments, fecha)!;
        const server = res.json<Record<string, unknown>>();
        expect(
          {
            fecha: mine.fecha,
            estatus_detail: mine.estatus_detail,
            capital_por_pagar: pesos(mine.capital_por_pagar),
            interes_ordinario_deuda: pesos(mine.interes_ordinario_deuda),
            interes_moratorio_deuda: pesos(mine.interes_moratorio_deuda),
            total_deuda: pesos(mine.total_deuda),
            total_abonado: pesos(mine.total_abonado),
          },
          `contract ${c.id} at ${fecha}`,
        ).toEqual({
          fecha: server.fecha,
          estatus_detail: server.estatus_detail,
          capital_por_pagar: server.capital_por_pagar,
          interes_ordinario_deuda: server.interes_ordinario_deuda,
          interes_moratorio_deuda: server.interes_moratorio_deuda,
          total_deuda: server.total_deuda,
          total_abonado: server.total_abonado,
        });
      }
    }
  });

  it('/carteras from the replica gives GET /contratos/carteras/ on several dates, office and promoter', async () => {
    const day = today();
    for (const username of ['coordinador', 'promotor']) {
      const { contracts, payments } = await replicaOf(username);
      for (const date of [day, addDays(day, -30), addDays(day, -200), addDays(day, -400)]) {
        const res = await t.as(username, {
          method: 'GET',
          url: `/api/contratos/carteras/?detail=1&date=${date}`,
        });
        expect(res.statusCode).toBe(200);
        const server = res.json<{
          vigentes_total: number;
          vigentes_count: number;
          vencidos_total: number;
          vencidos_count: number;
          vencidosLT30: { count: number; total: number };
          vencidos30to6M: { count: number; total: number };
          vencidosGT6M: { count: number; total: number };
          vigentes: { id: number; capital: number }[];
          vencidos: { id: number; capital: number; dias_vencidos: number }[];
        }>();
        const mine = carteraAt(contracts, payments, date);
        const band = (b: { count: number; total: number }) => ({
          count: b.count,
          total: pesos(b.total),
        });
        const where = `${username} at ${date}`;
        expect(
          {
            vigentes_total: pesos(mine.totals.vigentes_total),
            vigentes_count: mine.totals.vigentes_count,
            vencidos_total: pesos(mine.totals.vencidos_total),
            vencidos_count: mine.totals.vencidos_count,
            vencidosLT30: band(mine.totals.vencidosLT30),
            vencidos30to6M: band(mine.totals.vencidos30to6M),
            vencidosGT6M: band(mine.totals.vencidosGT6M),
          },
          where,
        ).toEqual({
          vigentes_total: server.vigentes_total,
          vigentes_count: server.vigentes_count,
          vencidos_total: server.vencidos_total,
          vencidos_count: server.vencidos_count,
          vencidosLT30: server.vencidosLT30,
          vencidos30to6M: server.vencidos30to6M,
          vencidosGT6M: server.vencidosGT6M,
        });
        const ids = (list: { id: number }[]) => list.map((l) => l.id).sort((a, b) => a - b);
        expect(ids(mine.vigentes), where).toEqual(ids(server.vigentes));
        expect(ids(mine.vencidos), where).toEqual(ids(server.vencidos));
        expect(mine.totals.vigentes_count + mine.totals.vencidos_count, where).toBeGreaterThan(0);
      }
    }
  });
});

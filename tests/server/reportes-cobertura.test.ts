/**
 * The visit coverage report (docs/community-visit.md#coverage) over a community made for the
 * test through the API: its members created by the coordinator, marks and payments sent by the
 * promoters as their phones send them, in months the demo data leaves empty (2019). Every
 * expected figure is worked out here by hand from the contracts' terms (2 % a month on the
 * original amount, 3 % late, docs/business-rules.md#debt-arithmetic), never by the report's code.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { addDays } from '#domain/dates';
import { coverageRowSchema } from '#domain/reports/shapes';
import { users } from '#server/db/schema';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { expectSheetSettings, FORMATS, readSheet, type TypedCell } from '#tests/helpers/xlsx-cells';
import { insertContract, paymentBody, today } from './contratos-helpers.ts';
import { membersOf } from './acopios-movimientos-helpers.ts';
import { demoCallers, validMemberBody } from './members-helpers.ts';

const PERIOD = 'desde=2019-01&hasta=2019-04';

let t: TestApp;
let promoter = 0;
let promoter2 = 0;
let region = 0;
let community = 0;
const member = { a: 0, b: 0, c: 0 };
let otherMember = 0;
let loanC = 0;
let keys = 0;

const answerSchema = z.object({
  desde: z.string(),
  hasta: z.string(),
  filas: z.array(coverageRowSchema),
});

async function report(query: string, who = 'coordinador') {
  const res = await t.as(who, { method: 'GET', url: `/api/reportes/cobertura/?${query}` });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return answerSchema.parse(res.json()).filas;
}

function send(who: string, url: string, payload: Record<string, unknown>) {
  return t.as(who, {
    method: 'POST',
    url,
    payload,
    headers: {
      'idempotency-key': `coverage-${++keys}`,
      'x-captured-at': new Date().toISOString(),
    },
  });
}

async function mark(who: string, clave: number, fecha: string, tipo: string, promesa?: string) {
  const res = await send(who, '/api/visitas/', {
    clave_socio: clave,
    fecha,
    tipo,
    ...(promesa !== undefined && { fecha_promesa: promesa }),
  });
  expect(res.statusCode, res.body).toBe(201);
}

async function pay(who: string, credito: number, fecha: string, capital: string, ord = '0') {
  const res = await send(who, '/api/pagos/', paymentBody(credito, fecha, { capital, ord }));
  expect(res.statusCode, res.body).toBe(201);
}

async function userOf(username: string) {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const caller = (await demoCallers(t)).find((c) => c.username === username);
  return { id: row!.id, region: caller!.region };
}

beforeAll(async () => {
  t = await makeTestApp();
  const p1 = await userOf('promotor');
  const p2 = await userOf('promotor2');
  promoter = p1.id;
  promoter2 = p2.id;
  region = p1.region!;
  expect(p2.region).not.toBe(region);

  const made = await t.as('coordinador', {
    method: 'POST',
    url: '/api/comunidades/',
    payload: { nombre_de_comunidad: 'Cobertura de prueba', region },
  });
  expect(made.statusCode, made.body).toBe(201);
  community = z.object({ id: z.number() }).parse(made.json()).id;
  const base = await validMemberBody(t, region);
  for (const [i, key] of (['a', 'b', 'c'] as const).entries()) {
    const res = await t.as('coordinador', {
      method: 'POST',
      url: '/api/socios/',
      payload: { ...base, comunidad: community, curp: null, nombres: `Cobertura ${i + 1}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    member[key] = z.object({ clave_socio: z.number() }).parse(res.json()).clave_socio;
  }
  otherMember = (await membersOf(t, p2.region!))[0]!.clave;

  // A: 10,000 due 2019-03-10 (3 months). B: 10,000 due 2018-12-15 (6 months), overdue.
  // C: starts 2019-02-01, due in August. Shared funds and other communities never count.
  const loanA = await insertContract(t.db, {
    clave_socio: member.a,
    fecha_inicio: '2018-12-10',
    plazo: 3,
  });
  const loanB = await insertContract(t.db, {
    clave_socio: member.b,
    fecha_inicio: '2018-06-15',
    plazo: 6,
  });
  loanC = await insertContract(t.db, {
    clave_socio: member.c,
    fecha_inicio: '2019-02-01',
    plazo: 6,
  });

  // February: the promoter collects 1,000 of capital from B.
  await pay('promotor', loanB, '2019-02-20', '1000.00');
  // March 5th: A promises to pay by the 12th, B by the 20th, C did not come.
  await mark('promotor', member.a, '2019-03-05', 'promesa', '2019-03-12');
  await mark('promotor', member.b, '2019-03-05', 'promesa', '2019-03-20');
  await mark('promotor', member.c, '2019-03-05', 'ausente');
  // March 11th: A pays 5,600 (kept). B pays only on the 25th, at the office (broken; the
  // coordinator is not a promoter, so no row of its own).
  await pay('promotor', loanA, '2019-03-11', '5000.00', '600.00');
  await pay('coordinador', loanB, '2019-03-25', '500.00');
  // The second promoter visits one member of its own region in March.
  await mark('promotor2', otherMember, '2019-03-07', 'visitado');
});
afterAll(async () => {
  await t.close();
});

describe('GET /reportes/cobertura/', () => {
  it('per promoter and month: visits, members, collected against due, promises', async () => {
    const rows = (await report(PERIOD)).filter((r) => r.promotor === promoter);
    expect(rows).toEqual([
      {
        mes: '2019-02',
        promotor: promoter,
        nombre_promotor: expect.any(String),
        comunidades: 1,
        visitas: 1,
        socios_vistos: 1,
        ausentes: 0,
        cobrado: 100_000,
        // B on Feb 1st: 10,000 + 7 months at 2 % (1,400) + 1 month late at 3 % (300).
        por_cobrar: 1_170_000,
        cobertura: 8.55,
        promesas: 0,
        cumplidas: 0,
        incumplidas: 0,
        pendientes: 0,
      },
      {
        mes: '2019-03',
        promotor: promoter,
        nombre_promotor: expect.any(String),
        comunidades: 1,
        // The 5th (marks) and the 11th (A's payment).
        visitas: 2,
        socios_vistos: 2,
        ausentes: 1,
        cobrado: 560_000,
        // A on its due date: 10,000 + 3 × 200 = 10,600. B on March 1st, after February's
        // 1,000: 9,000 + 8 × 200 + 2 × 300 = 11,200. C falls due in August.
        por_cobrar: 2_180_000,
        cobertura: 25.69,
        promesas: 2,
        cumplidas: 1,
        incumplidas: 1,
        pendientes: 0,
      },
    ]);
    const march2 = (await report(PERIOD)).filter((r) => r.promotor === promoter2);
    expect(march2).toMatchObject([
      { mes: '2019-03', comunidades: 1, socios_vistos: 1, cobrado: 0, promesas: 0 },
    ]);
  });

  it('the office reads it; a promoter does not', async () => {
    for (const who of ['gerente', 'visitante']) expect(await report(PERIOD, who)).not.toEqual([]);
    const refused = await t.as('promotor', {
      method: 'GET',
      url: `/api/reportes/cobertura/?${PERIOD}`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('filters by promoter and by the member’s region', async () => {
    const second = await report(`${PERIOD}&promotor=${promoter2}`);
    expect(second.map((r) => [r.mes, r.promotor])).toEqual([['2019-03', promoter2]]);
    const ofRegion = await report(`${PERIOD}&region=${region}`);
    expect(ofRegion.map((r) => [r.mes, r.promotor])).toEqual([
      ['2019-02', promoter],
      ['2019-03', promoter],
    ]);
  });

  it('a promise whose day has not come is pending; paid by then, it is kept', async () => {
    const month = today().slice(0, 7);
    await mark('promotor', member.c, today(), 'promesa', addDays(today(), 5));
    const query = `desde=${month}&hasta=${month}&promotor=${promoter}`;
    expect(await report(query)).toMatchObject([
      { mes: month, promesas: 1, cumplidas: 0, incumplidas: 0, pendientes: 1 },
    ]);
    await pay('promotor', loanC, today(), '100.00');
    expect(await report(query)).toMatchObject([
      { mes: month, promesas: 1, cumplidas: 1, incumplidas: 0, pendientes: 0 },
    ]);
  });

  it('the spreadsheet holds the answer’s rows as typed cells', async () => {
    const rows = await report(`${PERIOD}&region=${region}`, 'gerente');
    const file = await t.as('gerente', {
      method: 'GET',
      url: `/api/reportes/coberturaXLSX?${PERIOD}&region=${region}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain('reporte-cobertura-2019-01-2019-04');
    const read = readSheet(file.rawPayload);
    expectSheetSettings(read, rows.length);
    const int = (v: number): TypedCell => ({ t: 'n', v, z: FORMATS.integer });
    const money = (cents: number): TypedCell => ({ t: 'n', v: cents / 100, z: FORMATS.money });
    expect(read.header.slice(0, 3)).toEqual(['mes', 'promotor', 'nombre_promotor']);
    expect(read.rows[1]).toEqual([
      // 2019-03-01 as a date serial shown as its month.
      { t: 'n', v: 43525, z: 'yyyy-mm' },
      int(promoter),
      { t: 's', v: rows[1]!.nombre_promotor },
      int(1),
      int(2),
      int(2),
      int(1),
      money(560_000),
      money(2_180_000),
      { t: 'n', v: 0.2569, z: FORMATS.percent },
      int(2),
      int(1),
      int(1),
      int(0),
    ]);
  });
});

/**
 * Demo collections (acopios) over five years and contributions/withdrawals (movimientos):
 * ~3,000 collections and ~800 movements for the demo set (×10 for `large`, since members are).
 * Coffee in the harvest months and honey in spring, both weighed; soap and salaries without
 * kilos. Withdrawals never take a balance below zero. Its own PRNG stream, so the rows do not
 * change when generators before it draw more or fewer numbers.
 */
import { asc } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import { centsToDecimalString } from '#domain/money';
import { acopios, movimientos, socios } from '#server/db/schema';
import { insertChunked, type SeedContext } from './context.ts';
import { createRng, randomDate, type Rng } from './prng.ts';

const SEED = 7_202_507;
/** Same fixed horizon as the members, so the seed never depends on the day it runs. */
const FIRST_DATE = '2020-07-01';
const LAST_DATE = '2025-06-30';
const YEARS = [2020, 2021, 2022, 2023, 2024, 2025];

interface Member {
  clave: number;
  statuses: Record<Process, string>;
}

/** [first month, last month] of the season a product is usually delivered in. */
const SEASON: Record<Process, [number, number]> = {
  CF: [11, 16], // November to April (months past 12 wrap into the next year)
  MI: [3, 6],
  JA: [1, 12],
  SL: [1, 12],
};

function clampToRange(date: string): string | null {
  return date < FIRST_DATE || date > LAST_DATE ? null : date;
}

function seasonDate(rng: Rng, product: Process, year: number): string | null {
  const [from, to] = SEASON[product];
  const month = rng.int(from, to);
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  const mm = String(m).padStart(2, '0');
  return clampToRange(randomDate(rng, `${y}-${mm}-01`, `${y}-${mm}-28`));
}

/** Kilos (hundredths) and price per kilo (cents) of one weighed delivery. */
function weighed(rng: Rng, product: 'CF' | 'MI') {
  const hundredths = product === 'CF' ? rng.int(30_00, 1_200_00) : rng.int(15_00, 400_00);
  const pricePerKg = product === 'CF' ? rng.int(45_00, 95_00) : rng.int(40_00, 75_00);
  return { hundredths, ingreso: Math.max(1, Math.round((hundredths * pricePerKg) / 100)) };
}

function acopioRow(rng: Rng, clave: number, product: Process, fecha: string) {
  if (product === 'CF' || product === 'MI') {
    const { hundredths, ingreso } = weighed(rng, product);
    return {
      clave_socio: clave,
      fecha,
      tipo_de_producto: product,
      ingreso: centsToDecimalString(ingreso),
      kilos_de_producto: centsToDecimalString(hundredths),
    };
  }
  const ingreso = product === 'JA' ? rng.int(200_00, 5_000_00) : rng.int(1_500_00, 12_000_00);
  return {
    clave_socio: clave,
    fecha,
    tipo_de_producto: product,
    ingreso: centsToDecimalString(ingreso),
    kilos_de_producto: null,
  };
}

/** Deliveries per year of a member's process: active members deliver, former ones rarely. */
function deliveriesInYear(rng: Rng, status: string): number {
  if (status === 'AC')
    return rng.weighted([
      [0, 0.2],
      [1, 0.6],
      [2, 0.2],
    ]);
  if (status === 'BA') return rng.chance(0.25) ? 1 : 0;
  return 0;
}

function seedAcopios(rng: Rng, members: Member[]) {
  const rows = [];
  for (const member of members) {
    for (const product of ['CF', 'MI', 'JA', 'SL'] as const) {
      for (const year of YEARS) {
        const n = deliveriesInYear(rng, member.statuses[product]);
        for (let k = 0; k < n; k++) {
          const fecha = seasonDate(rng, product, year);
          if (fecha) rows.push(acopioRow(rng, member.clave, product, fecha));
        }
      }
    }
  }
  return rows;
}

const REFERENCE_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

function bankReference(rng: Rng): string {
  let out = '';
  for (let k = 0; k < 10; k++) out += REFERENCE_CHARS[rng.int(0, REFERENCE_CHARS.length - 1)];
  return out;
}

function addDays(iso: string, days: number): string {
  const date = new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000);
  const out = date.toISOString().slice(0, 10);
  return out > LAST_DATE ? LAST_DATE : out;
}

/**
 * Contributions for about 60% of the members active somewhere, in date order, with a few
 * withdrawals that never exceed the running balance. Cash movements carry no bank data (some
 * stay editable), bank deposits and transfers carry both.
 */
function seedMovements(rng: Rng, members: Member[]) {
  const rows = [];
  for (const member of members) {
    const active = (['CF', 'MI', 'JA', 'SL'] as const).filter((p) => member.statuses[p] === 'AC');
    if (active.length === 0 || !rng.chance(0.6)) continue;
    const dates = Array.from({ length: rng.int(1, 5) }, () =>
      randomDate(rng, FIRST_DATE, LAST_DATE),
    ).sort();
    let balance = 0;
    for (const fecha of dates) {
      const withdraw = balance > 500_00 && rng.chance(0.3);
      const monto = withdraw
        ? rng.int(100_00, Math.min(balance, 3_000_00))
        : rng.int(100_00, 5_000_00);
      balance += withdraw ? -monto : monto;
      const tipo = rng.weighted([
        ['EF', 0.5],
        ['BA', 0.3],
        ['TR', 0.2],
      ] as const);
      const bank = tipo !== 'EF';
      rows.push({
        clave_socio: member.clave,
        fecha_entrega: fecha,
        monto: centsToDecimalString(monto),
        proceso: rng.pick(active),
        aportacion: !withdraw,
        ordinario: rng.chance(0.85),
        tipo_de_movimiento: tipo,
        fecha_banco: bank ? addDays(fecha, rng.int(0, 10)) : null,
        referencia_banco: bank ? bankReference(rng) : null,
        responsable_entrega: rng.chance(0.4) ? 'Comité comunitario' : null,
      });
    }
  }
  return rows;
}

/** Oldest first; equal dates keep generation order (sort is stable). */
const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function seedDeliveries(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const members: Member[] = (
    await ctx.db
      .select({
        clave: socios.clave_socio,
        CF: socios.estatus_cafe,
        MI: socios.estatus_miel,
        JA: socios.estatus_yip,
        SL: socios.estatus_trabajador,
      })
      .from(socios)
      .orderBy(asc(socios.clave_socio))
  ).map((m) => ({ clave: m.clave, statuses: { CF: m.CF, MI: m.MI, JA: m.JA, SL: m.SL } }));
  const acopioRows = seedAcopios(rng, members).sort((a, b) => byDate(a.fecha, b.fecha));
  await insertChunked(acopioRows, (chunk) =>
    ctx.db.insert(acopios).values(chunk).returning({ id: acopios.id }),
  );
  const movementRows = seedMovements(rng, members).sort((a, b) =>
    byDate(a.fecha_entrega, b.fecha_entrega),
  );
  await insertChunked(movementRows, (chunk) =>
    ctx.db.insert(movimientos).values(chunk).returning({ id: movimientos.id }),
  );
}

/**
 * Demo collections (acopios) over five years and contributions/withdrawals (movimientos):
 * ~3,000 collections and ~800 movements for the demo set (×10 for `large`, since members are;
 * `xl` has ×10 members again over ten years, each from the day it joined).
 * Coffee in the harvest months and honey in spring, both weighed; soap and salaries without
 * kilos. Withdrawals never take a balance below zero. Its own PRNG stream, so the rows do not
 * change when generators before it draw more or fewer numbers.
 */
import { asc } from 'drizzle-orm';
import type { Process } from '#domain/codes';
import { centsToDecimalString } from '#domain/money';
import { acopios, movimientos, socios } from '#server/db/schema';
import type { SeedContext } from './context.ts';
import { bulkInsert } from './bulk.ts';
import { createRng, randomDate, type Rng } from './prng.ts';

const SEED = 7_202_507;
/** Same fixed horizon as the members, so the seed never depends on the day it runs. */
const LAST_DATE = '2025-06-30';
const LAST_YEAR = 2025;

/** The history's window: `years` back from LAST_DATE (five for demo and large, ten for xl). */
interface Horizon {
  firstDate: string;
  years: number[];
  /** Ten years of history (xl): members deliver from the year they joined, and less often. */
  long: boolean;
}

function horizonOf(years: number): Horizon {
  const first = LAST_YEAR - years;
  return {
    firstDate: `${first}-07-01`,
    years: Array.from({ length: years + 1 }, (_, i) => first + i),
    long: years > 5,
  };
}

interface Member {
  clave: number;
  statuses: Record<Process, string>;
  /** Day the member joined the cooperative. */
  joined: string;
}

/** [first month, last month] of the season a product is usually delivered in. */
const SEASON: Record<Process, [number, number]> = {
  CF: [11, 16], // November to April (months past 12 wrap into the next year)
  MI: [3, 6],
  JA: [1, 12],
  SL: [1, 12],
};

function clampToRange(date: string, horizon: Horizon): string | null {
  return date < horizon.firstDate || date > LAST_DATE ? null : date;
}

function seasonDate(rng: Rng, product: Process, year: number, horizon: Horizon): string | null {
  const [from, to] = SEASON[product];
  const month = rng.int(from, to);
  const y = year + Math.floor((month - 1) / 12);
  const m = ((month - 1) % 12) + 1;
  const mm = String(m).padStart(2, '0');
  return clampToRange(randomDate(rng, `${y}-${mm}-01`, `${y}-${mm}-28`), horizon);
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

/**
 * Deliveries per year of a member's process: active members deliver, former ones rarely. Over
 * ten years (xl) a member skips more seasons (harvests fail, families work elsewhere some years),
 * so the set keeps ~5 deliveries per member as the five-year sets do.
 */
function deliveriesInYear(rng: Rng, status: string, long: boolean): number {
  if (status === 'AC')
    return long
      ? rng.weighted([
          [0, 0.4],
          [1, 0.48],
          [2, 0.12],
        ])
      : rng.weighted([
          [0, 0.2],
          [1, 0.6],
          [2, 0.2],
        ]);
  if (status === 'BA') return rng.chance(long ? 0.15 : 0.25) ? 1 : 0;
  return 0;
}

function seedAcopios(rng: Rng, members: Member[], horizon: Horizon) {
  const rows = [];
  for (const member of members) {
    for (const product of ['CF', 'MI', 'JA', 'SL'] as const) {
      for (const year of horizon.years) {
        // Ten years back reach before many members joined: nobody delivers before joining.
        if (horizon.long && year < Number(member.joined.slice(0, 4))) continue;
        const n = deliveriesInYear(rng, member.statuses[product], horizon.long);
        for (let k = 0; k < n; k++) {
          const fecha = seasonDate(rng, product, year, horizon);
          if (fecha && (!horizon.long || fecha >= member.joined))
            rows.push(acopioRow(rng, member.clave, product, fecha));
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
function seedMovements(rng: Rng, members: Member[], horizon: Horizon) {
  const rows = [];
  for (const member of members) {
    const active = (['CF', 'MI', 'JA', 'SL'] as const).filter((p) => member.statuses[p] === 'AC');
    if (active.length === 0 || !rng.chance(0.6)) continue;
    const dates = Array.from({ length: rng.int(1, 5) }, () =>
      randomDate(rng, firstDay(member, horizon), LAST_DATE),
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

/** A member's first possible movement: the history's start, or the day it joined (xl). */
function firstDay(member: Member, horizon: Horizon): string {
  return horizon.long && member.joined > horizon.firstDate ? member.joined : horizon.firstDate;
}

/** Oldest first; equal dates keep generation order (sort is stable). */
const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export async function seedDeliveries(ctx: SeedContext): Promise<void> {
  const rng = createRng(SEED);
  const horizon = horizonOf(ctx.years);
  const members: Member[] = (
    await ctx.db
      .select({
        clave: socios.clave_socio,
        CF: socios.estatus_cafe,
        MI: socios.estatus_miel,
        JA: socios.estatus_yip,
        SL: socios.estatus_trabajador,
        joined: socios.fecha_ingr_yomol_atel,
      })
      .from(socios)
      .orderBy(asc(socios.clave_socio))
  ).map((m) => ({
    clave: m.clave,
    statuses: { CF: m.CF, MI: m.MI, JA: m.JA, SL: m.SL },
    joined: m.joined ?? horizon.firstDate,
  }));
  const acopioRows = seedAcopios(rng, members, horizon).sort((a, b) => byDate(a.fecha, b.fecha));
  await bulkInsert(ctx.db, acopios, acopioRows);
  const movementRows = seedMovements(rng, members, horizon).sort((a, b) =>
    byDate(a.fecha_entrega, b.fecha_entrega),
  );
  await bulkInsert(ctx.db, movimientos, movementRows);
}

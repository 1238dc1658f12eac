/** ~600 members (×10 for `large`) with realistic names, dates, statuses and documents. */
import { socios } from '#server/db/schema';
import { present } from '#domain/guards';
import { addYears, maxDate, minDate, randomDate, type Rng } from './prng.ts';
import { FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names.ts';
import type { SeedContext } from './context.ts';
import { bulkInsert, takeIds } from './bulk.ts';

const MEMBERS = 600;
/** Latest date the demo data uses, so the seed never depends on the day it runs. */
const LAST_DATE = '2025-06-30';

type Status = 'AC' | 'NP' | 'BA';

function status(rng: Rng, active: number, inactive: number): Status {
  return rng.weighted<Status>([
    ['AC', active],
    ['BA', inactive],
    ['NP', 1 - active - inactive],
  ]);
}

const plain = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');

/** A CURP-shaped key built from the person's data (not a real person's CURP). */
function curpFor(
  rng: Rng,
  nombre: string,
  paterno: string,
  materno: string,
  birth: string,
  genero: string,
): string {
  const p = plain(paterno);
  const m = plain(materno) || 'X';
  const n = plain(nombre);
  const vowel = p.slice(1).match(/[AEIOU]/)?.[0] ?? 'X';
  const inner = (s: string) => s.slice(1).match(/[^AEIOU]/)?.[0] ?? 'X';
  const [y, mo, d] = birth.split('-') as [string, string, string];
  const homoclave =
    Number(y) < 2000 ? String(rng.int(0, 9)) : String.fromCharCode(65 + rng.int(0, 25));
  return (
    `${p[0]}${vowel}${m[0]}${n[0]}${y.slice(2)}${mo}${d}${genero === 'FE' ? 'M' : 'H'}CS` +
    `${inner(p)}${inner(m)}${inner(n)}${homoclave}${rng.int(0, 9)}`
  );
}

export async function seedMembers(ctx: SeedContext): Promise<void> {
  const { rng } = ctx;
  // Uneven community sizes, like real ones: weights 1–6.
  const weights = ctx.comunidades.map((c) => [c.id, rng.int(1, 6)] as const);
  const rows = [];
  for (let k = 0; k < MEMBERS * ctx.scale; k++) {
    const genero = rng.chance(0.6) ? 'MA' : 'FE';
    const first = rng.pick(genero === 'MA' ? MALE_NAMES : FEMALE_NAMES);
    const second = rng.chance(0.3)
      ? ` ${rng.pick(genero === 'MA' ? MALE_NAMES : FEMALE_NAMES)}`
      : '';
    const nombres = first === second.trim() ? first : `${first}${second}`;
    const paterno = rng.pick(SURNAMES);
    const materno = rng.chance(0.95) ? rng.pick(SURNAMES) : '';
    const birth = randomDate(rng, '1950-01-01', '2004-12-31');
    const joined = randomDate(rng, maxDate(addYears(birth, 18), '2001-01-01'), LAST_DATE);
    const program = minDate(randomDate(rng, joined, addYears(joined, 5)), LAST_DATE);
    const hasCurp = rng.chance(0.8);
    const hasRfc = rng.chance(0.25);
    rows.push({
      nombres,
      apellido_paterno: paterno,
      apellido_materno: materno,
      curp: hasCurp ? curpFor(rng, nombres, paterno, materno, birth, genero) : null,
      telefono: rng.chance(0.6) ? `919${String(rng.int(1_000_000, 9_999_999))}` : null,
      fecha_nacimiento: birth,
      genero,
      fecha_ingr_yomol_atel: joined,
      fecha_ingr_programa: program,
      clave_anterior: rng.chance(0.4) ? `CF-${rng.int(100, 99999)}` : null,
      comunidad: rng.weighted(weights),
      cargo: rng.chance(0.7) ? present(ctx.cargoIds[0], 'the first role') : rng.pick(ctx.cargoIds),
      cargo_coop: rng.chance(0.9)
        ? [
            present(ctx.cargoCoopIds[0], 'the first co-op role'),
            ...(rng.chance(0.1) ? [rng.pick(ctx.cargoCoopIds.slice(1))] : []),
          ]
        : [rng.pick(ctx.cargoCoopIds)],
      empresa: rng.chance(0.8) ? rng.pick(ctx.empresaIds) : null,
      puesto: rng.chance(0.7) ? rng.pick(ctx.puestoIds) : null,
      fuente: rng.chance(0.9) ? rng.pick(ctx.fuenteIds) : null,
      estatus_cafe: status(rng, 0.6, 0.08),
      estatus_miel: status(rng, 0.2, 0.05),
      estatus_yip: status(rng, 0.12, 0.04),
      estatus_trabajador: status(rng, 0.08, 0.02),
      estatus_comon_sit: status(rng, 0.65, 0.08),
      doc_curp: hasCurp && rng.chance(0.9),
      doc_domicilio: rng.chance(0.6),
      doc_act_nac: rng.chance(0.7),
      doc_ine: rng.chance(0.75),
      doc_rfc: hasRfc && rng.chance(0.8),
      rfc: hasRfc
        ? `${plain(paterno).slice(0, 2)}${plain(materno || 'X')[0]}${plain(nombres)[0]}${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10, 99)}`
        : null,
    });
  }
  const ids = await takeIds(ctx.db, socios, socios.clave_socio, rows.length);
  await bulkInsert(
    ctx.db,
    socios,
    rows.map((row, i) => ({ clave_socio: present(ids[i], 'a taken member id'), ...row })),
  );
  ctx.socioIds = ids;
}

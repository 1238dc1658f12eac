import type { Db } from '#server/db/client';
import type { Grid } from './geo.ts';
import type { Rng } from './prng.ts';

export type SeedSize = 'demo' | 'large';

/** State passed from one generator to the next (ids they created, sizes, randomness). */
export interface SeedContext {
  db: Db;
  rng: Rng;
  size: SeedSize;
  /** 1 for demo, 10 for large (members and communities). */
  scale: number;
  grid: Grid;
  regionIds: number[];
  interzonaIds: number[];
  /** zonas.id per grid column. */
  zonaByColumn: number[];
  municipioIds: number[];
  /** localidades.id and INEGI code, per municipality index. */
  localidadesByMunicipio: { id: number; clave: string | null; nombre: string }[][];
  /** Hermitages with their region. */
  ermitas: { id: number; region: number }[];
  comunidades: { id: number; region: number }[];
  cargoIds: number[];
  cargoCoopIds: number[];
  empresaIds: number[];
  puestoIds: number[];
  fuenteIds: number[];
  socioIds: number[];
}

/** Insert rows in chunks (parameter limits) and return what `returning` gives. */
export async function insertChunked<Row, Out>(
  rows: Row[],
  insert: (chunk: Row[]) => Promise<Out[]>,
  chunkSize = 250,
): Promise<Out[]> {
  const out: Out[] = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    out.push(...(await insert(rows.slice(i, i + chunkSize))));
  }
  return out;
}

import type { Db } from '#server/db/client';
import type { Grid } from './geo.ts';
import type { Rng } from './prng.ts';

/**
 * demo: the small cooperative of the tests; large: ×10 members, contracts and collections (the
 * benchmarks); xl: ×10 the large set again over ten years of history
 * (docs/performance.md#the-xl-set).
 */
export type SeedSize = 'demo' | 'large' | 'xl';

export const SEED_SIZES: readonly SeedSize[] = ['demo', 'large', 'xl'];

/** Members and requests grow with `scale`; communities and hermitages with `placeScale`. */
export const SIZE_SCALES: Record<SeedSize, { scale: number; placeScale: number; years: number }> = {
  demo: { scale: 1, placeScale: 1, years: 5 },
  large: { scale: 10, placeScale: 10, years: 5 },
  // 60,000 members in 1,800 communities (33 a community, as in the hills) rather than 6,000.
  xl: { scale: 100, placeScale: 30, years: 10 },
};

/** State passed from one generator to the next (ids they created, sizes, randomness). */
export interface SeedContext {
  db: Db;
  rng: Rng;
  size: SeedSize;
  /** 1 for demo, 10 for large, 100 for xl (members, requests). */
  scale: number;
  /** 1, 10, 30: communities and hermitages. */
  placeScale: number;
  /** Years of history of collections, savings, contracts and bank fees. */
  years: number;
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

/**
 * Deterministic demo cooperative: the same data on every run (seeded PRNG), inserted only
 * into an empty database. Small per-table generators run in order and pass ids along in a
 * context; later issues append theirs (requests, contracts, payments…) to GENERATORS.
 */
import { count } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { regiones, users } from '#server/db/schema';
import { buildGrid } from './seed/geo.ts';
import { createRng } from './seed/prng.ts';
import { SIZE_SCALES, type SeedContext, type SeedSize } from './seed/context.ts';
import { seedPlaces, seedRegions, seedZones } from './seed/geography.ts';
import { seedCommunities, seedHermitages } from './seed/communities.ts';
import { seedReferenceLists } from './seed/reference-lists.ts';
import { seedMembers } from './seed/members.ts';
import { seedDeliveries } from './seed/deliveries.ts';
import { seedRequests } from './seed/requests.ts';
import { seedContracts } from './seed/contracts.ts';
import { seedBanking } from './seed/banking.ts';
import { DEMO_PASSWORD, seedUsers, type DemoUser } from './seed/users.ts';

export { SEED_SIZES, type SeedSize } from './seed/context.ts';
export { DEMO_PASSWORD, type DemoUser } from './seed/users.ts';

const SEED = 20_240_917;

const GENERATORS: ((ctx: SeedContext) => Promise<void>)[] = [
  seedRegions,
  seedZones,
  seedPlaces,
  seedHermitages,
  seedCommunities,
  seedReferenceLists,
  seedMembers,
  seedDeliveries,
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [u] = await db.select({ n: count() }).from(users);
  const [r] = await db.select({ n: count() }).from(regiones);
  return (u?.n ?? 0) === 0 && (r?.n ?? 0) === 0;
}

export interface SeedResult {
  seeded: boolean;
  users: DemoUser[];
  password: string;
  members: number;
  communities: number;
}

export interface SeedOptions {
  size?: SeedSize;
  /** Told after each step with its name and duration (the xl seed prints its progress). */
  onStep?: (step: string, ms: number) => void;
}

export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const size = options.size ?? 'demo';
  if (!(await isDatabaseEmpty(db))) {
    return { seeded: false, users: [], password: DEMO_PASSWORD, members: 0, communities: 0 };
  }
  return db.transaction(async (tx) => {
    const rng = createRng(SEED);
    const ctx: SeedContext = {
      db: tx,
      rng,
      size,
      ...SIZE_SCALES[size],
      grid: buildGrid(rng),
      regionIds: [],
      interzonaIds: [],
      zonaByColumn: [],
      municipioIds: [],
      localidadesByMunicipio: [],
      ermitas: [],
      comunidades: [],
      cargoIds: [],
      cargoCoopIds: [],
      empresaIds: [],
      puestoIds: [],
      fuenteIds: [],
      socioIds: [],
    };
    const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const out = await run();
      options.onStep?.(name, performance.now() - started);
      return out;
    };
    for (const generate of GENERATORS) await step(generate.name, () => generate(ctx));
    const demoUsers = await step('seedUsers', () => seedUsers(ctx));
    // Requests need the promoter and office accounts.
    await step('seedRequests', () => seedRequests(ctx));
    await step('seedContracts', () => seedContracts(ctx));
    // Banks and the accounting chart, reconciling all but the latest items.
    await step('seedBanking', () => seedBanking(ctx));
    return {
      seeded: true,
      users: demoUsers,
      password: DEMO_PASSWORD,
      members: ctx.socioIds.length,
      communities: ctx.comunidades.length,
    };
  });
}

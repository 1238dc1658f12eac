/** The six demo accounts (the README's "Demo users"). */
import { eq, inArray } from 'drizzle-orm';
import type { Role } from '#domain/roles';
import { hashPassword } from '#server/auth/password';
import { comunidades, socios, users } from '#server/db/schema';
import type { SeedContext } from './context.ts';

export const DEMO_PASSWORD = 'comonsit-demo';

export interface DemoUser {
  username: string;
  role: Role;
  first_name: string;
  last_name: string;
  clave_socio: number | null;
  /** The translator flag: the demo's field translator is the first promoter. */
  translator?: boolean;
}

/** First member (lowest key) living in a community of `region`. */
async function memberOfRegion(
  ctx: SeedContext,
  region: number,
  skip: number[] = [],
): Promise<typeof socios.$inferSelect> {
  const communityIds = ctx.comunidades.filter((c) => c.region === region).map((c) => c.id);
  const rows = await ctx.db
    .select()
    .from(socios)
    .innerJoin(comunidades, eq(socios.comunidad, comunidades.id))
    .where(inArray(socios.comunidad, communityIds))
    .orderBy(socios.clave_socio)
    .limit(skip.length + 1);
  const found = rows.map((r) => r.socios).find((s) => !skip.includes(s.clave_socio));
  if (!found) throw new Error(`demo seed: no member in region ${region}`);
  return found;
}

export async function seedUsers(ctx: SeedContext): Promise<DemoUser[]> {
  const promoter1 = await memberOfRegion(ctx, 1);
  const promoter2 = await memberOfRegion(ctx, 2);
  const member = await memberOfRegion(ctx, 3);
  const fromMember = (s: typeof socios.$inferSelect) => ({
    first_name: s.nombres,
    last_name: [s.apellido_paterno, s.apellido_materno].filter(Boolean).join(' '),
    clave_socio: s.clave_socio,
  });
  const demo: DemoUser[] = [
    {
      username: 'gerente',
      role: 'GE',
      first_name: 'Lucía',
      last_name: 'Gómez Méndez',
      clave_socio: null,
    },
    {
      username: 'coordinador',
      role: 'CO',
      first_name: 'Andrés',
      last_name: 'Pérez Cruz',
      clave_socio: null,
    },
    { username: 'promotor', role: 'PR', ...fromMember(promoter1), translator: true },
    { username: 'promotor2', role: 'PR', ...fromMember(promoter2) },
    {
      username: 'visitante',
      role: 'VI',
      first_name: 'Elena',
      last_name: 'Jiménez Álvarez',
      clave_socio: null,
    },
    { username: 'socio', role: 'SO', ...fromMember(member) },
  ];
  // One hash for the six: they share the published demo password, and each scrypt hash costs
  // about a second of CPU on the 2-core server.
  const password_hash = await hashPassword(DEMO_PASSWORD);
  for (const user of demo) {
    await ctx.db.insert(users).values({
      ...user,
      email: `${user.username}@demo.comonsit.invalid`,
      password_hash,
    });
  }
  return demo;
}

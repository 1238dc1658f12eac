import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema';
import type { PullScope } from '#server/sync/registry';
import type { TestApp } from '#tests/helpers/server-app';

/**
 * The manager's pull scope (every region) on a test app, for tests that call `pullPage` directly.
 * The routes register the replicated tables: one request through them makes sure they are.
 */
export async function managerPullScope(t: TestApp): Promise<PullScope> {
  await t.as('gerente', { method: 'GET', url: '/api/sync/pull/?limit=1' });
  const [gerente] = await t.db.select().from(users).where(eq(users.username, 'gerente'));
  if (!gerente) throw new Error('the demo seed has no gerente');
  return {
    userId: gerente.id,
    role: gerente.role,
    region: null,
    clave_socio: null,
    translator: false,
  };
}

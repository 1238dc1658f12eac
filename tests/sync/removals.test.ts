/**
 * Records that leave the phone's scope: the delta's removals drop them from the
 * replica; a record a queued write holds stays until that write is done or discarded, the
 * outbox is never touched, and the write is marked so the sync center says why.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { discard, enqueue, registerCommand } from '#sync/commands';
import { scopeLeftWrites } from '#sync/queries';
import type { CommandDefinition } from '#sync/types';
import { startSyncWorld, type SyncWorld } from '#tests/helpers/sync-harness';

let w: SyncWorld;
beforeAll(async () => {
  w = await startSyncWorld();
  const phoneCommand: CommandDefinition<{ clave_socio: number; telefono: string }, unknown> = {
    kind: 'socio.phone',
    tables: ['socios'],
    request: (p) => ({
      method: 'PATCH',
      path: `test-socio-phone/${p.clave_socio}`,
      body: { telefono: p.telefono },
    }),
    chainKey: (p) => `socio-${p.clave_socio}`,
    parseResult: (body) => body,
    optimistic: async (p, ctx) => {
      await w.db.socios.update(p.clave_socio, {
        telefono: p.telefono,
        _pending: ctx.mutationId,
        _localId: ctx.recordId,
      });
    },
    describe: () => ({ key: 'sync.notice.sent' }),
  };
  // A write that only names a member (as a collection does): nothing local is protected.
  const namingCommand: CommandDefinition<{ clave_socio: number }, unknown> = {
    kind: 'socio.named',
    tables: ['meta'],
    request: (p) => ({ method: 'POST', path: 'test-notes/', body: { text: `m${p.clave_socio}` } }),
    chainKey: (p) => `named-${p.clave_socio}`,
    parseResult: (body) => body,
    describe: () => ({ key: 'sync.notice.sent' }),
    refersTo: (p) => [{ table: 'socios', key: p.clave_socio }],
  };
  registerCommand(phoneCommand);
  registerCommand(namingCommand);
});
afterAll(async () => {
  await w.close();
});
beforeEach(async () => {
  await w.reset();
});

const rows = z.object({ rows: z.array(z.object({ id: z.coerce.number() })) });
async function ids(query: ReturnType<typeof sql>): Promise<number[]> {
  return rows.parse(await w.t.db.execute(query)).rows.map((r) => r.id);
}

/** Members of region 1 with collections, never the promoter's own (moving it resets). */
async function membersWithAcopios(): Promise<number[]> {
  return ids(sql`
    SELECT s.clave_socio AS id FROM socios s JOIN comunidades c ON c.id = s.comunidad
    WHERE c.region = 1 AND EXISTS (SELECT 1 FROM acopios a WHERE a.clave_socio = s.clave_socio)
      AND NOT EXISTS (SELECT 1 FROM users u WHERE u.clave_socio = s.clave_socio)
    ORDER BY s.clave_socio`);
}

async function communityOf(clave: number): Promise<number> {
  const [id] = await ids(sql`SELECT comunidad AS id FROM socios WHERE clave_socio = ${clave}`);
  return id!;
}

async function moveTo(clave: number, comunidad: number): Promise<void> {
  await w.t.db.execute(
    sql`UPDATE socios SET comunidad = ${comunidad} WHERE clave_socio = ${clave}`,
  );
}

async function regionTwoCommunity(): Promise<number> {
  const [id] = await ids(sql`SELECT id FROM comunidades WHERE region = 2 ORDER BY id LIMIT 1`);
  return id!;
}

describe('removals', () => {
  it('a member moved away leaves the replica with its records; back again, it returns', async () => {
    const engine = w.engine();
    expect((await engine.pull()).ok).toBe(true);
    const [clave] = await membersWithAcopios();
    const home = await communityOf(clave!);
    const acopios = await w.db.acopios.where('clave_socio').equals(clave!).count();
    expect(acopios).toBeGreaterThan(0);
    const queued = await enqueue('note.create', { text: 'untouched', chain: 'n' });
    const outboxBefore = await w.db.outbox.toArray();

    await moveTo(clave!, await regionTwoCommunity());
    expect((await engine.pull()).ok).toBe(true);
    expect(await w.db.socios.get(clave!)).toBeUndefined();
    expect(await w.db.acopios.where('clave_socio').equals(clave!).count()).toBe(0);
    expect(await w.db.movimientos.where('clave_socio').equals(clave!).count()).toBe(0);
    expect(await w.db.outbox.toArray()).toEqual(outboxBefore);
    expect((await w.db.outbox.get(queued.mutationId))?.status).toBe('pending');

    await moveTo(clave!, home);
    expect((await engine.pull()).ok).toBe(true);
    expect((await w.db.socios.get(clave!))?.comunidad).toBe(home);
    expect(await w.db.acopios.where('clave_socio').equals(clave!).count()).toBe(acopios);
  });

  it('a record a queued write holds stays, marked, until the write is discarded', async () => {
    const engine = w.engine();
    expect((await engine.pull()).ok).toBe(true);
    const [, held, named] = await membersWithAcopios();
    const homes = [await communityOf(held!), await communityOf(named!)];
    const edit = await enqueue('socio.phone', { clave_socio: held!, telefono: '9618887766' });
    const naming = await enqueue('socio.named', { clave_socio: named! });
    const untouched = await enqueue('note.create', { text: 'other', chain: 'o' });
    const outboxBefore = await w.db.outbox.toArray();

    const away = await regionTwoCommunity();
    await moveTo(held!, away);
    await moveTo(named!, away);
    expect((await engine.pull()).ok).toBe(true);
    expect(await w.db.outbox.toArray()).toEqual(outboxBefore);
    // The edited member stays on the phone while its edit waits; the named one is gone.
    expect(await w.db.socios.get(held!)).toMatchObject({
      telefono: '9618887766',
      _pending: edit.mutationId,
    });
    expect(await w.db.socios.get(named!)).toBeUndefined();
    expect(await scopeLeftWrites(w.db)).toEqual(new Set([edit.mutationId, naming.mutationId]));

    // The server refuses the edit (no such route); discarding it drops the member for good.
    await engine.drain();
    expect((await w.db.outbox.get(edit.mutationId))?.status).toBe('rejected');
    await discard(edit.mutationId, 'left the region');
    expect(await w.db.socios.get(held!)).toBeUndefined();
    expect((await w.db.outbox.get(untouched.mutationId))?.status).toBe('done');
    // Marks of writes no longer waiting go at the next pull.
    expect((await engine.pull()).ok).toBe(true);
    expect(await scopeLeftWrites(w.db)).toEqual(new Set());

    await moveTo(held!, homes[0]!);
    await moveTo(named!, homes[1]!);
  });
});

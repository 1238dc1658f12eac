/**
 * Kept replica reads: the same answer between screens while the tables stay
 * as they are; a new answer once a read table changes (and only then), also inside a live
 * query, which must keep following the table while it is answered from memory.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveQuery } from 'dexie';
import { closeUserDb, getDb, openUserDb } from '#db/database';
import { keptRead } from '#db/reads/kept-reads';
import { freshDevice } from './sync-fixtures';

beforeEach(async () => {
  await freshDevice();
  await openUserDb(7);
});
afterEach(async () => {
  await freshDevice();
});

const region = (id: number) => ({ id, nombre_de_region: `Región ${id}`, poly: null });

describe('keptRead', () => {
  it('answers from memory until a table it reads changes', async () => {
    let reads = 0;
    const regions = keptRead(['regiones'], async () => {
      reads += 1;
      return getDb().regiones.toArray();
    });
    await getDb().regiones.bulkPut([region(1)]);
    const first = await regions();
    expect(await regions()).toBe(first);
    expect(reads).toBe(1);

    // Another table changing leaves the answer as it is.
    await getDb().meta.put({ key: 'x', value: 1 });
    expect(await regions()).toBe(first);
    expect(reads).toBe(1);

    await getDb().regiones.put(region(2));
    const second = await regions();
    expect(reads).toBe(2);
    expect(second.map((r) => r.id)).toEqual([1, 2]);
  });

  it('another user database is read again', async () => {
    const regions = keptRead(['regiones'], () => getDb().regiones.toArray());
    await getDb().regiones.bulkPut([region(1)]);
    expect((await regions()).map((r) => r.id)).toEqual([1]);
    await openUserDb(8);
    expect(await regions()).toEqual([]);
  });

  it('a live query answered from memory still re-runs when the table changes', async () => {
    const regions = keptRead(['regiones'], () => getDb().regiones.toArray());
    await getDb().regiones.bulkPut([region(1)]);
    await regions();
    const seen: number[][] = [];
    const subscription = liveQuery(() => regions()).subscribe((rows) =>
      seen.push(rows.map((r) => r.id)),
    );
    try {
      await expect.poll(() => seen.length).toBe(1);
      await getDb().regiones.put(region(3));
      await expect.poll(() => seen.at(-1)).toEqual([1, 3]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('a live query whose first answer is read fresh follows the table too', async () => {
    const regions = keptRead(['regiones'], () => getDb().regiones.toArray());
    await getDb().regiones.bulkPut([region(1)]);
    const seen: number[][] = [];
    const subscription = liveQuery(() => regions()).subscribe((rows) =>
      seen.push(rows.map((r) => r.id)),
    );
    try {
      await expect.poll(() => seen.at(-1)).toEqual([1]);
      await getDb().regiones.put(region(4));
      await expect.poll(() => seen.at(-1)).toEqual([1, 4]);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('warm() reads ahead, so the first read of the screen is answered from memory', async () => {
    let reads = 0;
    const regions = keptRead(['regiones'], async () => {
      reads += 1;
      return getDb().regiones.toArray();
    });
    await getDb().regiones.bulkPut([region(1)]);
    await regions.warm();
    expect(reads).toBe(1);
    expect((await regions()).map((r) => r.id)).toEqual([1]);
    expect(reads).toBe(1);
  });

  it('warm() without a user database open reads nothing', async () => {
    let reads = 0;
    const regions = keptRead(['regiones'], async () => {
      reads += 1;
      return getDb().regiones.toArray();
    });
    closeUserDb();
    await regions.warm();
    expect(reads).toBe(0);
  });
});

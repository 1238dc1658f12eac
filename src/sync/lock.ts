/**
 * One tab drains the outbox (docs/sync-protocol.md#push): Web Locks where the browser has them
 * (`navigator.locks`, shared by every tab of the origin), else an in-memory lock for this page.
 * Only the `ifAvailable` form is used: a tab that finds the lock taken skips, it never queues.
 */

export interface LockManagerLike {
  request<T>(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<T>,
  ): Promise<T>;
}

/** A lock manager for one JavaScript realm (tests share one between two engines = two tabs). */
export function createMemoryLockManager(): LockManagerLike {
  const held = new Set<string>();
  return {
    async request(name, _options, callback) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

let pageLocks: LockManagerLike | null = null;

export function defaultLockManager(): LockManagerLike {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) {
    return {
      // The callback's promise is the lock's lifetime; its value is what `request` resolves to.
      async request<T>(
        name: string,
        options: { ifAvailable: true },
        callback: (lock: unknown) => Promise<T>,
      ): Promise<T> {
        // Web Locks resolve with the callback's promise itself; keep its value aside.
        const results: T[] = [];
        await locks.request(name, options, async (lock) => {
          results.push(await callback(lock));
        });
        if (results.length === 0) throw new Error(`Lock "${name}" ran no callback.`);
        return results[0]!;
      },
    };
  }
  pageLocks ??= createMemoryLockManager();
  return pageLocks;
}

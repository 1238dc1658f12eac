/**
 * One tab drains the outbox (ARCHITECTURE.md 3): Web Locks where the browser has them
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
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks) {
    return {
      // The callback's promise is the lock's lifetime; its value is what `request` resolves to.
      request: <T>(
        name: string,
        options: { ifAvailable: true },
        callback: (lock: unknown) => Promise<T>,
      ) => locks.request(name, options, (lock) => callback(lock)) as unknown as Promise<T>,
    };
  }
  pageLocks ??= createMemoryLockManager();
  return pageLocks;
}

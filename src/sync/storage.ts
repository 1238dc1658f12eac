/**
 * Persistent storage (docs/sync-protocol.md#triggers): ask the browser not to evict the replica and
 * the outbox under storage pressure, and report how much is used for the sync center.
 */

interface StorageLike {
  persist?: () => Promise<boolean>;
  persisted?: () => Promise<boolean>;
  estimate?: () => Promise<{ usage?: number; quota?: number }>;
}

function storageManager(): StorageLike | null {
  return typeof navigator === 'undefined' ? null : (navigator.storage ?? null);
}

/** true when granted (or already granted), false when refused, null when the browser can't. */
export async function requestPersistentStorage(): Promise<boolean | null> {
  const storage = storageManager();
  if (!storage?.persist) return null;
  try {
    if (storage.persisted && (await storage.persisted())) return true;
    return await storage.persist();
  } catch {
    return null;
  }
}

export interface StorageUse {
  /** Bytes used by this origin, null when the browser does not say. */
  usage: number | null;
  quota: number | null;
  /** Whether the browser promised not to evict this origin's data. */
  persisted: boolean;
}

export async function storageEstimate(): Promise<StorageUse | null> {
  const storage = storageManager();
  if (!storage?.estimate) return null;
  try {
    const { usage, quota } = await storage.estimate();
    const persisted = storage.persisted ? await storage.persisted() : false;
    return { usage: usage ?? null, quota: quota ?? null, persisted };
  } catch {
    return null;
  }
}

/** Below this much free space (or 90 % used) the sync center warns: captures may soon fail. */
export const LOW_STORAGE_BYTES = 50 * 1_048_576;

/** Bytes still free for this origin when it is running out, else null. */
export function lowStorageFree(use: StorageUse | null): number | null {
  if (!use || use.usage === null || use.quota === null || use.quota <= 0) return null;
  const free = Math.max(0, use.quota - use.usage);
  return free < LOW_STORAGE_BYTES || use.usage / use.quota >= 0.9 ? free : null;
}

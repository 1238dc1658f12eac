/**
 * Can this browser keep the app's data at all? Some private or incognito modes have no
 * IndexedDB, or refuse to open any database. Without it nothing can be captured, so the app
 * asks once at start (a tiny database of its own) and says so instead of failing later.
 */
import { STORAGE_UNAVAILABLE_ERROR } from '#domain/device-storage-errors';

const PROBE_DB = 'comonsit-probe';

/** Thrown instead of opening a replica where the browser gives the app no storage. */
export class StorageUnavailableError extends Error {
  override name = STORAGE_UNAVAILABLE_ERROR;

  constructor() {
    super('IndexedDB is not available in this browser.');
  }
}

/**
 * true when a database opens; false when IndexedDB is missing, throws or refuses. A probe
 * still waiting after `timeoutMs` (a slow phone at start) counts as available.
 */
export function probeIndexedDb(timeoutMs = 5_000): Promise<boolean> {
  return new Promise((resolve) => {
    let factory: IDBFactory | undefined;
    let request: IDBOpenDBRequest;
    try {
      factory = typeof indexedDB === 'undefined' ? undefined : indexedDB;
      if (!factory) {
        resolve(false);
        return;
      }
      request = factory.open(PROBE_DB);
    } catch {
      resolve(false);
      return;
    }
    const timer = setTimeout(() => resolve(true), timeoutMs);
    request.onsuccess = () => {
      clearTimeout(timer);
      request.result.close();
      resolve(true);
    };
    request.onerror = () => {
      clearTimeout(timer);
      resolve(false);
    };
  });
}

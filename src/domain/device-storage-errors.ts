/**
 * Which failures mean the phone's own storage let the app down, so the UI can say so in plain
 * words instead of "an error occurred": the storage is full (IndexedDB quota), or the browser
 * gives the app no storage at all (private windows of some browsers). Pure: it only reads the
 * error's name and the errors it wraps (Dexie's `inner`, the standard `cause`).
 */
import { fieldOf } from './guards';

export type DeviceStorageFailure = 'full' | 'unavailable';

/** Name of the error the app throws when IndexedDB cannot be opened at all (src/db). */
export const STORAGE_UNAVAILABLE_ERROR = 'StorageUnavailableError';

const FULL_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);
/** Dexie's name for "this browser has no IndexedDB". */
const UNAVAILABLE_NAMES = new Set([STORAGE_UNAVAILABLE_ERROR, 'MissingAPIError']);

function nameOf(error: object): string | null {
  const name = fieldOf(error, 'name');
  return typeof name === 'string' ? name : null;
}

function wrapped(error: object): unknown {
  return fieldOf(error, 'inner') ?? fieldOf(error, 'cause');
}

export function deviceStorageFailure(error: unknown): DeviceStorageFailure | null {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const name = nameOf(current);
    if (name && FULL_NAMES.has(name)) return 'full';
    if (name && UNAVAILABLE_NAMES.has(name)) return 'unavailable';
    current = wrapped(current);
  }
  return null;
}

/**
 * Whether this browser lets the app keep data on the phone (src/db/storage-probe.ts), asked
 * once at boot. The app shows a notice when it does not, and a login is refused with the same
 * words before anything is sent to the server (a session without a replica is no session).
 */
import { createStore } from 'zustand/vanilla';
import { probeIndexedDb, StorageUnavailableError } from '#db/storage-probe';

export type DeviceStorageState = 'checking' | 'available' | 'unavailable';

export const deviceStorage = createStore<{ state: DeviceStorageState }>()(() => ({
  state: 'checking',
}));

let probe: Promise<boolean> | null = null;

/** Ask once (later calls share the answer); true when the app can store data. */
export function checkDeviceStorage(): Promise<boolean> {
  probe ??= probeIndexedDb().then((ok) => {
    deviceStorage.setState({ state: ok ? 'available' : 'unavailable' });
    return ok;
  });
  return probe;
}

/** Throws `StorageUnavailableError` where the browser gives the app no storage. */
export async function requireDeviceStorage(): Promise<void> {
  if (!(await checkDeviceStorage())) throw new StorageUnavailableError();
}

/** Forget the answer (tests). */
export function resetDeviceStorageCheck(): void {
  probe = null;
  deviceStorage.setState({ state: 'checking' });
}

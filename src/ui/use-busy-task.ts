/**
 * A button's asynchronous task (an export, a download): `busy` while it runs, and a failure
 * shown in the error modal instead of being lost.
 */
import { useState } from 'react';
import { showError } from '#ui/error-store.ts';

export function useBusyTask(task: () => Promise<unknown>): { busy: boolean; run: () => void } {
  const [busy, setBusy] = useState(false);
  async function runTask() {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  }
  return { busy, run: () => void runTask() };
}

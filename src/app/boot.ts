/**
 * Start-up wiring that crosses layers: the API sends the UI language as Accept-Language, the
 * features' sync commands are registered, the phone is asked to keep its data, and a stored
 * session is restored (or locked) before the first screen renders.
 */
import { i18n, currentLanguage } from '#i18n/setup';
import { setApiLanguage } from '#api/http';
import { requestPersistentStorage } from '#sync/storage';
import { registerAppCommands } from '#commands/catalog';
import { restoreSession } from '#app/session.ts';
import { checkDeviceStorage } from '#app/device-storage.ts';

let booted = false;

export function bootApp(): void {
  if (booted) return;
  booted = true;
  setApiLanguage(currentLanguage());
  i18n.on('languageChanged', () => setApiLanguage(currentLanguage()));
  registerAppCommands();
  // Best effort: without it the browser may evict the replica (and the outbox) under pressure.
  void requestPersistentStorage().catch(() => undefined);
  // Private modes of some browsers have no IndexedDB: the app says so (no white screen).
  void checkDeviceStorage();
  restoreSession();
}

/**
 * Start-up wiring that crosses layers: the API sends the UI language as Accept-Language, and a
 * stored session is restored (or ended) before the first screen renders.
 */
import { i18n, currentLanguage } from '#i18n/setup';
import { setApiLanguage } from '#api/http';
import { restoreSession } from '#app/session.ts';

let booted = false;

export function bootApp(): void {
  if (booted) return;
  booted = true;
  setApiLanguage(currentLanguage());
  i18n.on('languageChanged', () => setApiLanguage(currentLanguage()));
  restoreSession();
}

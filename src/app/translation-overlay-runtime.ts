/**
 * Feeds the i18n overlay (#i18n/translation-overlay) from the open replica's `traducciones`:
 * every approved Tseltal text, live — a pull that brings or removes one, or an approval made
 * on this phone, changes the screens at once, offline too. Started with the user's replica and
 * stopped with it (user-replica.ts).
 */
import { liveQuery, type Subscription } from 'dexie';
import type { AppDatabase } from '#db/database';
import type { TraduccionRow } from '#db/replica-rows';
import { layApprovedTexts } from '#i18n/translation-overlay';

let subscription: Subscription | null = null;

/** key → approved text of the Tseltal rows. */
export function approvedTexts(rows: readonly TraduccionRow[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const row of rows)
    if (row.idioma === 'tz' && row.texto !== null) texts.set(row.clave, row.texto);
  return texts;
}

export function startTranslationOverlay(db: AppDatabase): void {
  subscription?.unsubscribe();
  subscription = liveQuery(() => db.traducciones.toArray()).subscribe({
    next: (rows) => layApprovedTexts(approvedTexts(rows)),
    error: () => undefined,
  });
}

/** Stop following the replica and take every laid text away (the next user starts clean). */
export function stopTranslationOverlay(): void {
  subscription?.unsubscribe();
  subscription = null;
  layApprovedTexts(new Map());
}

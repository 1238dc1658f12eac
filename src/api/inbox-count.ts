/**
 * The unreviewed count of the office's inbox of field work that the side menu shows,
 * shared by the menu and the inbox screen (a mark made on the screen updates the menu at once);
 * refreshed after each of this office user's syncs. Apart from bandeja.ts: the menu is drawn at
 * every start, and the inbox's other schemas are not needed there.
 */
import { createStore } from 'zustand/vanilla';
import { inboxSummarySchema } from '#domain/inbox-summary';
import { apiGet } from './client';

export async function fetchUnreviewedCount(): Promise<number> {
  return (await apiGet('bandeja/resumen/', inboxSummarySchema)).sin_revisar;
}

export const inboxCountStore = createStore<{ unreviewed: number | null }>(() => ({
  unreviewed: null,
}));

export async function refreshUnreviewedCount(): Promise<void> {
  try {
    inboxCountStore.setState({ unreviewed: await fetchUnreviewedCount() });
  } catch {
    // Offline or refused: the menu keeps the count it had.
  }
}

/**
 * Whether a Tseltal text exists for a key, read from what i18next holds right now: the bundled
 * dictionary without its pending values (#i18n/pending-tseltal) plus whatever approved texts
 * were laid over it since. A missing value means "pending" (shown in Spanish); a value that
 * still carries the pending marker (a dictionary added by other means) counts as pending too,
 * so a caller never shows "~" + Spanish.
 */
import type { i18n as I18n } from 'i18next';
import { PENDING_MARKER } from './pending-tseltal';

export function tseltalText(i18n: I18n, key: string): string | null {
  const value: unknown = i18n.getResource('tz', 'translation', key);
  return typeof value === 'string' && !value.startsWith(PENDING_MARKER) ? value : null;
}

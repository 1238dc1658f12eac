/**
 * A Tseltal value not translated yet is stored as "~" + the Spanish reference
 * (locales/README.md). Shown as that Spanish text without the marker, never as a placeholder.
 */
import type { PostProcessorModule } from 'i18next';

export const PENDING_MARKER = '~';

export function stripPendingMarker(value: string): string {
  return value.startsWith(PENDING_MARKER) ? value.slice(PENDING_MARKER.length) : value;
}

export const pendingTseltal: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pendingTseltal',
  process: (value: string) => stripPendingMarker(value),
};

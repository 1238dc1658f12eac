/**
 * A Tseltal value not translated yet is stored as "~" + the Spanish reference
 * (locales/README.md). Shown as that Spanish text without the marker, never as a placeholder.
 *
 * The pending values are left out of the Tseltal dictionary when it is loaded
 * (`withoutPending`), so i18next falls back to the Spanish text by itself — also inside nested
 * labels ("Acopio de $t(codes.processes.CF)"), which i18next does not post-process, and for
 * anyone reading a resource directly (a missing Tseltal resource means "pending"). The
 * post-processor stays as a second guard for a dictionary added by other means.
 */
import type { PostProcessorModule } from 'i18next';

export const PENDING_MARKER = '~';

export function stripPendingMarker(value: string): string {
  return value.startsWith(PENDING_MARKER) ? value.slice(PENDING_MARKER.length) : value;
}

type Dictionary = Record<string, unknown>;

function isDictionary(value: unknown): value is Dictionary {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The dictionary without its pending values (a section left empty is dropped too). */
export function withoutPending(dictionary: Dictionary): Dictionary {
  const kept: Dictionary = {};
  for (const [key, value] of Object.entries(dictionary)) {
    if (typeof value === 'string') {
      if (!value.startsWith(PENDING_MARKER)) kept[key] = value;
    } else if (isDictionary(value)) {
      const section = withoutPending(value);
      if (Object.keys(section).length > 0) kept[key] = section;
    } else {
      kept[key] = value;
    }
  }
  return kept;
}

export const pendingTseltal: PostProcessorModule = {
  type: 'postProcessor',
  name: 'pendingTseltal',
  process: (value: string) => stripPendingMarker(value),
};

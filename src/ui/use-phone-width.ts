/**
 * Whether the screen is phone-wide (under 600 px), kept current as it turns or resizes; false
 * where the page cannot tell (no matchMedia).
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 599.98px)';

function query(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}

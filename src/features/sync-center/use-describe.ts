/** A queued item's human description (its command's `describe`), translated. */
import { use, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxRow } from '#sync/types';
import { commandsReady, getCommand } from '#sync/commands';

/** Suspends until the command catalog is loaded (the page loads it after its start). */
export function useDescribe(): (row: Pick<OutboxRow, 'kind' | 'payload'>) => string {
  use(commandsReady());
  const { t } = useTranslation();
  return useCallback(
    (row) => {
      const def = getCommand(row.kind);
      if (!def) return t('syncCenter.unknownKind', { kind: row.kind });
      try {
        const description = def.describe(row.payload);
        return t(description.key, description.params);
      } catch {
        // A payload from an older app version that the command cannot read any more.
        return t('syncCenter.unknownKind', { kind: row.kind });
      }
    },
    [t],
  );
}

/** The route that opens a row's record in its form, when its command has one (beside `useDescribe`). */
export function editRouteOf(row: OutboxRow): string | null {
  const def = getCommand(row.kind);
  return def?.editRoute?.(row) ?? null;
}

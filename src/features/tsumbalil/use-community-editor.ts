/**
 * Which community form /tsumbalil shows: none, a row being edited, a new community, or — with
 * `?corregir=<mutation id>` from the sync center — the refused save named in the address
 * (opened once both it and the list are read). Also the last save, for the screen's banner.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSearchParams } from 'react-router-dom';
import type { CommunityRow } from '#db/replica-rows';
import { readOutboxRow } from '#sync/save-outcome';
import { fixableCommunityWrite, type CommunityWriteRow } from './community-writes.ts';
import type { CommunityTableRow } from './tsumbalil-columns.tsx';

/** The form's target: a community (null: a new one) and the refused save it corrects. */
export interface CommunityEditing {
  community: CommunityRow | null;
  fixRow: CommunityWriteRow | null;
}

/** The replica's fields of a table row (the sync flags are the table's own). */
export function communityOf(row: CommunityTableRow): CommunityRow {
  const { pending: _pending, attention: _attention, ...community } = row;
  return community;
}

/** `{ row }` once read (null when it is no community save to correct); undefined while reading. */
function useFixRow(mutationId: string | null) {
  return useLiveQuery(
    async () => ({
      row: mutationId ? fixableCommunityWrite(await readOutboxRow(mutationId)) : null,
    }),
    [mutationId],
  );
}

export function useCommunityEditor(communities: CommunityTableRow[] | undefined, canEdit: boolean) {
  const [editing, setEditing] = useState<CommunityEditing | null>(null);
  const [lastSave, setLastSave] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const fixId = params.get('corregir');
  const fixRow = useFixRow(fixId)?.row ?? null;

  const fixTarget = useMemo((): {
    community: CommunityRow | null;
    fixRow: CommunityWriteRow;
  } | null => {
    if (!fixRow || !communities) return null;
    if (fixRow.kind !== 'comunidad.update') return { community: null, fixRow };
    const row = communities.find((c) => c.id === fixRow.payload.id);
    return { community: row ? communityOf(row) : fixRow.payload.before, fixRow };
  }, [fixRow, communities]);
  // Pinned once: sending the correction removes the refused row, which must not close the form.
  const [pinnedFix, setPinnedFix] = useState<string | null>(null);
  if (canEdit && fixTarget && pinnedFix !== fixTarget.fixRow.id) {
    setPinnedFix(fixTarget.fixRow.id);
    setEditing(fixTarget);
  }

  const close = useCallback(() => {
    setEditing(null);
    if (fixId) setParams({}, { replace: true });
  }, [fixId, setParams]);

  const onSaved = useCallback(
    (mutationId: string) => {
      setLastSave(mutationId);
      close();
    },
    [close],
  );

  return {
    editing,
    /** Open the form on a community (null: a new one). */
    open: (community: CommunityRow | null) => setEditing({ community, fixRow: null }),
    close,
    onSaved,
    lastSave,
    dismissSave: () => setLastSave(null),
  };
}

/**
 * Tsumbalil (/tsumbalil, spec part 1 §2 screen 5): the communities table and the hermitages
 * table, both read from the replica (offline too). Privileged roles open a community to edit
 * it, create new ones and download both spreadsheets (built on the phone, same columns as the
 * server's …XLSX); a hermitage opens its read-only detail with the map. A refused community
 * save opened from the sync center (`?corregir=<mutation id>`) reopens its form with the
 * server's messages.
 */
import { useCallback, useMemo, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Hermitage } from '#domain/entities';
import {
  COMMUNITY_EXPORT,
  COMMUNITY_LIST_COLUMNS,
  HERMITAGE_EXPORT,
  HERMITAGE_LIST_COLUMNS,
} from '#domain/exports';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { getDb } from '#db/database';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { showError } from '#ui/error-store.ts';
import { Spinner } from '#ui/spinner.tsx';
import { downloadXlsx } from '#ui/xlsx-export.ts';
import { COMUNIDAD_KINDS, type ComunidadUpdatePayload } from '#commands/comunidades';
import { isKindOf } from '#commands/outbox';
import type { CommunityRow } from '#db/replica-rows';
import { CommunityFormModal } from './community-form-modal.tsx';
import { HermitageModal } from './hermitage-modal.tsx';
import { SaveBanner } from './save-banner.tsx';
import {
  communityColumns,
  hermitageColumns,
  type CommunityTableRow,
} from './tsumbalil-columns.tsx';
import { useTsumbalilData } from './use-tsumbalil-data.ts';
import './tsumbalil.css';

export interface TsumbalilScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

type Editing = { community: CommunityRow | null; fixRow: OutboxRow | null } | null;

/** The replica's fields of a table row (the sync flags are the table's own). */
function communityOf(row: CommunityTableRow): CommunityRow {
  const { pending: _pending, attention: _attention, ...community } = row;
  return community;
}

/** `{ row }` once read (row undefined when there is none); undefined while reading. */
function useFixRow(mutationId: string | null) {
  return useLiveQuery(
    async () => ({ row: mutationId ? await getDb().outbox.get(mutationId) : undefined }),
    [mutationId],
  );
}

export function TsumbalilScreen({ titleKey }: TsumbalilScreenProps) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const canEdit = can(role, 'comunidades', 'update');
  const canCreate = can(role, 'comunidades', 'create');
  const canExport = can(role, 'xlsx', 'read');
  const { communities, hermitages, regions } = useTsumbalilData();
  const tiles = useMapTiles();
  const [editing, setEditing] = useState<Editing>(null);
  const [hermitage, setHermitage] = useState<Hermitage | null>(null);
  const [lastSave, setLastSave] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const fixId = params.get('corregir');
  const fix = useFixRow(fixId);

  const communityCols = useMemo(() => communityColumns(t), [t]);
  const hermitageCols = useMemo(() => hermitageColumns(t), [t]);

  // A refused save named in the URL opens its form once both it and the list are read.
  const fixRow =
    fix?.row &&
    isKindOf(COMUNIDAD_KINDS, fix.row.kind) &&
    EDITABLE_STATUSES.includes(fix.row.status)
      ? fix.row
      : null;
  const fixTarget = useMemo(() => {
    if (!fixRow || !communities) return null;
    if (fixRow.kind !== 'comunidad.update') return { community: null, fixRow };
    const id = (fixRow.payload as ComunidadUpdatePayload).id;
    const row = communities.find((c) => c.id === id);
    return {
      community: row ? communityOf(row) : (fixRow.payload as ComunidadUpdatePayload).before,
      fixRow,
    };
  }, [fixRow, communities]);
  // Pinned once: sending the correction removes the refused row, which must not close the form.
  const [pinnedFix, setPinnedFix] = useState<string | null>(null);
  if (canEdit && fixTarget && pinnedFix !== fixTarget.fixRow.id) {
    setPinnedFix(fixTarget.fixRow.id);
    setEditing(fixTarget);
  }
  const shown = editing;

  const closeEditor = useCallback(() => {
    setEditing(null);
    if (fixId) setParams({}, { replace: true });
  }, [fixId, setParams]);

  const onSaved = useCallback(
    (mutationId: string) => {
      setLastSave(mutationId);
      closeEditor();
    },
    [closeEditor],
  );

  async function exportCommunities() {
    try {
      // Only communities the cooperative has (a create still queued has no number yet).
      const rows = (communities ?? []).filter((c) => typeof c.id === 'number');
      await downloadXlsx(
        COMMUNITY_EXPORT.file,
        COMMUNITY_EXPORT.sheet,
        COMMUNITY_LIST_COLUMNS,
        rows,
      );
    } catch (error) {
      showError(error);
    }
  }

  async function exportHermitages() {
    try {
      await downloadXlsx(
        HERMITAGE_EXPORT.file,
        HERMITAGE_EXPORT.sheet,
        HERMITAGE_LIST_COLUMNS,
        hermitages ?? [],
      );
    } catch (error) {
      showError(error);
    }
  }

  return (
    <section className="screen tsumbalil-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <SaveBanner mutationId={lastSave} onDismiss={() => setLastSave(null)} />

      <h2 className="section-title">{t('tsumbalil.communities')}</h2>
      {communities ? (
        <DataTable
          id="tsumbalil-communities"
          data={communities}
          columns={communityCols}
          getRowId={(row) => String(row.id)}
          caption={t('tsumbalil.communities')}
          onRowClick={
            canEdit ? (row) => setEditing({ community: communityOf(row), fixRow: null }) : undefined
          }
          toolbar={
            <>
              {canExport ? (
                <Button onClick={() => void exportCommunities()} data-testid="export-communities">
                  {t('tsumbalil.export')}
                </Button>
              ) : null}
              {canCreate ? (
                <Button
                  variant="primary"
                  onClick={() => setEditing({ community: null, fixRow: null })}
                  data-testid="new-community"
                >
                  {t('tsumbalil.newCommunity')}
                </Button>
              ) : null}
            </>
          }
        />
      ) : (
        <Spinner />
      )}

      <h2 className="section-title">{t('tsumbalil.hermitages')}</h2>
      {hermitages ? (
        <DataTable
          id="tsumbalil-hermitages"
          data={hermitages}
          columns={hermitageCols}
          getRowId={(row) => String(row.ermita_id)}
          caption={t('tsumbalil.hermitages')}
          onRowClick={setHermitage}
          toolbar={
            canExport ? (
              <Button onClick={() => void exportHermitages()} data-testid="export-hermitages">
                {t('tsumbalil.export')}
              </Button>
            ) : null
          }
        />
      ) : (
        <Spinner />
      )}

      {shown ? (
        <CommunityFormModal
          // A new target (another row, another refused save) starts a fresh form.
          key={shown.fixRow?.id ?? String(shown.community?.id ?? 'new')}
          community={shown.community}
          fixRow={shown.fixRow}
          regions={regions}
          hermitages={hermitages ?? []}
          onClose={closeEditor}
          onSaved={onSaved}
        />
      ) : null}
      {hermitage ? (
        <HermitageModal
          hermitage={hermitage}
          regions={regions}
          tiles={tiles}
          onClose={() => setHermitage(null)}
        />
      ) : null}
    </section>
  );
}

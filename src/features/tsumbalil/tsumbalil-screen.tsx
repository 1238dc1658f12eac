/**
 * Tsumbalil (/tsumbalil): the communities table and the hermitages
 * table, both read from the replica (offline too). Privileged roles open a community to edit
 * it, create new ones and download both spreadsheets (built on the phone, same columns as the
 * server's …XLSX); a hermitage opens its read-only detail with the map. A refused community
 * save opened from the sync center (`?corregir=<mutation id>`) reopens its form with the
 * server's messages.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import type { HermitageRow } from '#db/replica-rows';
import { useMapTiles } from '#ui/map-tiles-context.tsx';
import { CommunityFormModal } from './community-form-modal.tsx';
import { HermitageModal } from './hermitage-modal.tsx';
import { SaveBanner } from './save-banner.tsx';
import { CommunitiesTable, HermitagesTable } from './tsumbalil-tables.tsx';
import { communityOf, useCommunityEditor } from './use-community-editor.ts';
import { useTsumbalilData } from './use-tsumbalil-data.ts';
import './tsumbalil.css';

export interface TsumbalilScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function TsumbalilScreen({ titleKey }: TsumbalilScreenProps) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const canEdit = can(role, 'comunidades', 'update');
  const canExport = can(role, 'xlsx', 'read');
  const { communities, hermitages, regions } = useTsumbalilData();
  const tiles = useMapTiles();
  const editor = useCommunityEditor(communities, canEdit);
  const [hermitage, setHermitage] = useState<HermitageRow | null>(null);
  const shown = editor.editing;

  return (
    <section className="screen tsumbalil-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <SaveBanner mutationId={editor.lastSave} onDismiss={editor.dismissSave} />

      <h2 className="section-title">{t('tsumbalil.communities')}</h2>
      <CommunitiesTable
        communities={communities}
        canExport={canExport}
        canCreate={can(role, 'comunidades', 'create')}
        onOpen={canEdit ? (row) => editor.open(communityOf(row)) : undefined}
        onNew={() => editor.open(null)}
      />

      <h2 className="section-title">{t('tsumbalil.hermitages')}</h2>
      <HermitagesTable hermitages={hermitages} canExport={canExport} onOpen={setHermitage} />

      {shown ? (
        <CommunityFormModal
          // A new target (another row, another refused save) starts a fresh form.
          key={shown.fixRow?.id ?? String(shown.community?.id ?? 'new')}
          community={shown.community}
          fixRow={shown.fixRow}
          regions={regions}
          hermitages={hermitages ?? []}
          onClose={editor.close}
          onSaved={editor.onSaved}
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

/** Columns of the communities and hermitages tables of /tsumbalil. */
import type { TFunction } from 'i18next';
import type { Hermitage } from '#domain/entities';
import { Badge } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import type { CommunityRow } from '#db/replica-rows';

/** A community as the table shows it: its sync state beside the replica's fields. */
export interface CommunityTableRow extends CommunityRow {
  /** A save of it waits to be sent. */
  pending: boolean;
  /** A save of it was refused (or waits behind a refused one): the sync center lists it. */
  attention: boolean;
}

const communityCol = createColumns<CommunityTableRow>();

function IdCell({ row, t }: { row: CommunityTableRow; t: TFunction }) {
  return (
    <span className="tsumbalil-id">
      <span>{typeof row.id === 'number' ? row.id : t('tsumbalil.newId')}</span>
      {row.pending ? <Badge tone="warning">{t('tsumbalil.pendingBadge')}</Badge> : null}
      {row.attention ? <Badge tone="danger">{t('tsumbalil.attentionBadge')}</Badge> : null}
    </span>
  );
}

export function communityColumns(t: TFunction): DataTableColumn<CommunityTableRow>[] {
  return communityCol.columns([
    communityCol.accessor((row) => (typeof row.id === 'number' ? row.id : ''), {
      id: 'id',
      header: t('tsumbalil.fields.id'),
      cell: (info) => <IdCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    communityCol.accessor('nombre_de_comunidad', {
      header: t('tsumbalil.fields.nombre_de_comunidad'),
    }),
    communityCol.accessor('nombre_region', { header: t('tsumbalil.fields.nombre_region') }),
    communityCol.accessor((row) => row.ermita_name ?? '', {
      id: 'ermita_name',
      header: t('tsumbalil.fields.ermita_name'),
    }),
    communityCol.accessor((row) => row.inegiLocalidad ?? '', {
      id: 'inegiLocalidad',
      header: t('tsumbalil.fields.inegiLocalidad'),
    }),
  ]);
}

const hermitageCol = createColumns<Hermitage>();

export function hermitageColumns(t: TFunction): DataTableColumn<Hermitage>[] {
  return hermitageCol.columns([
    hermitageCol.accessor('ermita_id', {
      header: t('tsumbalil.hermitage.fields.ermita_id'),
      meta: { align: 'end' },
    }),
    hermitageCol.accessor('nombre', { header: t('tsumbalil.hermitage.fields.nombre') }),
    hermitageCol.accessor('zona', { header: t('tsumbalil.hermitage.fields.zona') }),
    hermitageCol.accessor('interzona', { header: t('tsumbalil.hermitage.fields.interzona') }),
    hermitageCol.accessor('municipio', { header: t('tsumbalil.hermitage.fields.municipio') }),
    hermitageCol.accessor('localidad', { header: t('tsumbalil.hermitage.fields.localidad') }),
  ]);
}

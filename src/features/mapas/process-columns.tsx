/** Columns of the process map's table: each community with its members AC per process. */
import type { TFunction } from 'i18next';
import { codeLabelKey, PROCESSES } from '#domain/codes';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { COUNT_FIELD, type CommunityMemberCounts } from './member-counts.ts';

const col = createColumns<CommunityMemberCounts>();

export function processColumns(t: TFunction): DataTableColumn<CommunityMemberCounts>[] {
  return col.columns([
    col.accessor('nombre_de_comunidad', { header: t('mapas.fields.comunidad') }),
    col.accessor('nombre_region', { header: t('mapas.fields.region') }),
    ...PROCESSES.map((process) =>
      col.accessor((row) => row[COUNT_FIELD[process]], {
        id: process,
        header: t(codeLabelKey('processes', process)),
        meta: { align: 'end' },
      }),
    ),
  ]);
}

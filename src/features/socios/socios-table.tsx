/**
 * The members table: rows in the list shape of GET /socios.json (the same mapping as the
 * server, from #domain/exports), a status dot per area, and the "pendiente de enviar" badge of
 * records that still wait for the server.
 */
import type { TFunction } from 'i18next';
import { codeLabelKey, MEMBER_AREA_STATUS_FIELDS, NEW_MEMBER_KEY_LABEL } from '#domain/codes';
import { toMemberListRow, type MemberLabels, type MemberListRow } from '#domain/exports';
import { missingMemberFields, type CompletableMemberField } from '#domain/member-shapes';
import { Badge } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import type { SocioRow } from '#db/replica-rows';
import { StatusDot } from '#ui/status-dot.tsx';
import { isNumbered } from './socio-record.ts';
import type { PendingRecords } from './use-socios-data.ts';

/** A member as the table shows it: the list row, and its sync state. */
export interface SocioTableRow extends Omit<MemberListRow, 'clave_socio'> {
  /** null for a member the server has not numbered yet (shown as NUEVO). */
  clave_socio: number | null;
  /** The replica key as text (table row id). */
  key: string;
  /** Some change of it still waits to be sent. */
  pending: boolean;
  /** The server refused a change of it (the sync center has it). */
  attention: boolean;
  /** Required fields it lacks (a member imported from the original): "datos por completar". */
  incomplete: CompletableMemberField[];
}

/** Labels for the list rows from the replica's reference lists. */
export function memberLabels(
  cargos: readonly { id: number; nombre_de_cargo: string }[],
  cargosCoop: readonly { id: number; nombre_cargo_coop: string }[],
): MemberLabels {
  return {
    cargos: new Map(cargos.map((c) => [c.id, c.nombre_de_cargo])),
    cargosCoop: new Map(cargosCoop.map((c) => [c.id, c.nombre_cargo_coop])),
  };
}

export function toSocioTableRow(
  record: SocioRow,
  labels: MemberLabels,
  pending: PendingRecords,
): SocioTableRow {
  const recordId = record._localId;
  const numbered = isNumbered(record);
  // Built for 6,000 rows at a time: one fresh object from the shared mapping, completed in
  // place (a spread copy of every row costs several times more).
  const row: SocioTableRow = Object.assign(
    toMemberListRow(numbered ? record : { ...record, clave_socio: 0 }, labels),
    {
      key: String(record.clave_socio),
      pending: recordId !== undefined && pending.waiting.has(recordId),
      attention: recordId !== undefined && pending.attention.has(recordId),
      incomplete: missingMemberFields(record),
    },
  );
  // A member not numbered yet has no key to show (NUEVO).
  if (!numbered) row.clave_socio = null;
  return row;
}

const col = createColumns<SocioTableRow>();

function KeyCell({ row, t }: { row: SocioTableRow; t: TFunction }) {
  return (
    <span className="socio-key">
      <span>{row.clave_socio ?? t(NEW_MEMBER_KEY_LABEL)}</span>
      {row.pending ? <Badge tone="warning">{t('socios.pendingBadge')}</Badge> : null}
      {row.attention ? <Badge tone="danger">{t('socios.attentionBadge')}</Badge> : null}
      {row.incomplete.length > 0 ? (
        <span
          title={t('socios.incomplete.lacks', {
            campos: row.incomplete.map((field) => t(`socios.fields.${field}`)).join(', '),
          })}
          data-testid="socio-incomplete"
        >
          <Badge tone="warning">{t('socios.incomplete.badge')}</Badge>
        </span>
      ) : null}
    </span>
  );
}

/** Shown on request (the columns chooser) so the default set fits 1366 px. */
export const SOCIO_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = ['nombre_region', 'nombre_cargo'];

export function socioColumns(t: TFunction): DataTableColumn<SocioTableRow>[] {
  const statusColumns = MEMBER_AREA_STATUS_FIELDS.map((field) =>
    col.accessor(field, {
      header: t(codeLabelKey('memberAreas', field)),
      cell: (info) => <StatusDot status={info.getValue()} />,
      // A code ("AC") would match names in the search box; the column filter still takes it.
      enableGlobalFilter: false,
      meta: { filterLabel: t(codeLabelKey('memberAreas', field)) },
    }),
  );
  return col.columns([
    col.accessor('clave_socio', {
      header: t('socios.columns.clave'),
      cell: (info) => <KeyCell row={info.row.original} t={t} />,
      meta: { align: 'end' },
    }),
    col.accessor('full_name', { header: t('socios.columns.nombre') }),
    col.accessor('nombre_comunidad', { header: t('socios.columns.comunidad') }),
    col.accessor('nombre_region', { header: t('socios.columns.region') }),
    ...statusColumns,
    col.accessor('nombre_cargo', { header: t('socios.columns.cargo') }),
  ]);
}

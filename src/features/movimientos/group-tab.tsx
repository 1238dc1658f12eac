/**
 * The group tab of /movimientos (docs/business-rules.md#contributions-and-withdrawals): movements
 * filtered by exactly one of community, region, company, source or process — read from the replica,
 * which holds every movement in the user's scope, so it answers offline exactly what GET
 * /movimientos/?<filter>= answers — with the Excel export and the detail on a row.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESSES } from '#domain/codes';
import { DataTable } from '#ui/data-table.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import type { MovimientoRow } from '#db/replica-rows';
import { ExportMovimientosButton } from './export-movimientos-button.tsx';
import { movementColumns, toMovementTableRow, type MovementTableRow } from './movements-table.tsx';
import type {
  GroupReferences,
  MovimientoMember,
  PendingMovimientos,
} from './use-movimientos-data.ts';

export const GROUP_FILTERS = ['comunidad', 'region', 'empresa', 'fuente', 'proceso'] as const;
export type GroupFilterKind = (typeof GROUP_FILTERS)[number];

export interface GroupFilter {
  kind: GroupFilterKind;
  value: string;
}

/** The movements one group filter selects (exactly one filter, as the API requires). */
export function filterMovements(
  records: readonly MovimientoRow[],
  filter: GroupFilter,
  members: ReadonlyMap<number, MovimientoMember>,
): MovimientoRow[] {
  if (filter.value === '') return [];
  const id = Number(filter.value);
  switch (filter.kind) {
    case 'comunidad':
      return records.filter((r) => r.comunidad === id);
    case 'region':
      return records.filter((r) => r.region === id);
    case 'empresa':
      return records.filter((r) => members.get(r.clave_socio)?.empresa === id);
    case 'fuente':
      return records.filter((r) => members.get(r.clave_socio)?.fuente === id);
    default:
      return records.filter((r) => r.proceso === filter.value);
  }
}

export interface GroupTabProps {
  records: readonly MovimientoRow[];
  members: readonly MovimientoMember[];
  references: GroupReferences;
  pending: PendingMovimientos;
  canExport: boolean;
  onRowClick: (row: MovementTableRow) => void;
}

export function GroupTab(props: GroupTabProps) {
  const { records, members, references, pending } = props;
  const { t } = useTranslation();
  const kindId = useId();
  const valueId = useId();
  const [filter, setFilter] = useState<GroupFilter>({ kind: 'comunidad', value: '' });

  const byKey = useMemo(() => new Map(members.map((m) => [m.clave_socio, m])), [members]);
  const selected = useMemo(() => filterMovements(records, filter, byKey), [records, filter, byKey]);
  const rows = useMemo(
    () => selected.map((r) => toMovementTableRow(r, pending, t)),
    [selected, pending, t],
  );
  const columns = useMemo(() => movementColumns(t, true), [t]);

  const options = useMemo(() => {
    const byName = (a: { label: string }, b: { label: string }) =>
      a.label.localeCompare(b.label, 'es');
    switch (filter.kind) {
      case 'comunidad':
        return references.comunidades
          .map((c) => ({
            value: String(c.id),
            label: `${c.nombre_de_comunidad} — ${c.nombre_region}`,
          }))
          .sort(byName);
      case 'region':
        return [...references.regiones]
          .sort((a, b) => a.id - b.id)
          .map((r) => ({ value: String(r.id), label: r.nombre_de_region }));
      case 'empresa':
        return references.empresas
          .map((e) => ({ value: String(e.id), label: e.nombre_empresa }))
          .sort(byName);
      case 'fuente':
        return references.fuentes
          .map((f) => ({ value: String(f.id), label: f.fuente }))
          .sort(byName);
      default:
        return PROCESSES.map((p) => ({ value: p, label: t(codeLabelKey('processes', p)) }));
    }
  }, [filter.kind, references, t]);

  return (
    <div className="movement-tab" data-testid="movement-group-tab">
      <div className="movement-group-filter card">
        <div className="field">
          <label className="field-label" htmlFor={kindId}>
            {t('movimientos.group.filterBy')}
          </label>
          <select
            id={kindId}
            className="input select"
            value={filter.kind}
            data-testid="movement-group-kind"
            onChange={(event) => {
              const kind = GROUP_FILTERS.find((k) => k === event.target.value);
              if (kind) setFilter({ kind, value: '' });
            }}
          >
            {GROUP_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`movimientos.group.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={valueId}>
            {t(`movimientos.group.kinds.${filter.kind}`)}
          </label>
          <select
            id={valueId}
            className="input select"
            value={filter.value}
            data-testid="movement-group-value"
            onChange={(event) => setFilter({ ...filter, value: event.target.value })}
          >
            <option value="">{t('movimientos.group.choose')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filter.value === '' ? (
        <EmptyState title={t('movimientos.group.prompt')} />
      ) : (
        <DataTable<MovementTableRow>
          id="movimientos-grupo"
          data={rows}
          columns={columns}
          getRowId={(row) => row.key}
          onRowClick={props.onRowClick}
          caption={t('movimientos.group.caption')}
          emptyText={t('movimientos.group.empty')}
          toolbar={props.canExport ? <ExportMovimientosButton records={selected} /> : null}
        />
      )}
    </div>
  );
}

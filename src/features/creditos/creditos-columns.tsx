/**
 * The credits table: the member's name (the column that stays while the
 * others scroll), id, member key, region, start and due dates, term,
 * rates, status and execution status, amount, paid, pending capital, ordinary and late
 * interest, total debt, and the life, current-portfolio and overdue days. Money columns hold
 * cents (sorted as numbers, drawn as currency); status columns hold their label, so the
 * search box and the column filters find "Vencido".
 */
import type { TFunction } from 'i18next';
import { codeLabelKey, type ContractStatus, type ExecutionStatus, type Lang } from '#domain/codes';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { formatCurrency, formatDate, formatRate } from '#domain/format';
import type { CreditRow } from './contract-figures.ts';

const STATUS_TONES: Partial<Record<ContractStatus, BadgeTone>> = {
  VI: 'success',
  VE: 'danger',
  PA: 'primary',
  CN: 'accent',
};
const EXECUTION_TONES: Partial<Record<ExecutionStatus, BadgeTone>> = {
  CO: 'success',
  PC: 'warning',
};

export function StatusBadge({ status, t }: { status: ContractStatus; t: TFunction }) {
  return (
    <Badge tone={STATUS_TONES[status] ?? 'neutral'}>
      {t(codeLabelKey('contractStatuses', status))}
    </Badge>
  );
}

export function ExecutionBadge({ status, t }: { status: ExecutionStatus; t: TFunction }) {
  return (
    <Badge tone={EXECUTION_TONES[status] ?? 'neutral'}>
      {t(codeLabelKey('executionStatuses', status))}
    </Badge>
  );
}

const col = createColumns<CreditRow>();

// Plain cells (no hook per cell): a page shows 200 of them and the list must draw at once.
function moneyCell(cents: number | null) {
  return <span className="num">{cents === null ? '—' : formatCurrency(cents)}</span>;
}

function dateCell(iso: string | null, lang: Lang) {
  return iso ? <time dateTime={iso}>{formatDate(iso, lang)}</time> : <span>—</span>;
}

/** The money columns: cents, or null where the contract has no debt today. */
type MoneyKey =
  | 'monto'
  | 'pagado'
  | 'capital_por_pagar'
  | 'interes_ordinario_deuda'
  | 'interes_moratorio_deuda'
  | 'total_deuda';

function money(key: MoneyKey, header: string) {
  return col.accessor((row): number | null => row[key], {
    id: key,
    header,
    cell: (info) => moneyCell(info.getValue()),
    enableGlobalFilter: false,
    sortUndefined: 'last',
    meta: { align: 'end' },
  });
}

function days(key: 'dias_vida' | 'dias_cartera_vigente' | 'dias_vencidos', header: string) {
  return col.accessor(key, {
    header,
    cell: (info) => <span className="num">{info.getValue() ?? '—'}</span>,
    enableGlobalFilter: false,
    meta: { align: 'end' },
  });
}

/**
 * Shown on request (the columns chooser): what does not fit beside the others at 1366 px. The
 * default set answers "who, where, how much, how late" (the days overdue say it better than
 * the due date, which is one click away).
 */
export const CREDIT_COLUMNS_HIDDEN_BY_DEFAULT: readonly string[] = [
  'clave_socio',
  'fecha_inicio',
  'fecha_vencimiento',
  'plazo_disp',
  'tasa',
  'tasa_moratoria',
  'estatus_ejecucion',
  'pagado',
  'capital_por_pagar',
  'interes_ordinario_deuda',
  'interes_moratorio_deuda',
  'dias_vida',
  'dias_cartera_vigente',
];

export function creditColumns(
  t: TFunction,
  pending: ReadonlySet<number>,
  lang: Lang = 'es',
): DataTableColumn<CreditRow>[] {
  const h = (key: string) => t(`creditos.columns.${key}`);
  return col.columns([
    // First, so it stays on screen while the figures scroll sideways: who the contract is for.
    col.accessor('nombres', { header: h('nombres') }),
    col.accessor('id', {
      header: h('id'),
      cell: (info) => (
        <span className="credito-id">
          <span>{info.getValue()}</span>
          {pending.has(info.getValue()) ? (
            <Badge tone="warning">{t('creditos.pendingBadge')}</Badge>
          ) : null}
        </span>
      ),
      meta: { align: 'end' },
    }),
    col.accessor('clave_socio', { header: h('clave_socio'), meta: { align: 'end' } }),
    col.accessor('nombre_region', { header: h('region') }),
    col.accessor('fecha_inicio', {
      header: h('fecha_inicio'),
      cell: (info) => dateCell(info.getValue(), lang),
    }),
    col.accessor('fecha_vencimiento', {
      header: h('fecha_vencimiento'),
      cell: (info) => dateCell(info.getValue(), lang),
    }),
    col.accessor('plazo_disp', { header: h('plazo'), meta: { align: 'end' } }),
    col.accessor('tasa', {
      header: h('tasa'),
      cell: (info) => <span className="num">{formatRate(info.getValue())}</span>,
      enableGlobalFilter: false,
      meta: { align: 'end' },
    }),
    col.accessor('tasa_moratoria', {
      header: h('tasa_moratoria'),
      cell: (info) => <span className="num">{formatRate(info.getValue())}</span>,
      enableGlobalFilter: false,
      meta: { align: 'end' },
    }),
    col.accessor((row) => t(codeLabelKey('contractStatuses', row.estatus)), {
      id: 'estatus',
      header: h('estatus'),
      cell: (info) => <StatusBadge status={info.row.original.estatus} t={t} />,
    }),
    col.accessor((row) => t(codeLabelKey('executionStatuses', row.estatus_ejecucion)), {
      id: 'estatus_ejecucion',
      header: h('estatus_ejecucion'),
      cell: (info) => <ExecutionBadge status={info.row.original.estatus_ejecucion} t={t} />,
    }),
    money('monto', h('monto')),
    money('pagado', h('pagado')),
    money('capital_por_pagar', h('capital_por_pagar')),
    money('interes_ordinario_deuda', h('interes_ordinario_deuda')),
    money('interes_moratorio_deuda', h('interes_moratorio_deuda')),
    money('total_deuda', h('total_deuda')),
    days('dias_vida', h('dias_vida')),
    days('dias_cartera_vigente', h('dias_cartera_vigente')),
    days('dias_vencidos', h('dias_vencidos')),
  ]);
}

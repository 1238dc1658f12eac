/** The accounting records of the chosen range (newest first, as the server sends them). */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { AccountingRecord } from '#api/bancos';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { createColumns, type DataTableColumn } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';

const col = createColumns<AccountingRecord>();

/** Income or expense, as a coloured chip. */
export function DirectionBadge({ income }: { income: boolean }) {
  const { t } = useTranslation();
  return income ? (
    <Badge tone="success">{t('bancos.records.income')}</Badge>
  ) : (
    <Badge tone="danger">{t('bancos.records.expense')}</Badge>
  );
}

function recordColumns(t: TFunction): DataTableColumn<AccountingRecord>[] {
  return col.columns([
    col.accessor('fecha', {
      header: t('bancos.records.fecha'),
      cell: (info) => <DateText iso={info.getValue()} />,
    }),
    col.accessor((row) => `${row.subcuenta_id_cont} ${row.subcuenta_nombre}`, {
      id: 'subcuenta',
      header: t('bancos.records.subcuenta'),
    }),
    col.accessor('referencia', { header: t('bancos.records.referencia') }),
    col.accessor((row) => parseMoney(row.cantidad) ?? 0, {
      id: 'cantidad',
      header: t('bancos.records.cantidad'),
      cell: (info) => <Currency cents={info.getValue()} />,
      meta: { align: 'end' },
    }),
    col.accessor(
      (row) => (row.ingr_egr ? t('bancos.records.income') : t('bancos.records.expense')),
      {
        id: 'ingr_egr',
        header: t('bancos.records.ingr_egr'),
        cell: (info) => <DirectionBadge income={info.row.original.ingr_egr} />,
      },
    ),
    // Last: the statement line a record came from, to find a deposit by its reference.
    col.accessor('referencia_banco', { header: t('bancos.records.referencia_banco') }),
  ]);
}

export function RecordsTable({
  records,
  onOpen,
  toolbar,
}: {
  records: readonly AccountingRecord[];
  onOpen: (record: AccountingRecord) => void;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const columns = useMemo(() => recordColumns(t), [t]);
  return (
    <DataTable
      id="bank-records"
      data={records}
      columns={columns}
      getRowId={(row) => String(row.id)}
      onRowClick={onOpen}
      caption={t('bancos.records.caption')}
      emptyText={t('bancos.records.empty')}
      toolbar={toolbar}
    />
  );
}

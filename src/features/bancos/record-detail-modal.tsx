/**
 * One accounting record (GET /registros-contables/{id}.json): what it reconciles, its
 * sub-account and bank account, the bank movement's references, who booked it and when.
 */
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAccountingRecord, type AccountingRecord } from '#api/bancos';
import { formatDateTime } from '#domain/format';
import { parseMoney } from '#domain/money';
import { DateText } from '#ui/date-text.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import { LoadFailed } from './needs-connection.tsx';
import { DirectionBadge } from './records-table.tsx';
import { useRemote } from './use-remote.ts';

function Details({ record }: { record: AccountingRecord }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows: [string, ReactNode][] = [
    ['fecha', <DateText iso={record.fecha} />],
    ['referencia', record.referencia],
    ['cantidad', <Currency cents={parseMoney(record.cantidad)} />],
    ['ingr_egr', <DirectionBadge income={record.ingr_egr} />],
    ['subcuenta', `${record.subcuenta_id_cont} ${record.subcuenta_nombre}`],
    [
      'relacion_sistema',
      record.relacion_sistema
        ? t(`bancos.relations.${record.relacion_sistema}`)
        : t('bancos.relations.none'),
    ],
    ['referencia_banco', record.referencia_banco],
    ['referencia_alf', record.referencia_alf ?? '—'],
    ['banco_nombre', record.banco_nombre],
    ['banco_cuenta', record.banco_cuenta],
    ['usuario', record.usuario],
    ['fecha_captura', formatDateTime(record.fecha_captura, lang)],
  ];
  return (
    <dl className="bank-detail" data-testid="record-detail">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(`bancos.records.${key}`)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RecordDetailModal({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const load = useCallback((signal: AbortSignal) => fetchAccountingRecord(id, { signal }), [id]);
  const record = useRemote(load);
  return (
    <Modal open title={t('bancos.records.detailTitle', { id })} onClose={onClose} size="md">
      {record.error ? <LoadFailed onRetry={record.reload} /> : null}
      {record.data ? <Details record={record.data} /> : record.error ? null : <Spinner />}
    </Modal>
  );
}

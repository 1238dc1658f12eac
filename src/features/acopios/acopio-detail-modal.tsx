/**
 * One collection's detail, opened from its list row (the receipt shows in
 * details): what the list shows of it plus its receipt's number and verification code, laid
 * out like the payment's detail. Read only: a collection is not edited after capture.
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { formatKg } from '#domain/format';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { RecordFact, RecordFacts } from '#ui/record-facts.tsx';
import { ReceiptRef } from '#components/receipt-ref.tsx';
import { isLocalKey, type AcopioRow } from '#db/replica-rows';
import type { AcopioTableRow } from './acopios-table.tsx';

export function AcopioDetailModal({
  record,
  row,
  onClose,
}: {
  record: AcopioRow;
  /** The list's line of it: its kilos as a number and its pending marks. */
  row: AcopioTableRow | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const c = (key: string) => t(`acopios.columns.${key}`);
  const title = isLocalKey(record.id)
    ? t('acopios.detail.titleNew')
    : t('acopios.detail.title', { id: record.id });
  const kilos = row?.kilos ?? null;
  return (
    <Modal
      open
      size="md"
      title={title}
      onClose={onClose}
      footer={
        <Button onClick={onClose} data-testid="acopio-detail-close">
          {t('acopios.detail.close')}
        </Button>
      }
    >
      {row?.attention ? (
        <p className="record-facts-note">
          <Badge tone="danger">{t('acopios.attentionBadge')}</Badge>
        </p>
      ) : row?.pending ? (
        <p className="record-facts-note">
          <Badge tone="warning">{t('acopios.pendingBadge')}</Badge>
        </p>
      ) : null}
      <RecordFacts testId="acopio-detail">
        <RecordFact label={t('acopios.detail.socio')}>
          {record.clave_socio} · {record.nombre_socio}
        </RecordFact>
        <RecordFact label={c('region')}>{record.nombre_region}</RecordFact>
        <RecordFact label={c('comunidad')}>{record.nombre_comunidad}</RecordFact>
        <RecordFact label={c('fecha')}>
          <DateText iso={record.fecha} />
        </RecordFact>
        <RecordFact label={c('ingreso')}>
          <Currency cents={parseMoney(record.ingreso)} />
        </RecordFact>
        <RecordFact label={c('producto')}>
          {t(codeLabelKey('processes', record.tipo_de_producto))}
        </RecordFact>
        <RecordFact label={c('kilos')}>{kilos === null ? '—' : formatKg(kilos)}</RecordFact>
        <RecordFact label={t('recibos.field')}>
          <ReceiptRef recibo={record.recibo} codigo={record.recibo_codigo} />
        </RecordFact>
      </RecordFacts>
    </Modal>
  );
}

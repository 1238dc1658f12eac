/**
 * One collection's detail, opened from its list row (issue 15 item 4: the receipt shows in
 * details): what the list shows of it plus its receipt's number and verification code, laid
 * out like the payment's detail. Read only: a collection is not edited after capture.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { formatKg } from '#domain/format';
import { parseMoney } from '#domain/money';
import { Badge } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { ReceiptRef } from '#ui/receipt-ref.tsx';
import { isLocalKey, type AcopioRow } from '#db/replica-rows';
import type { AcopioTableRow } from './acopios-table.tsx';

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="acopio-detail-item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

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
        <p className="acopio-detail-pending">
          <Badge tone="danger">{t('acopios.attentionBadge')}</Badge>
        </p>
      ) : row?.pending ? (
        <p className="acopio-detail-pending">
          <Badge tone="warning">{t('acopios.pendingBadge')}</Badge>
        </p>
      ) : null}
      <dl className="acopio-detail" data-testid="acopio-detail">
        <Item label={t('acopios.detail.socio')}>
          {record.clave_socio} · {record.nombre_socio}
        </Item>
        <Item label={c('region')}>{record.nombre_region}</Item>
        <Item label={c('comunidad')}>{record.nombre_comunidad}</Item>
        <Item label={c('fecha')}>
          <DateText iso={record.fecha} />
        </Item>
        <Item label={c('ingreso')}>
          <Currency cents={parseMoney(record.ingreso)} />
        </Item>
        <Item label={c('producto')}>{t(codeLabelKey('processes', record.tipo_de_producto))}</Item>
        <Item label={c('kilos')}>{kilos === null ? '—' : formatKg(kilos)}</Item>
        <Item label={t('recibos.field')}>
          <ReceiptRef recibo={record.recibo} codigo={record.recibo_codigo} />
        </Item>
      </dl>
    </Modal>
  );
}

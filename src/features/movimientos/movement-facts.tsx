/**
 * What the detail of one movement shows: direction with its A/R
 * marker, member, place, delivery date, amount, process, ordinary or extraordinary, type, bank
 * date and reference, delivery responsible.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { parseMoney } from '#domain/money';
import type { MovimientoRow } from '#db/replica-rows';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';
import { ReceiptRef } from '#components/receipt-ref.tsx';
import { DirectionMark } from './movements-table.tsx';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function MovementFacts({ record }: { record: MovimientoRow }) {
  const { t } = useTranslation();
  const c = (key: string) => t(`movimientos.columns.${key}`);
  const marca = record.aportacion ? 'A' : 'R';
  return (
    <dl className="movement-detail" data-testid="movement-detail">
      <Detail label={c('marca')}>
        <DirectionMark marca={marca} t={t} /> {t(codeLabelKey('movementDirections', marca))}
      </Detail>
      <Detail label={c('nombre')}>
        {record.clave_socio} — {record.nombre_socio}
      </Detail>
      <Detail label={c('comunidad')}>
        {record.nombre_comunidad} — {record.nombre_region}
      </Detail>
      <Detail label={c('fecha_entrega')}>
        <DateText iso={record.fecha_entrega} />
      </Detail>
      <Detail label={c('monto')}>
        <Currency cents={parseMoney(record.monto)} />
      </Detail>
      <Detail label={c('proceso')}>{t(codeLabelKey('processes', record.proceso))}</Detail>
      <Detail label={c('ordinario')}>
        {record.ordinario ? t('movimientos.ordinary.true') : t('movimientos.ordinary.false')}
      </Detail>
      <Detail label={c('tipo')}>
        {t(codeLabelKey('movementTypes', record.tipo_de_movimiento))}
      </Detail>
      <Detail label={c('fecha_banco')}>
        <DateText iso={record.fecha_banco} />
      </Detail>
      <Detail label={c('referencia_banco')}>{record.referencia_banco ?? '—'}</Detail>
      <Detail label={c('responsable_entrega')}>{record.responsable_entrega ?? '—'}</Detail>
      <Detail label={t('recibos.field')}>
        <ReceiptRef recibo={record.recibo} codigo={record.recibo_codigo} />
      </Detail>
    </dl>
  );
}

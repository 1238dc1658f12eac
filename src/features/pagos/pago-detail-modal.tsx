/**
 * One payment's detail (a detail modal with an edit-bank-info button only while the bank date is
 * empty). The edit asks for confirmation, goes through the outbox ('pago.bank',
 * #ui/use-outbox-form.ts) and waits a few seconds for the server: accepted → the
 * screen shows 'Se editó el pago {id} con éxito'; no answer or offline → saved, will be sent;
 * refused → the server's messages under their fields.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { replicaCents } from '#domain/credit-replica';
import { ReceiptRef } from '#components/receipt-ref.tsx';
import {
  paymentBankDataSchema,
  type PaymentBankDataInput,
  type PaymentBankDataValues,
} from '#domain/forms/bank-data-edit';
import { Badge } from '#ui/badge.tsx';
import { EditDetailModal } from '#components/edit-detail-modal.tsx';
import { DateText } from '#ui/date-text.tsx';
import { DateField, TextField } from '#ui/form-field.tsx';
import { Currency } from '#ui/money.tsx';
import { RecordFact, RecordFacts } from '#ui/record-facts.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { outboxForm } from '#commands/outbox';
import { pagoRecordId, type PagoBankPayload } from '#commands/pagos';
import { isLocalKey, type PagoRow as PagoRecord } from '#db/replica-rows';

const PAGO_BANK_FORM = outboxForm('pago.bank');

/** How a bank-data edit ended, for the screen's alert. */
export type PagoEditResult = { outcome: 'sent'; id: string | number } | { outcome: 'queued' };

export interface PagoDetailModalProps {
  record: PagoRecord;
  /** Some change of it still waits to be sent. */
  pending: boolean;
  /** May edit the bank data (PR of the region, CO, GE). */
  canEditBank: boolean;
  onClose: () => void;
  onEdited: (result: PagoEditResult) => void;
}

function PagoFacts({ record }: { record: PagoRecord }) {
  const { t } = useTranslation();
  const money = (text: string) => <Currency cents={replicaCents(text)} />;
  return (
    <RecordFacts testId="pago-detail">
      <RecordFact label={t('pagos.fields.credito')}>{record.credito}</RecordFact>
      <RecordFact label={t('pagos.fields.tipo')}>
        {t(codeLabelKey('creditTypes', record.tipo))}
      </RecordFact>
      <RecordFact label={t('pagos.fields.socio')}>
        {record.clave_socio ? `${record.clave_socio} · ${record.nombres}` : record.nombres}
      </RecordFact>
      <RecordFact label={t('pagos.fields.region')}>{record.nombre_region}</RecordFact>
      <RecordFact label={t('pagos.fields.fecha_pago')}>
        <DateText iso={record.fecha_pago} />
      </RecordFact>
      <RecordFact label={t('pagos.fields.cantidad')}>{money(record.cantidad)}</RecordFact>
      <RecordFact label={t('pagos.fields.abono_capital')}>{money(record.abono_capital)}</RecordFact>
      <RecordFact label={t('pagos.fields.interes_ord')}>{money(record.interes_ord)}</RecordFact>
      <RecordFact label={t('pagos.fields.interes_mor')}>{money(record.interes_mor)}</RecordFact>
      <RecordFact label={t('pagos.fields.estatus_previo')}>
        {t(codeLabelKey('contractStatuses', record.estatus_previo))}
      </RecordFact>
      <RecordFact label={t('pagos.fields.deuda_prev_total')}>
        {money(record.deuda_prev_total)}
      </RecordFact>
      <RecordFact label={t('pagos.fields.deuda_prev_capital')}>
        {money(record.deuda_prev_capital)}
      </RecordFact>
      <RecordFact label={t('pagos.fields.deuda_prev_int_ord')}>
        {money(record.deuda_prev_int_ord)}
      </RecordFact>
      <RecordFact label={t('pagos.fields.deuda_prev_int_mor')}>
        {money(record.deuda_prev_int_mor)}
      </RecordFact>
      <RecordFact label={t('pagos.fields.fecha_banco')}>
        <span data-testid="pago-fecha-banco">
          <DateText iso={record.fecha_banco} />
        </span>
      </RecordFact>
      <RecordFact label={t('pagos.fields.referencia_banco')}>
        {record.referencia_banco ?? '—'}
      </RecordFact>
      <RecordFact label={t('pagos.fields.autor')}>{record.nombre_autor || '—'}</RecordFact>
      <RecordFact label={t('recibos.field')}>
        <ReceiptRef recibo={record.recibo} codigo={record.recibo_codigo} />
      </RecordFact>
    </RecordFacts>
  );
}

function BankFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid pago-bank-fields">
      <DateField
        name="fecha_banco"
        label={t('pagos.fields.fecha_banco')}
        required
        readOnly={disabled}
      />
      <TextField
        name="referencia_banco"
        label={t('pagos.fields.referencia_banco')}
        required
        readOnly={disabled}
        autoComplete="off"
      />
    </div>
  );
}

export function PagoDetailModal(props: PagoDetailModalProps) {
  const { record, canEditBank } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const schema = useMemo(() => paymentBankDataSchema(), []);
  const form = useForm<PaymentBankDataInput, unknown, PaymentBankDataValues>({
    resolver: zodResolver(schema),
    defaultValues: { fecha_banco: '', referencia_banco: '' },
    mode: 'onTouched',
  });
  const [editing, setEditing] = useState(false);
  const { onEdited } = props;
  const { outcome, sending, save } = useOutboxForm(PAGO_BANK_FORM, {
    fixRow: null,
    recordId: pagoRecordId(record.id),
    onRefused: server.setServerErrors,
    onSettled: (done, settled) =>
      onEdited(
        settled === 'sent'
          ? { outcome: 'sent', id: done.serverId ?? String(record.id) }
          : { outcome: 'queued' },
      ),
  });
  // Bank data can be written only while the bank date is empty (docs/business-rules.md#payments).
  const mayEdit = canEditBank && !record.fecha_banco;

  function bankPayload(values: PaymentBankDataValues): PagoBankPayload {
    return {
      id: record.id,
      credito: record.credito,
      bank: { fecha_banco: values.fecha_banco, referencia_banco: values.referencia_banco },
      before: { fecha_banco: record.fecha_banco, referencia_banco: record.referencia_banco },
    };
  }

  const title = isLocalKey(record.id)
    ? t('pagos.detail.titleNew')
    : t('pagos.detail.title', { id: record.id });

  return (
    <EditDetailModal
      title={title}
      size="lg"
      sending={sending}
      onClose={props.onClose}
      footer={{
        editing,
        canEdit: mayEdit,
        formId: 'pago-bank-form',
        texts: {
          cancel: t('pagos.detail.cancel'),
          save: t('pagos.detail.save'),
          edit: t('pagos.detail.editBank'),
          close: t('pagos.detail.close'),
        },
        testIds: { save: 'pago-bank-save', edit: 'pago-bank-edit' },
        onEdit: () => setEditing(true),
        onCancel: () => {
          form.reset();
          server.clearAll();
          setEditing(false);
        },
      }}
      edit={{
        form,
        onSubmit: (values) => save(bankPayload(values)),
        server,
        className: 'form pago-bank-form',
        title: t('pagos.detail.bankTitle'),
        titleClassName: 'pago-bank-title',
        rejected: outcome === 'rejected',
        rejectedText: t('pagos.rejected'),
        sendingText: t('pagos.sending'),
        fields: <BankFields disabled={sending} />,
      }}
    >
      {props.pending ? (
        <p className="record-facts-note">
          <Badge tone="warning">{t('pagos.pendingBadge')}</Badge>
        </p>
      ) : null}
      <PagoFacts record={record} />
    </EditDetailModal>
  );
}

/**
 * One movement in detail (spec part 2 §2 group view). While its bank date is empty, the roles
 * that may (PR for its region, CO, GE) edit its bank data — type, bank date, reference; type EF
 * nulls both (spec part 2 §4–§5). The edit is confirmed and queued ('movimiento.bank'), online
 * or not; 'Movimiento {id} actualizado correctamente' once the server accepts it; a refusal
 * shows each reason under its field (also when reopened from the sync center).
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, MOVEMENT_TYPES } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { needsBankData } from '#domain/forms/bank-data';
import {
  movementBankDataSchema,
  type MovementBankDataInput,
  type MovementBankDataValues,
} from '#domain/forms/bank-data-edit';
import { parseMoney } from '#domain/money';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Badge } from '#ui/badge.tsx';
import { EditFooter } from '#ui/edit-footer.tsx';
import { DateText } from '#ui/date-text.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, SelectField, TextField } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { Modal } from '#ui/modal.tsx';
import { Currency } from '#ui/money.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useReportSettled, useShowRefusal } from '#ui/use-write-events.ts';
import { movementRecordId, type MovimientoBankPayload } from '#commands/movimientos';
import { isLocalMovimiento, type MovimientoRecord } from './movimiento-record.ts';
import { DirectionMark } from './movements-table.tsx';
import { useMovimientoSave } from './use-movimiento-save.ts';

export type BankSaveResult = { outcome: 'sent'; id: number } | { outcome: 'queued' };

/** A refused bank edit this modal can correct. */
export function isFixableBankEdit(row: OutboxRow | null | undefined): row is OutboxRow {
  return !!row && row.kind === 'movimiento.bank' && EDITABLE_STATUSES.includes(row.status);
}

function bankValues(record: MovimientoRecord): MovementBankDataInput {
  return {
    tipo_de_movimiento: record.tipo_de_movimiento,
    fecha_banco: record.fecha_banco ?? '',
    referencia_banco: record.referencia_banco ?? '',
  };
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export interface MovementDetailModalProps {
  record: MovimientoRecord;
  /** May edit bank data (PR for its region, CO, GE). */
  canEditBank: boolean;
  /** A bank edit of this movement waits for the server. */
  pending: boolean;
  fixRow: OutboxRow | null;
  onClose: () => void;
  onSaved: (result: BankSaveResult) => void;
}

export function MovementDetailModal(props: MovementDetailModalProps) {
  const { record, canEditBank, pending } = props;
  const { t } = useTranslation();
  const [fixRow] = useState(() => (isFixableBankEdit(props.fixRow) ? props.fixRow : null));
  const startValues = fixRow
    ? ((fixRow.payload as MovimientoBankPayload).bank as MovementBankDataInput)
    : bankValues(record);
  const schema = useMemo(() => movementBankDataSchema(), []);
  const form = useForm<MovementBankDataInput, unknown, MovementBankDataValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      tipo_de_movimiento: startValues.tipo_de_movimiento,
      fecha_banco: startValues.fecha_banco ?? '',
      referencia_banco: startValues.referencia_banco ?? '',
    },
    mode: 'onTouched',
  });
  const server = useServerErrors();
  const [editing, setEditing] = useState(fixRow !== null);
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useMovimientoSave(mutationId);

  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  const { onSaved } = props;
  useReportSettled(row, outcome, (done, settled) =>
    onSaved(
      settled === 'sent'
        ? { outcome: 'sent', id: Number(done.serverId ?? record.id) }
        : { outcome: 'queued' },
    ),
  );

  const tipo = useWatch({ control: form.control, name: 'tipo_de_movimiento' });
  // Cash stores no bank data (spec part 2 §4): what was typed for BA/TR goes with the type.
  const { getValues, setValue } = form;
  useEffect(() => {
    if (needsBankData(tipo)) return;
    if (getValues('fecha_banco')) setValue('fecha_banco', '');
    if (getValues('referencia_banco')) setValue('referencia_banco', '');
  }, [tipo, getValues, setValue]);
  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
  const sending = outcome === 'sending';
  const editable =
    canEditBank && !isLocalMovimiento(record) && !record.fecha_banco && (!pending || !!fixing);

  async function save(values: MovementBankDataValues) {
    const id = fixing ? (fixing.payload as MovimientoBankPayload).id : (record.id as number);
    const before = fixing ? (fixing.payload as MovimientoBankPayload).before : record;
    const payload: MovimientoBankPayload = { id, bank: values, before };
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue('movimiento.bank', payload, { recordId: movementRecordId(id) });
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error);
    }
  }

  const c = (key: string) => t(`movimientos.columns.${key}`);
  const footer = (
    <EditFooter
      editing={editing}
      canEdit={editable}
      sending={sending}
      formId="movement-bank-form"
      texts={{
        cancel: t('movimientos.detail.cancel'),
        save: t('movimientos.detail.save'),
        edit: t('movimientos.detail.editBank'),
        close: t('movimientos.detail.close'),
      }}
      testIds={{ save: 'movement-bank-save', edit: 'movement-bank-edit' }}
      onEdit={() => setEditing(true)}
      onCancel={() => {
        form.reset(bankValues(record));
        server.clearAll();
        setEditing(false);
      }}
      onClose={props.onClose}
    />
  );

  return (
    <Modal
      open
      size="md"
      title={
        isLocalMovimiento(record)
          ? t('movimientos.detail.titleNew')
          : t('movimientos.detail.title', { id: record.id })
      }
      onClose={props.onClose}
      dismissible={!sending}
      footer={footer}
    >
      <dl className="movement-detail" data-testid="movement-detail">
        <Detail label={c('marca')}>
          <DirectionMark marca={record.aportacion ? 'A' : 'R'} t={t} />{' '}
          {t(codeLabelKey('movementDirections', record.aportacion ? 'A' : 'R'))}
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
      </dl>
      {pending && !fixing ? (
        <p className="movement-detail-note">
          <Badge tone="warning">{t('movimientos.pendingBadge')}</Badge>
        </p>
      ) : null}
      {!editing && canEditBank && record.fecha_banco ? (
        <p className="field-hint">{t('movimientos.detail.bankLocked')}</p>
      ) : null}
      {editing ? (
        <Form
          id="movement-bank-form"
          form={form}
          onSubmit={save}
          serverErrors={server}
          className="form movement-bank-form"
        >
          <h3 className="section-title">{t('movimientos.detail.bankTitle')}</h3>
          <FormSaveLines
            rejected={outcome === 'rejected'}
            sending={sending}
            rejectedText={t('movimientos.rejected')}
            sendingText={t('movimientos.sending')}
            testId="movement-bank-status"
          />
          <FormBanner />
          <SelectField
            name="tipo_de_movimiento"
            label={t('movimientos.fields.tipo_de_movimiento')}
            options={MOVEMENT_TYPES.map((m) => ({
              value: m,
              labelKey: codeLabelKey('movementTypes', m),
            }))}
            required
            readOnly={sending}
          />
          {needsBankData(tipo) ? (
            <>
              <DateField
                name="fecha_banco"
                label={t('movimientos.fields.fecha_banco')}
                required
                max={todayIn()}
                readOnly={sending}
              />
              <TextField
                name="referencia_banco"
                label={t('movimientos.fields.referencia_banco')}
                required
                readOnly={sending}
                autoComplete="off"
              />
            </>
          ) : (
            <p className="field-hint">{t('movimientos.form.cashNoBank')}</p>
          )}
        </Form>
      ) : null}
    </Modal>
  );
}

/**
 * One movement in detail (the facts in ./movement-facts.tsx). While
 * its bank date is empty, the roles that may (PR for its region, CO, GE) edit its bank data —
 * type, bank date, reference; type EF nulls both. The edit is confirmed and
 * queued ('movimiento.bank') through #ui/use-outbox-form.ts, online or not; the screen says
 * 'Movimiento {id} actualizado correctamente' once the server accepts it; a refusal shows each
 * reason under its field (also when reopened from the sync center).
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, useFormContext, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { needsBankData } from '#domain/forms/bank-data';
import {
  movementBankDataSchema,
  type MovementBankDataInput,
  type MovementBankDataValues,
} from '#domain/forms/bank-data-edit';
import type { OutboxRowOf } from '#commands/command-map';
import { movementRecordId, type MovimientoBankPayload } from '#commands/movimientos';
import { outboxForm } from '#commands/outbox';
import { isLocalKey, type MovimientoRow } from '#db/replica-rows';
import { Badge } from '#ui/badge.tsx';
import { EditDetailModal } from '#components/edit-detail-modal.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { BankDateAndReference, MovementTypeField } from './movement-bank-fields.tsx';
import { MovementFacts } from './movement-facts.tsx';

const MOVEMENT_BANK_FORM = outboxForm('movimiento.bank');

/** A bank edit's outbox row: the refused one the modal corrects, or the one it follows. */
export type BankFixRow = OutboxRowOf<'movimiento.bank'>;

export type BankSaveResult = { outcome: 'sent'; id: number } | { outcome: 'queued' };

/** The bank data of a movement (or of a refused edit) as the form's values. */
function bankValues(bank: MovimientoBankPayload['bank']): MovementBankDataInput {
  return {
    tipo_de_movimiento: bank.tipo_de_movimiento,
    fecha_banco: bank.fecha_banco ?? '',
    referencia_banco: bank.referencia_banco ?? '',
  };
}

/** The edit's fields; cash stores no bank data, so EF clears what was typed. */
function BankEditFields({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  const { getValues, setValue } = useFormContext<MovementBankDataInput>();
  const tipo = useWatch<MovementBankDataInput, 'tipo_de_movimiento'>({
    name: 'tipo_de_movimiento',
  });
  useEffect(() => {
    if (needsBankData(tipo)) return;
    if (getValues('fecha_banco')) setValue('fecha_banco', '');
    if (getValues('referencia_banco')) setValue('referencia_banco', '');
  }, [tipo, getValues, setValue]);
  return (
    <>
      <MovementTypeField sending={sending} />
      {needsBankData(tipo) ? (
        <BankDateAndReference sending={sending} />
      ) : (
        <p className="field-hint">{t('movimientos.form.cashNoBank')}</p>
      )}
    </>
  );
}

export interface MovementDetailModalProps {
  record: MovimientoRow;
  /** May edit bank data (PR for its region, CO, GE). */
  canEditBank: boolean;
  /** A bank edit of this movement waits for the server. */
  pending: boolean;
  /** A refused bank edit of this movement to correct, if any. */
  fixRow: BankFixRow | null;
  onClose: () => void;
  onSaved: (result: BankSaveResult) => void;
}

export function MovementDetailModal(props: MovementDetailModalProps) {
  const { record, canEditBank, pending, onSaved } = props;
  const { t } = useTranslation();
  // Read once: the refused row leaves the outbox when its correction is queued.
  const [fixRow] = useState(props.fixRow);
  const schema = useMemo(() => movementBankDataSchema(), []);
  const form = useForm<MovementBankDataInput, unknown, MovementBankDataValues>({
    resolver: zodResolver(schema),
    defaultValues: bankValues(fixRow ? fixRow.payload.bank : record),
    mode: 'onTouched',
  });
  const server = useServerErrors();
  const [editing, setEditing] = useState(fixRow !== null);
  const { outcome, fixing, sending, save } = useOutboxForm(MOVEMENT_BANK_FORM, {
    fixRow,
    recordId: isLocalKey(record.id) ? undefined : movementRecordId(record.id),
    onRefused: server.setServerErrors,
    onSettled: (done, settled) =>
      onSaved(
        settled === 'sent'
          ? { outcome: 'sent', id: Number(done.serverId ?? record.id) }
          : { outcome: 'queued' },
      ),
  });
  // Bank data can be written only while the bank date is empty
  // (docs/business-rules.md#contributions-and-withdrawals).
  const editable =
    canEditBank && !isLocalKey(record.id) && !record.fecha_banco && (!pending || !!fixing);

  function submit(values: MovementBankDataValues) {
    // A correction keeps the movement and the undo of the edit it corrects.
    const id = fixing ? fixing.payload.id : record.id;
    if (isLocalKey(id)) return; // not numbered yet: no bank edit (never editable)
    return save({ id, bank: values, before: fixing ? fixing.payload.before : record });
  }

  return (
    <EditDetailModal
      title={
        isLocalKey(record.id)
          ? t('movimientos.detail.titleNew')
          : t('movimientos.detail.title', { id: record.id })
      }
      size="md"
      sending={sending}
      onClose={props.onClose}
      footer={{
        editing,
        canEdit: editable,
        formId: 'movement-bank-form',
        texts: {
          cancel: t('movimientos.detail.cancel'),
          save: t('movimientos.detail.save'),
          edit: t('movimientos.detail.editBank'),
          close: t('movimientos.detail.close'),
        },
        testIds: { save: 'movement-bank-save', edit: 'movement-bank-edit' },
        onEdit: () => setEditing(true),
        onCancel: () => {
          form.reset(bankValues(record));
          server.clearAll();
          setEditing(false);
        },
      }}
      edit={{
        form,
        onSubmit: submit,
        server,
        className: 'form movement-bank-form',
        title: t('movimientos.detail.bankTitle'),
        titleClassName: 'section-title',
        rejected: outcome === 'rejected',
        rejectedText: t('movimientos.rejected'),
        sendingText: t('movimientos.sending'),
        statusTestId: 'movement-bank-status',
        fields: <BankEditFields sending={sending} />,
      }}
    >
      <MovementFacts record={record} />
      {pending && !fixing ? (
        <p className="movement-detail-note">
          <Badge tone="warning">{t('movimientos.pendingBadge')}</Badge>
        </p>
      ) : null}
      {!editing && canEditBank && record.fecha_banco ? (
        <p className="field-hint">{t('movimientos.detail.bankLocked')}</p>
      ) : null}
    </EditDetailModal>
  );
}

/**
 * The collection capture form, its fields in
 * ./acopio-form-fields.tsx. A save is confirmed, then queued in the outbox ('acopio.create')
 * — with or without signal — through #ui/use-outbox-form.ts, which follows that item live: on
 * the wire, saved on the phone, 'Acopio {id} creado correctamente' once the server numbers it,
 * or refused with each reason under its field. Once sent or saved to be sent, the form is blank
 * again for the next collection of the visit (same date). A refused item (live, or opened from
 * the sync center with `?corregir=`) is corrected here and sent again.
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { todayIn } from '#domain/dates';
import { acopioSchema, type AcopioInput, type AcopioValues } from '#domain/forms/acopio';
import { checkDeliveryMember, deliveryDisplayOf } from '#domain/delivery-member';
import { acopioBody, type AcopioCreatePayload } from '#commands/acopios';
import type { OutboxRowOf } from '#commands/command-map';
import { outboxForm } from '#commands/outbox';
import { memberByKey } from '#components/delivery-member-field.tsx';
import { DeliveryFormShell } from '#components/delivery-form-shell.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { useReturnTo } from '#ui/return-to.ts';
import { showReceipt } from '#ui/receipt-store.ts';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { acopioReceiptDraft, promoterOf } from '#commands/receipt-drafts';
import { allocateReceipt, issueReceipt } from '#commands/receipts';
import { AcopioFields } from './acopio-form-fields.tsx';
import { AcopioReview } from './acopio-review.tsx';
import type { AcopioMember } from './use-acopios-data.ts';
import { useCaptureConfirm } from '#ui/use-capture-confirm.ts';

const ACOPIO_FORM = outboxForm('acopio.create');

/** A collection's outbox row: the refused one the form corrects, or the one it follows. */
export type AcopioFixRow = OutboxRowOf<'acopio.create'>;

function blankValues(fecha: string, socio = ''): AcopioInput {
  return { clave_socio: socio, fecha, tipo_de_producto: '', kilos_de_producto: '', ingreso: '' };
}

function valuesOfPayload(payload: AcopioCreatePayload): AcopioInput {
  const a = payload.acopio;
  return {
    clave_socio: String(a.clave_socio),
    fecha: a.fecha,
    tipo_de_producto: a.tipo_de_producto,
    kilos_de_producto: a.kilos_de_producto ?? '',
    ingreso: a.ingreso,
  };
}

/**
 * The form's schema plus what the phone knows of the member: it must be on the phone (the
 * replica holds every member the user may capture for) and active in the product — the same
 * checks the server makes, with its messages.
 */
function captureSchema(members: readonly AcopioMember[]) {
  const byKey = new Map(members.map((m) => [m.clave_socio, m]));
  return acopioSchema().superRefine((values, ctx) => {
    checkDeliveryMember(ctx, byKey.get(values.clave_socio), values.clave_socio, {
      field: 'tipo_de_producto',
      value: values.tipo_de_producto,
    });
  });
}

export interface AcopioFormProps {
  members: readonly AcopioMember[];
  /** A refused item to correct (`?corregir=<mutation id>`), if any. */
  fixRow: AcopioFixRow | null;
  /** Member key to start with (`?socio=`). */
  initialSocio?: string;
  /** Open a refused item in this form (the screen sets `?corregir=`, which remounts it). */
  onOpenFix: (mutationId: string) => void;
}

export function AcopioForm(props: AcopioFormProps) {
  const { members, initialSocio = '', onOpenFix } = props;
  const { t } = useTranslation();
  const confirmWords = useCaptureConfirm('acopio');
  const server = useServerErrors();
  // Opened from the community visit: back to it once saved.
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const promoter = promoterOf(
    useStore(sessionStore, (st) => st.user),
    useStore(sessionStore, (st) => st.role),
  );
  const schema = useMemo(() => captureSchema(members), [members]);
  // Read once: the refused row leaves the outbox when its correction is queued.
  const [startFix] = useState(props.fixRow);
  const form = useForm<AcopioInput, unknown, AcopioValues>({
    resolver: zodResolver(schema),
    defaultValues: startFix
      ? valuesOfPayload(startFix.payload)
      : blankValues(todayIn(), initialSocio),
    mode: 'onTouched',
  });
  const statusRef = useRef<HTMLDivElement>(null);
  // On a phone the save button is far below: bring the outcome and the first field back.
  const showStatus = () => statusRef.current?.scrollIntoView?.({ block: 'center' });
  const { row, outcome, fixing, sending, save } = useOutboxForm(ACOPIO_FORM, {
    fixRow: startFix,
    // Refused while the form holds it: each reason goes under its field.
    onRefused: (body) => {
      server.setServerErrors(body);
      showStatus();
    },
    // Let go: a blank form for the next collection of the visit (same date).
    onSettled: () => {
      if (returnTo) {
        navigate(returnTo);
        return;
      }
      server.clearAll();
      form.reset(blankValues(String(form.getValues('fecha') || todayIn())));
      showStatus();
    },
    errors: { isCreate: true },
    // The member's receipt, on screen at once (offline too).
    onQueued: (payload, mutationId) => {
      const draft = acopioReceiptDraft(payload, mutationId, promoter);
      if (draft) void issueReceipt(draft, showReceipt);
    },
  });

  async function submit(values: AcopioValues) {
    const member = memberByKey(members, values.clave_socio);
    const receipt = await allocateReceipt(promoter.id, fixing?.payload.acopio.recibo ?? null);
    return save({
      acopio: acopioBody({ ...values, ...receipt }),
      // A correction keeps its names when the member is no longer on the phone.
      display: deliveryDisplayOf(member, fixing?.payload.display ?? null),
    });
  }

  return (
    <DeliveryFormShell
      {...confirmWords}
      id="acopio-form"
      className="form acopio-form card"
      form={form}
      onSubmit={submit}
      server={server}
      confirm={t('acopios.form.confirm')}
      review={(values) => <AcopioReview values={values} members={members} />}
      fixing={fixing !== null}
      sending={sending}
      statusRef={statusRef}
      status={{
        outcome,
        row,
        onFix: onOpenFix,
        section: 'acopios',
        testId: 'acopio',
        className: 'acopio-status',
      }}
      returnTo={returnTo}
    >
      <AcopioFields members={members} sending={sending} />
    </DeliveryFormShell>
  );
}

/**
 * The contribution/withdrawal form; its sections are in
 * ./movement-form-fields.tsx and the rules the phone checks before sending (member active in
 * the process, a cash contribution dated in the month of capture, a withdrawal within the
 * balance — pending movements included) in ./movement-capture.ts. Confirmed, then queued
 * ('movimiento.create') with or without signal through #ui/use-outbox-form.ts; 'Movimiento
 * {id} creado correctamente' once the server numbers it; once sent or saved to be sent the form
 * is blank for the next movement (same date and kind). A refusal shows each reason under its
 * field and is corrected here (also when opened from the sync center with `?corregir=`).
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { todayIn } from '#domain/dates';
import type { MovementInput, MovementValues } from '#domain/forms/movement';
import { captureMonth } from '#domain/movement-month';
import { deliveryDisplayOf } from '#domain/delivery-member';
import type { OutboxRowOf } from '#commands/command-map';
import { movementBody } from '#commands/movimientos';
import { movimientoReceiptDraft, promoterOf } from '#commands/receipt-drafts';
import { allocateReceipt, issueReceipt } from '#commands/receipts';
import { outboxForm } from '#commands/outbox';
import type { MovimientoRow } from '#db/replica-rows';
import { memberByKey } from '#components/delivery-member-field.tsx';
import { DeliveryFormShell } from '#components/delivery-form-shell.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { useReturnTo } from '#ui/return-to.ts';
import { showReceipt } from '#ui/receipt-store.ts';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import { blankValues, captureSchema, valuesOfPayload } from './movement-capture.ts';
import { MovementFields, MovementKind } from './movement-form-fields.tsx';
import { MovementReview } from './movement-review.tsx';
import { useNotCountedMovimientos, type MovimientoMember } from './use-movimientos-data.ts';
import { useCaptureConfirm } from '#ui/use-capture-confirm.ts';

const MOVIMIENTO_FORM = outboxForm('movimiento.create');

/** A movement's outbox row: the refused one the form corrects, or the one it follows. */
export type MovimientoFixRow = OutboxRowOf<'movimiento.create'>;

export interface MovementFormProps {
  members: readonly MovimientoMember[];
  records: readonly MovimientoRow[];
  canWithdraw: boolean;
  /** A refused movement to correct (`?corregir=<mutation id>`), if any. */
  fixRow: MovimientoFixRow | null;
  /** Member key to start with (`?socio=`). */
  initialSocio?: string;
  /** Open a refused item in this form (the screen sets `?corregir=`, which remounts it). */
  onOpenFix: (mutationId: string) => void;
}

export function MovementForm(props: MovementFormProps) {
  const { members, records, canWithdraw, initialSocio = '', onOpenFix } = props;
  const confirmWords = useCaptureConfirm('movimiento');
  const server = useServerErrors();
  // Opened from the community visit: back to it once saved.
  const returnTo = useReturnTo();
  const navigate = useNavigate();
  const promoter = promoterOf(
    useStore(sessionStore, (st) => st.user),
    useStore(sessionStore, (st) => st.role),
  );
  // Read once: the refused row leaves the outbox when its correction is queued.
  const [startFix] = useState(props.fixRow);
  const statusRef = useRef<HTMLDivElement>(null);
  // On a phone the save button is far below: bring the outcome and the first field back.
  const showStatus = () => statusRef.current?.scrollIntoView?.({ block: 'center' });
  const { row, outcome, fixing, sending, save } = useOutboxForm(MOVIMIENTO_FORM, {
    fixRow: startFix,
    // Refused while the form holds it: each reason goes under its field.
    onRefused: (body) => {
      server.setServerErrors(body);
      showStatus();
    },
    // Let go: a blank form for the next movement (same date and kind). Called from an effect,
    // once `form` below exists.
    onSettled: () => {
      if (returnTo) {
        navigate(returnTo);
        return;
      }
      server.clearAll();
      const aportacion = form.getValues('aportacion') !== false;
      form.reset(blankValues(String(form.getValues('fecha_entrega') || todayIn()), aportacion));
      showStatus();
    },
    errors: { isCreate: true },
    // The member's receipt, on screen at once (offline too).
    onQueued: (payload, mutationId) => {
      const draft = movimientoReceiptDraft(payload, mutationId, promoter);
      if (draft) void issueReceipt(draft, showReceipt);
    },
  });

  const exceptRecord = fixing?.recordId ?? null;
  const notCounted = useNotCountedMovimientos();
  const fixCapturedAt = fixing?.capturedAt ?? null;
  const schema = useMemo(
    () =>
      captureSchema({
        members,
        records,
        exceptRecord,
        notCounted,
        // A correction keeps its capture instant; a new capture is judged by now.
        capturedAt: () => (fixCapturedAt ? new Date(fixCapturedAt) : new Date()),
      }),
    [members, records, exceptRecord, notCounted, fixCapturedAt],
  );
  const form = useForm<MovementInput, unknown, MovementValues>({
    resolver: zodResolver(schema),
    defaultValues: startFix
      ? valuesOfPayload(startFix.payload)
      : blankValues(todayIn(), true, initialSocio),
    mode: 'onTouched',
  });

  async function submit(values: MovementValues) {
    const receipt = await allocateReceipt(promoter.id, fixing?.payload.movimiento.recibo ?? null);
    return save({
      movimiento: movementBody({ ...values, ...receipt }),
      // A correction keeps its names when the member is no longer on the phone.
      display: deliveryDisplayOf(
        memberByKey(members, values.clave_socio),
        fixing?.payload.display ?? null,
      ),
    });
  }

  return (
    <DeliveryFormShell
      {...confirmWords}
      id="movement-form"
      className="form movement-form card"
      form={form}
      onSubmit={submit}
      server={server}
      review={(values) => <MovementReview values={values} members={members} />}
      fixing={fixing !== null}
      sending={sending}
      statusRef={statusRef}
      status={{
        outcome,
        row,
        onFix: onOpenFix,
        section: 'movimientos',
        testId: 'movimiento',
        className: 'movement-status',
      }}
      returnTo={returnTo}
    >
      <MovementKind sending={sending} canWithdraw={canWithdraw} />
      <MovementFields
        members={members}
        records={records}
        exceptRecord={exceptRecord}
        notCounted={notCounted}
        captureMonth={captureMonth(fixCapturedAt ? new Date(fixCapturedAt) : new Date())}
        sending={sending}
      />
    </DeliveryFormShell>
  );
}

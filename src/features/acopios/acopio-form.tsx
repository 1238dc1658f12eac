/**
 * The collection capture form (spec part 2 §2, §5 "Acopio"): member key with search, date,
 * product pictograms (only the processes the member is active in), kilos (required, up to 2
 * decimals, for coffee and honey only), income, and the computed average price. A save is
 * confirmed, then queued in the outbox ('acopio.create') — with or without signal. The form
 * follows that item live: on the wire, saved on the phone, 'Acopio {id} creado correctamente'
 * once the server numbers it, or refused with each reason under its field. A refused item
 * (live, or opened from the sync center with `?corregir=`) is corrected here and sent again.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { codeLabelKey } from '#domain/codes';
import { todayIn } from '#domain/dates';
import {
  acopioNeedsKilos,
  acopioSchema,
  averagePriceCents,
  type AcopioInput,
  type AcopioValues,
} from '#domain/forms/acopio';
import { checkDeliveryMember, deliveryDisplayOf } from '#domain/delivery-member';
import { parseMoney } from '#domain/money';
import { enqueue, resubmit } from '#sync/commands';
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { CaptureSaveStatus } from '#ui/capture-save-status.tsx';
import { DeliveryMemberField, memberByKey } from '#ui/delivery-member-field.tsx';
import { DeliveryProcessField } from '#ui/delivery-process-field.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, NumberField } from '#ui/form-field.tsx';
import { Currency } from '#ui/money.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useCaptureHold } from '#ui/use-capture-hold.ts';
import { acopioBody, type AcopioCreatePayload } from '#commands/acopios';
import type { AcopioMember } from './use-acopios-data.ts';

/** A refused collection this form can correct and send again. */
export function isFixableAcopio(row: OutboxRow | null | undefined): row is OutboxRow {
  return !!row && row.kind === 'acopio.create' && EDITABLE_STATUSES.includes(row.status);
}

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
  fixRow: OutboxRow | null;
  /** Member key to start with (`?socio=`). */
  initialSocio?: string;
  /** Open a refused item in this form (the screen sets `?corregir=`, which remounts it). */
  onOpenFix: (mutationId: string) => void;
}

export function AcopioForm(props: AcopioFormProps) {
  const { members, fixRow, initialSocio = '', onOpenFix } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const schema = useMemo(() => captureSchema(members), [members]);
  // Read once: the refused row leaves the outbox when its correction is queued.
  const [startFix] = useState(() => (isFixableAcopio(fixRow) ? fixRow : null));
  const form = useForm<AcopioInput, unknown, AcopioValues>({
    resolver: zodResolver(schema),
    defaultValues: startFix
      ? valuesOfPayload(startFix.payload as AcopioCreatePayload)
      : blankValues(todayIn(), initialSocio),
    mode: 'onTouched',
  });
  const statusRef = useRef<HTMLDivElement>(null);
  const { setServerErrors, clearAll } = server;
  const { reset, getValues, setValue } = form;
  const { row, outcome, holding, sending, track } = useCaptureHold(
    startFix?.id ?? null,
    OUTBOX_SAVE,
    {
      // Refused while the form holds it: each reason goes under its field.
      rejected: (body) => {
        setServerErrors(body);
        statusRef.current?.scrollIntoView?.({ block: 'center' });
      },
      // Let go: a blank form for the next collection of the visit (same date).
      released: () => {
        clearAll();
        reset(blankValues(String(getValues('fecha') || todayIn())));
        // On a phone the save button is far below: bring the outcome and the first field back.
        statusRef.current?.scrollIntoView?.({ block: 'center' });
      },
    },
  );

  const [clave, tipo, ingreso, kilos] = useWatch({
    control: form.control,
    name: ['clave_socio', 'tipo_de_producto', 'ingreso', 'kilos_de_producto'],
  });
  const member = memberByKey(members, clave);
  const statuses = member?.statuses ?? {};

  // A product the newly chosen member is not active in cannot stay chosen.
  const previousMember = useRef(member?.clave_socio);
  useEffect(() => {
    if (previousMember.current === member?.clave_socio) return;
    previousMember.current = member?.clave_socio;
    const chosen = getValues('tipo_de_producto');
    if (chosen && member && member.statuses[chosen as keyof typeof member.statuses] !== 'AC')
      setValue('tipo_de_producto', '', { shouldValidate: false });
  }, [member, getValues, setValue]);

  const needsKilos = acopioNeedsKilos(typeof tipo === 'string' ? tipo : null);
  const ingresoCents = parseMoney(typeof ingreso === 'string' ? ingreso.trim() : ingreso);
  const price =
    needsKilos && ingresoCents !== null && ingresoCents > 0
      ? averagePriceCents(ingresoCents, typeof kilos === 'string' ? kilos.trim() : kilos)
      : null;

  const fixing = holding && row && EDITABLE_STATUSES.includes(row.status) ? row : null;

  async function save(values: AcopioValues) {
    const previous = fixing ? (fixing.payload as AcopioCreatePayload) : null;
    const payload: AcopioCreatePayload = {
      acopio: acopioBody(values),
      display: deliveryDisplayOf(
        memberByKey(members, values.clave_socio),
        previous?.display ?? null,
      ),
    };
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue('acopio.create', payload);
      track(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: true });
    }
  }

  const f = (key: string) => t(`acopios.fields.${key}`);
  const productName = (p: string) => t(codeLabelKey('processes', p as 'CF'));

  return (
    <Form
      form={form}
      onSubmit={save}
      serverErrors={server}
      className="form acopio-form card"
      id="acopio-form"
      confirm={t('acopios.form.confirm')}
    >
      {fixing ? (
        <p className="field-hint" data-testid="acopio-fixing">
          {t('acopios.form.fixing')}
        </p>
      ) : null}
      <div ref={statusRef} className="save-status-anchor">
        <CaptureSaveStatus
          outcome={outcome}
          row={row}
          holding={holding}
          onFix={onOpenFix}
          section="acopios"
          testId="acopio"
          className="acopio-status"
        />
      </div>
      <FormBanner />
      <div className="acopio-form-grid">
        <DeliveryMemberField
          name="clave_socio"
          label={f('clave_socio')}
          members={members}
          required
          readOnly={sending}
          notFoundText={t('acopios.form.memberMissing')}
        />
        <DateField name="fecha" label={f('fecha')} required max={todayIn()} readOnly={sending} />
        <div className="is-wide">
          <DeliveryProcessField
            name="tipo_de_producto"
            label={f('tipo_de_producto')}
            statuses={statuses}
            required
            readOnly={sending}
            hint={member ? t('acopios.form.processHint') : t('acopios.form.processNeedsMember')}
          />
        </div>
        {needsKilos ? (
          <NumberField
            name="kilos_de_producto"
            label={f('kilos_de_producto')}
            required
            readOnly={sending}
            hint={t('acopios.form.kilosHint', { product: productName(String(tipo)) })}
          />
        ) : null}
        <NumberField name="ingreso" label={f('ingreso')} required readOnly={sending} />
        {needsKilos ? (
          <div className="acopio-price" aria-live="polite">
            <span className="field-label">{f('precio_promedio')}</span>
            <output data-testid="acopio-price">
              {price === null ? '—' : <Currency cents={price} />}
              {price === null ? null : <span> {t('acopios.form.perKg')}</span>}
            </output>
          </div>
        ) : null}
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={sending} data-testid="acopio-save">
          {fixing ? t('acopios.form.resend') : t('acopios.form.save')}
        </Button>
        <Link className="btn btn-ghost" to="/acopios">
          {t('acopios.form.toList')}
        </Link>
      </div>
    </Form>
  );
}

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
import { msg } from '#domain/messages';
import { parseMoney } from '#domain/money';
import { issueAt } from '#domain/rules';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { DeliveryMemberField, memberByKey } from '#ui/delivery-member-field.tsx';
import { DeliveryProcessField } from '#ui/delivery-process-field.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, NumberField } from '#ui/form-field.tsx';
import { Currency } from '#ui/money.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { ACOPIO_CREATE, acopioBody, type AcopioCreatePayload } from './acopio-commands.ts';
import type { AcopioDisplay } from './acopio-record.ts';
import { useAcopioSave, type AcopioSaveOutcome } from './use-acopio-save.ts';
import type { AcopioMember } from './use-acopios-data.ts';

/** A refused collection this form can correct and send again. */
export function isFixableAcopio(row: OutboxRow | null | undefined): row is OutboxRow {
  return !!row && row.kind === ACOPIO_CREATE && EDITABLE_STATUSES.includes(row.status);
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

function displayOf(
  member: AcopioMember | undefined,
  fallback: AcopioDisplay | null,
): AcopioDisplay {
  if (!member) {
    return (
      fallback ?? {
        nombre_socio: '',
        region: 0,
        nombre_region: '',
        comunidad: 0,
        nombre_comunidad: '',
      }
    );
  }
  return {
    nombre_socio: member.full_name,
    region: member.region,
    nombre_region: member.nombre_region,
    comunidad: member.comunidad,
    nombre_comunidad: member.nombre_comunidad,
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
    const member = byKey.get(values.clave_socio);
    if (!member) {
      issueAt(
        ctx,
        'clave_socio',
        msg('server.deliveries.memberNotFound', { clave: values.clave_socio }),
      );
      return;
    }
    if (member.statuses[values.tipo_de_producto] !== 'AC') {
      issueAt(
        ctx,
        'tipo_de_producto',
        msg('server.deliveries.memberInactive', {
          clave: values.clave_socio,
          proceso: values.tipo_de_producto,
        }),
      );
    }
  });
}

function SaveStatus({
  outcome,
  row,
  holding,
  onFix,
}: {
  outcome: AcopioSaveOutcome;
  row: OutboxRow | undefined;
  holding: boolean;
  onFix: (mutationId: string) => void;
}) {
  const { t } = useTranslation();
  if (outcome === null || !row) return null;
  if (outcome === 'sending')
    return (
      <p className="form-status" role="status" data-testid="acopio-status" data-outcome={outcome}>
        <Spinner inline /> {t('acopios.sending')}
      </p>
    );
  const text =
    outcome === 'sent'
      ? t('acopios.created', { id: row.serverId ?? '' })
      : outcome === 'queued'
        ? t('acopios.queued')
        : holding
          ? t('acopios.rejected')
          : t('acopios.rejectedLater');
  return (
    <div
      className={`form-status acopio-status is-${outcome}`}
      role={outcome === 'rejected' ? 'alert' : 'status'}
      data-testid="acopio-status"
      data-outcome={outcome}
    >
      <span>{text}</span>
      {outcome === 'rejected' && !holding ? (
        <Button variant="secondary" onClick={() => onFix(row.id)} data-testid="acopio-fix">
          {t('acopios.fix')}
        </Button>
      ) : null}
    </div>
  );
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
  // The item the status line follows, and the item whose values the form holds (null once
  // that item is saved and the form is free for the next collection).
  const [tracked, setTracked] = useState<string | null>(startFix?.id ?? null);
  const [held, setHeld] = useState<string | null>(startFix?.id ?? null);
  const [released, setReleased] = useState<string | null>(null);
  const { row, outcome } = useAcopioSave(tracked);
  const shownFor = useRef<string | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const { setServerErrors, clearAll } = server;
  const { reset, getValues, setValue } = form;

  // Sent, or saved to be sent: the form lets go of it (the status line keeps following it).
  if (held !== null && row?.id === held && (outcome === 'sent' || outcome === 'queued')) {
    setHeld(null);
    setReleased(held);
  }
  const holding = held !== null && held === tracked;

  // Refused while the form holds it: each reason goes under its field, once.
  useEffect(() => {
    if (holding && row && outcome === 'rejected' && shownFor.current !== row.id) {
      shownFor.current = row.id;
      setServerErrors(row.lastError?.body ?? null);
      statusRef.current?.scrollIntoView?.({ block: 'center' });
    }
  }, [row, outcome, holding, setServerErrors]);

  // Let go: a blank form for the next collection of the visit (same date).
  const resetFor = useRef<string | null>(null);
  useEffect(() => {
    if (released === null || resetFor.current === released) return;
    resetFor.current = released;
    clearAll();
    reset(blankValues(String(getValues('fecha') || todayIn())));
    // On a phone the save button is far below: bring the outcome and the first field back.
    statusRef.current?.scrollIntoView?.({ block: 'center' });
  }, [released, clearAll, reset, getValues]);

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
  const sending = holding && outcome === 'sending';

  async function save(values: AcopioValues) {
    const previous = fixing ? (fixing.payload as AcopioCreatePayload) : null;
    const payload: AcopioCreatePayload = {
      acopio: acopioBody(values),
      display: displayOf(memberByKey(members, values.clave_socio), previous?.display ?? null),
    };
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue(ACOPIO_CREATE, payload);
      shownFor.current = null;
      setTracked(sent.mutationId);
      setHeld(sent.mutationId);
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
        <SaveStatus outcome={outcome} row={row} holding={holding} onFix={onOpenFix} />
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

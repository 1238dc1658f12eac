/**
 * The contribution/withdrawal form (spec part 2 §2, §5 "Movement"): contribution or withdrawal
 * (withdrawal only for CO and GE), member key with search and its balance — movements still
 * waiting to be sent included and marked — delivery date, process (only those the member is
 * active in), amount, ordinary or extraordinary, type (EF nulls the bank date and reference;
 * BA and TR require them), delivery responsible. Before sending, the phone applies what it can
 * of the server's rules: a cash contribution's date must fall in the month of capture
 * (#domain/movement-month), a withdrawal may not exceed the balance. Confirmed, then queued
 * ('movimiento.create') with or without signal; 'Movimiento {id} creado correctamente' once
 * the server numbers it; a refusal shows each reason under its field and is corrected here
 * (also when opened from the sync center with `?corregir=`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { codeLabelKey, MOVEMENT_TYPES } from '#domain/codes';
import { withdrawalFits } from '#domain/balance';
import { todayIn } from '#domain/dates';
import { needsBankData } from '#domain/forms/bank-data';
import { movementSchema, type MovementInput, type MovementValues } from '#domain/forms/movement';
import { formatCurrency } from '#domain/format';
import { msg } from '#domain/messages';
import { centsToDecimalString, parseMoney } from '#domain/money';
import { captureMonth, cashMonthMessage, cashMonthProblem } from '#domain/movement-month';
import { issueAt } from '#domain/rules';
import { checkDeliveryMember, deliveryDisplayOf } from '#domain/delivery-member';
import { enqueue, resubmit } from '#sync/commands';
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { CaptureSaveStatus } from '#ui/capture-save-status.tsx';
import { DeliveryMemberField, memberByKey } from '#ui/delivery-member-field.tsx';
import { DeliveryProcessField } from '#ui/delivery-process-field.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, NumberField, SelectField, TextField } from '#ui/form-field.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useCaptureHold } from '#ui/use-capture-hold.ts';
import { memberBalance } from './member-balance.ts';
import { BalanceFigures } from './member-summary.tsx';
import { movementBody, type MovimientoCreatePayload } from '#commands/movimientos';
import type { MovimientoRecord } from './movimiento-record.ts';
import type { MovimientoMember } from './use-movimientos-data.ts';

/** A refused movement this form can correct and send again. */
export function isFixableMovimiento(row: OutboxRow | null | undefined): row is OutboxRow {
  return !!row && row.kind === 'movimiento.create' && EDITABLE_STATUSES.includes(row.status);
}

function blankValues(fecha: string, aportacion: boolean, socio = ''): MovementInput {
  return {
    clave_socio: socio,
    fecha_entrega: fecha,
    monto: '',
    proceso: '',
    aportacion,
    ordinario: 'true',
    tipo_de_movimiento: '',
    fecha_banco: '',
    referencia_banco: '',
    responsable_entrega: '',
  };
}

function valuesOfPayload(payload: MovimientoCreatePayload): MovementInput {
  const m = payload.movimiento;
  return {
    clave_socio: String(m.clave_socio),
    fecha_entrega: m.fecha_entrega,
    monto: m.monto,
    proceso: m.proceso,
    aportacion: m.aportacion,
    ordinario: String(m.ordinario),
    tipo_de_movimiento: m.tipo_de_movimiento,
    fecha_banco: m.fecha_banco ?? '',
    referencia_banco: m.referencia_banco ?? '',
    responsable_entrega: m.responsable_entrega ?? '',
  };
}

export interface CaptureContext {
  members: readonly MovimientoMember[];
  records: readonly MovimientoRecord[];
  /** The local record being corrected: it must not count against itself. */
  exceptRecord: string | null;
  /** The capture instant the server will judge the month by. */
  capturedAt: () => Date;
}

/**
 * The form's schema plus the rules the phone can check before sending, with the server's
 * messages: the member is on the phone and active in the process; a cash contribution is dated
 * in the month of capture; a withdrawal fits the balance (pending movements included).
 */
export function captureSchema(ctx: CaptureContext) {
  const byKey = new Map(ctx.members.map((m) => [m.clave_socio, m]));
  return movementSchema().superRefine((values, rc) => {
    const member = byKey.get(values.clave_socio);
    if (
      !checkDeliveryMember(rc, member, values.clave_socio, {
        field: 'proceso',
        value: values.proceso,
      })
    )
      return;
    const month = cashMonthProblem(values, ctx.capturedAt());
    if (month !== null) issueAt(rc, 'fecha_entrega', cashMonthMessage(month));
    if (!values.aportacion) {
      const { balance } = memberBalance(ctx.records, values.clave_socio, ctx.exceptRecord);
      if (!withdrawalFits(balance, values.monto)) {
        issueAt(
          rc,
          'monto',
          msg('server.deliveries.withdrawalAboveBalance', {
            monto: centsToDecimalString(values.monto),
            saldo: centsToDecimalString(balance?.saldo ?? 0),
          }),
        );
      }
    }
  });
}

export interface MovementFormProps {
  members: readonly MovimientoMember[];
  records: readonly MovimientoRecord[];
  canWithdraw: boolean;
  fixRow: OutboxRow | null;
  initialSocio?: string;
  onOpenFix: (mutationId: string) => void;
}

export function MovementForm(props: MovementFormProps) {
  const { members, records, canWithdraw, initialSocio = '', onOpenFix } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  // Read once: the refused row leaves the outbox when its correction is queued.
  const [startFix] = useState(() => (isFixableMovimiento(props.fixRow) ? props.fixRow : null));
  const statusRef = useRef<HTMLDivElement>(null);
  const { setServerErrors, clearAll } = server;
  const { row, outcome, holding, sending, track } = useCaptureHold(
    startFix?.id ?? null,
    OUTBOX_SAVE,
    {
      // Refused while the form holds it: each reason goes under its field.
      rejected: (body) => {
        setServerErrors(body);
        statusRef.current?.scrollIntoView?.({ block: 'center' });
      },
      // Let go: a blank form for the next movement (same date and kind). Runs in an effect,
      // after `form` below exists.
      released: () => {
        clearAll();
        const aportacion = form.getValues('aportacion') !== false;
        form.reset(blankValues(String(form.getValues('fecha_entrega') || todayIn()), aportacion));
        // On a phone the save button is far below: bring the outcome and the first field back.
        statusRef.current?.scrollIntoView?.({ block: 'center' });
      },
    },
  );
  const fixing = holding && row && EDITABLE_STATUSES.includes(row.status) ? row : null;

  const exceptRecord = fixing?.recordId ?? null;
  const fixCapturedAt = fixing?.capturedAt ?? null;
  const schema = useMemo(
    () =>
      captureSchema({
        members,
        records,
        exceptRecord,
        // A correction keeps its capture instant; a new capture is judged by now.
        capturedAt: () => (fixCapturedAt ? new Date(fixCapturedAt) : new Date()),
      }),
    [members, records, exceptRecord, fixCapturedAt],
  );
  const form = useForm<MovementInput, unknown, MovementValues>({
    resolver: zodResolver(schema),
    defaultValues: startFix
      ? valuesOfPayload(startFix.payload as MovimientoCreatePayload)
      : blankValues(todayIn(), true, initialSocio),
    mode: 'onTouched',
  });
  const { getValues, setValue } = form;

  const [clave, aportacionValue, tipo, monto] = useWatch({
    control: form.control,
    name: ['clave_socio', 'aportacion', 'tipo_de_movimiento', 'monto'],
  });
  const aportacion = aportacionValue !== false;
  const member = memberByKey(members, clave);
  const figures = useMemo(
    () => (member ? memberBalance(records, member.clave_socio, exceptRecord) : null),
    [member, records, exceptRecord],
  );

  // A process the newly chosen member is not active in cannot stay chosen.
  const previousMember = useRef(member?.clave_socio);
  useEffect(() => {
    if (previousMember.current === member?.clave_socio) return;
    previousMember.current = member?.clave_socio;
    const chosen = getValues('proceso');
    if (chosen && member && member.statuses[chosen as keyof typeof member.statuses] !== 'AC')
      setValue('proceso', '', { shouldValidate: false });
  }, [member, getValues, setValue]);

  // Cash stores no bank data (spec part 2 §4): what was typed for BA/TR goes with the type.
  useEffect(() => {
    if (tipo === '' || needsBankData(tipo)) return;
    if (getValues('fecha_banco') !== '') setValue('fecha_banco', '');
    if (getValues('referencia_banco') !== '') setValue('referencia_banco', '');
  }, [tipo, getValues, setValue]);

  function chooseKind(contribution: boolean) {
    setValue('aportacion', contribution, { shouldValidate: form.formState.isSubmitted });
    if (form.formState.isSubmitted) void form.trigger(['monto', 'fecha_entrega']);
  }

  async function save(values: MovementValues) {
    const previous = fixing ? (fixing.payload as MovimientoCreatePayload) : null;
    const payload: MovimientoCreatePayload = {
      movimiento: movementBody(values),
      display: deliveryDisplayOf(
        memberByKey(members, values.clave_socio),
        previous?.display ?? null,
      ),
    };
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue('movimiento.create', payload);
      track(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: true });
    }
  }

  const f = (key: string) => t(`movimientos.fields.${key}`);
  const cash = aportacion && tipo === 'EF';
  const amount = parseMoney(typeof monto === 'string' ? monto.trim() : monto);
  const kindLabel = t(codeLabelKey('movementDirections', aportacion ? 'A' : 'R'));
  const confirmText = t('movimientos.form.confirm', {
    tipo: kindLabel,
    monto: amount === null ? '' : formatCurrency(amount),
    clave: member?.clave_socio ?? '',
    nombre: member?.full_name ?? '',
  });
  const monthNow = captureMonth(fixCapturedAt ? new Date(fixCapturedAt) : new Date());

  return (
    <Form
      form={form}
      onSubmit={save}
      serverErrors={server}
      className="form movement-form card"
      id="movement-form"
      confirm={confirmText}
    >
      {fixing ? (
        <p className="field-hint" data-testid="movimiento-fixing">
          {t('movimientos.form.fixing')}
        </p>
      ) : null}
      <div ref={statusRef} className="save-status-anchor">
        <CaptureSaveStatus
          outcome={outcome}
          row={row}
          holding={holding}
          onFix={onOpenFix}
          section="movimientos"
          testId="movimiento"
          className="movement-status"
        />
      </div>
      <FormBanner />
      <div className="movement-kind" role="group" aria-label={t('movimientos.form.kind')}>
        <button
          type="button"
          className={`btn ${aportacion ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={aportacion}
          disabled={sending}
          onClick={() => chooseKind(true)}
          data-testid="movement-kind-A"
        >
          {t(codeLabelKey('movementDirections', 'A'))}
        </button>
        <button
          type="button"
          className={`btn ${!aportacion ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={!aportacion}
          disabled={sending || !canWithdraw}
          onClick={() => chooseKind(false)}
          data-testid="movement-kind-R"
        >
          {t(codeLabelKey('movementDirections', 'R'))}
        </button>
      </div>
      {!canWithdraw ? <p className="field-hint">{t('movimientos.form.withdrawOffice')}</p> : null}
      <div className="movement-form-grid">
        <div className="is-wide">
          <DeliveryMemberField
            name="clave_socio"
            label={f('clave_socio')}
            members={members}
            required
            readOnly={sending}
            notFoundText={t('movimientos.member.notOnPhone')}
          />
        </div>
        {member && figures ? (
          <div className="is-wide movement-form-balance">
            <BalanceFigures figures={figures} />
          </div>
        ) : null}
        <DateField
          name="fecha_entrega"
          label={f('fecha_entrega')}
          required
          max={todayIn()}
          readOnly={sending}
          hint={cash ? t('movimientos.form.cashMonthHint', { mes: monthNow }) : undefined}
        />
        <NumberField name="monto" label={f('monto')} required readOnly={sending} />
        <div className="is-wide">
          <DeliveryProcessField
            name="proceso"
            label={f('proceso')}
            statuses={member?.statuses ?? {}}
            required
            readOnly={sending}
            hint={
              member ? t('movimientos.form.processHint') : t('movimientos.form.processNeedsMember')
            }
          />
        </div>
        <SelectField
          name="ordinario"
          label={f('ordinario')}
          options={[
            { value: 'true', label: t('movimientos.ordinary.true') },
            { value: 'false', label: t('movimientos.ordinary.false') },
          ]}
          required
          readOnly={sending}
        />
        <SelectField
          name="tipo_de_movimiento"
          label={f('tipo_de_movimiento')}
          options={MOVEMENT_TYPES.map((m) => ({
            value: m,
            labelKey: codeLabelKey('movementTypes', m),
          }))}
          placeholder={t('movimientos.form.choose')}
          required
          readOnly={sending}
        />
        {needsBankData(tipo) ? (
          <>
            <DateField
              name="fecha_banco"
              label={f('fecha_banco')}
              required
              max={todayIn()}
              readOnly={sending}
            />
            <TextField
              name="referencia_banco"
              label={f('referencia_banco')}
              required
              readOnly={sending}
              autoComplete="off"
            />
          </>
        ) : null}
        <TextField name="responsable_entrega" label={f('responsable_entrega')} readOnly={sending} />
      </div>
      <div className="form-actions">
        <Button type="submit" variant="primary" busy={sending} data-testid="movimiento-save">
          {fixing ? t('movimientos.form.resend') : t('movimientos.form.save')}
        </Button>
        <Link className="btn btn-ghost" to="/movimientos">
          {t('movimientos.form.toList')}
        </Link>
      </div>
    </Form>
  );
}

/**
 * The sections of the contribution/withdrawal form: contribution
 * or withdrawal (withdrawal only for CO and GE), then member key with search and its balance —
 * movements still waiting to be sent included and marked — delivery date, amount, process
 * (only those the member is active in), ordinary or extraordinary, type (EF: no bank data; BA
 * and TR require it) and delivery responsible.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, isCode } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { needsBankData } from '#domain/forms/bank-data';
import type { MovementInput } from '#domain/forms/movement';
import type { MovimientoRow } from '#db/replica-rows';
import { DeliveryMemberField, memberByKey } from '#components/delivery-member-field.tsx';
import { DeliveryProcessField } from '#components/delivery-process-field.tsx';
import { DateField, NumberField, SelectField, TextField } from '#ui/form-field.tsx';
import { memberBalance } from './member-balance.ts';
import { BalanceFigures } from './member-summary.tsx';
import { BankDateAndReference, MovementTypeField } from './movement-bank-fields.tsx';
import type { MovimientoMember } from './use-movimientos-data.ts';

export interface MovementKindProps {
  sending: boolean;
  canWithdraw: boolean;
}

/** Contribution or withdrawal; a change re-checks the amount and date once the form was sent. */
export function MovementKind({ sending, canWithdraw }: MovementKindProps) {
  const { t } = useTranslation();
  const { setValue, trigger, formState } = useFormContext<MovementInput>();
  const aportacion = useWatch<MovementInput, 'aportacion'>({ name: 'aportacion' }) !== false;

  function choose(contribution: boolean) {
    setValue('aportacion', contribution, { shouldValidate: formState.isSubmitted });
    if (formState.isSubmitted) void trigger(['monto', 'fecha_entrega']);
  }

  const kindButton = (contribution: boolean) => {
    const marca = contribution ? 'A' : 'R';
    const chosen = aportacion === contribution;
    return (
      <button
        type="button"
        className={`btn ${chosen ? 'btn-primary' : 'btn-ghost'}`}
        aria-pressed={chosen}
        disabled={sending || (!contribution && !canWithdraw)}
        onClick={() => choose(contribution)}
        data-testid={`movement-kind-${marca}`}
      >
        {t(codeLabelKey('movementDirections', marca))}
      </button>
    );
  };

  return (
    <>
      <div className="movement-kind" role="group" aria-label={t('movimientos.form.kind')}>
        {kindButton(true)}
        {kindButton(false)}
      </div>
      {!canWithdraw ? <p className="field-hint">{t('movimientos.form.withdrawOffice')}</p> : null}
    </>
  );
}

/**
 * What the form's values follow: a process the newly chosen member is not active in cannot
 * stay chosen; cash stores no bank data, so what was typed for BA/TR goes
 * with the type.
 */
function useDependentValues(
  member: MovimientoMember | undefined,
  tipo: MovementInput['tipo_de_movimiento'],
) {
  const { getValues, setValue } = useFormContext<MovementInput>();
  const previousMember = useRef(member?.clave_socio);
  useEffect(() => {
    if (previousMember.current === member?.clave_socio) return;
    previousMember.current = member?.clave_socio;
    const chosen = getValues('proceso');
    const active = isCode('processes', chosen) && member?.statuses[chosen] === 'AC';
    if (chosen && member && !active) setValue('proceso', '', { shouldValidate: false });
  }, [member, getValues, setValue]);

  useEffect(() => {
    if (tipo === '' || needsBankData(tipo)) return;
    if (getValues('fecha_banco') !== '') setValue('fecha_banco', '');
    if (getValues('referencia_banco') !== '') setValue('referencia_banco', '');
  }, [tipo, getValues, setValue]);
}

export interface MovementFieldsProps {
  members: readonly MovimientoMember[];
  records: readonly MovimientoRow[];
  /** The local record being corrected: its balance leaves it out. */
  exceptRecord: string | null;
  /** Captures that do not count in the balance (refused, blocked…). */
  notCounted: ReadonlySet<string>;
  /** The month a cash contribution must be dated in ("2025-03"). */
  captureMonth: string;
  sending: boolean;
}

export function MovementFields(props: MovementFieldsProps) {
  const { members, records, exceptRecord, notCounted, sending } = props;
  const { t } = useTranslation();
  const [clave, aportacion, tipo] = useWatch<
    MovementInput,
    ['clave_socio', 'aportacion', 'tipo_de_movimiento']
  >({ name: ['clave_socio', 'aportacion', 'tipo_de_movimiento'] });
  const member = memberByKey(members, clave);
  const figures = useMemo(
    () =>
      member ? memberBalance(records, member.clave_socio, { exceptRecord, notCounted }) : null,
    [member, records, exceptRecord, notCounted],
  );
  useDependentValues(member, tipo);

  const f = (key: string) => t(`movimientos.fields.${key}`);
  const cash = aportacion !== false && tipo === 'EF';
  return (
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
        hint={cash ? t('movimientos.form.cashMonthHint', { mes: props.captureMonth }) : undefined}
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
      <MovementTypeField sending={sending} placeholder={t('movimientos.form.choose')} />
      {needsBankData(tipo) ? <BankDateAndReference sending={sending} /> : null}
      <TextField name="responsable_entrega" label={f('responsable_entrega')} readOnly={sending} />
    </div>
  );
}

/**
 * The fields of the collection form: member key with search, date,
 * product pictograms (only the processes the member is active in), kilos (coffee and honey
 * only), income, and the average price computed from income and kilos.
 */
import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, isCode } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { acopioNeedsKilos, averagePriceCents, type AcopioInput } from '#domain/forms/acopio';
import { parseMoney } from '#domain/money';
import type { TextInput } from '#domain/rules';
import { DeliveryMemberField, memberByKey } from '#components/delivery-member-field.tsx';
import { DeliveryProcessField } from '#components/delivery-process-field.tsx';
import { DateField, NumberField } from '#ui/form-field.tsx';
import { Currency } from '#ui/money.tsx';
import type { AcopioMember } from './use-acopios-data.ts';

const trimmed = (value: TextInput) => (typeof value === 'string' ? value.trim() : value);

/** A product the newly chosen member is not active in cannot stay chosen. */
function useProductFollowsMember(member: AcopioMember | undefined) {
  const { getValues, setValue } = useFormContext<AcopioInput>();
  const previousMember = useRef(member?.clave_socio);
  useEffect(() => {
    if (previousMember.current === member?.clave_socio) return;
    previousMember.current = member?.clave_socio;
    const chosen = getValues('tipo_de_producto');
    const active = isCode('processes', chosen) && member?.statuses[chosen] === 'AC';
    if (chosen && member && !active) setValue('tipo_de_producto', '', { shouldValidate: false });
  }, [member, getValues, setValue]);
}

/** Income over kilos, per kilo (shown for the weighed products: coffee and honey). */
function AveragePrice() {
  const { t } = useTranslation();
  const [ingreso, kilos] = useWatch<AcopioInput, ['ingreso', 'kilos_de_producto']>({
    name: ['ingreso', 'kilos_de_producto'],
  });
  const ingresoCents = parseMoney(trimmed(ingreso));
  const price =
    ingresoCents !== null && ingresoCents > 0
      ? averagePriceCents(ingresoCents, trimmed(kilos))
      : null;
  return (
    <div className="acopio-price" aria-live="polite">
      <span className="field-label">{t('acopios.fields.precio_promedio')}</span>
      <output data-testid="acopio-price">
        {price === null ? '—' : <Currency cents={price} />}
        {price === null ? null : <span> {t('acopios.form.perKg')}</span>}
      </output>
    </div>
  );
}

export interface AcopioFieldsProps {
  members: readonly AcopioMember[];
  /** The item is on the wire: the fields wait. */
  sending: boolean;
}

export function AcopioFields({ members, sending }: AcopioFieldsProps) {
  const { t } = useTranslation();
  const [clave, tipo] = useWatch<AcopioInput, ['clave_socio', 'tipo_de_producto']>({
    name: ['clave_socio', 'tipo_de_producto'],
  });
  const member = memberByKey(members, clave);
  useProductFollowsMember(member);

  const needsKilos = acopioNeedsKilos(typeof tipo === 'string' ? tipo : null);
  const f = (key: string) => t(`acopios.fields.${key}`);
  const product = isCode('processes', tipo) ? t(codeLabelKey('processes', tipo)) : '';
  return (
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
          statuses={member?.statuses ?? {}}
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
          hint={t('acopios.form.kilosHint', { product })}
        />
      ) : null}
      <NumberField name="ingreso" label={f('ingreso')} required readOnly={sending} />
      {needsKilos ? <AveragePrice /> : null}
    </div>
  );
}

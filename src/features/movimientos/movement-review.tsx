/**
 * What a contribution's or withdrawal's confirmation shows before it is saved: member, kind,
 * process, date, ordinary or not, how it was paid and the amount, in words too
 * (#components/capture-review.tsx).
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import type { MovementValues } from '#domain/forms/movement';
import { CaptureReview } from '#components/capture-review.tsx';
import { memberByKey } from '#components/delivery-member-field.tsx';
import { DateText } from '#ui/date-text.tsx';
import type { MovimientoMember } from './use-movimientos-data.ts';

export function MovementReview({
  values,
  members,
}: {
  values: MovementValues;
  members: readonly MovimientoMember[];
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`movimientos.fields.${key}`);
  const kind = t(codeLabelKey('movementDirections', values.aportacion ? 'A' : 'R'));
  return (
    <CaptureReview
      testId="movimiento-review"
      member={memberByKey(members, values.clave_socio)}
      memberKey={values.clave_socio}
      rows={[
        { label: t('movimientos.form.kind'), value: kind },
        { label: f('proceso'), value: t(codeLabelKey('processes', values.proceso)) },
        { label: f('fecha_entrega'), value: <DateText iso={values.fecha_entrega} /> },
        { label: f('ordinario'), value: t(`movimientos.ordinary.${String(values.ordinario)}`) },
        {
          label: f('tipo_de_movimiento'),
          value: t(codeLabelKey('movementTypes', values.tipo_de_movimiento)),
        },
      ]}
      total={{ label: f('monto'), cents: values.monto }}
    />
  );
}

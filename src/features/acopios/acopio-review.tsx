/**
 * What the collection's confirmation shows before it is saved: member,
 * product, date, kilos when weighed and the income, in words too (#components/capture-review.tsx).
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import type { AcopioValues } from '#domain/forms/acopio';
import { CaptureReview, type ReviewRow } from '#components/capture-review.tsx';
import { memberByKey } from '#components/delivery-member-field.tsx';
import { DateText } from '#ui/date-text.tsx';
import type { AcopioMember } from './use-acopios-data.ts';

export function AcopioReview({
  values,
  members,
}: {
  values: AcopioValues;
  members: readonly AcopioMember[];
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`acopios.fields.${key}`);
  const rows: ReviewRow[] = [
    { label: f('tipo_de_producto'), value: t(codeLabelKey('processes', values.tipo_de_producto)) },
    { label: f('fecha'), value: <DateText iso={values.fecha} /> },
  ];
  if (values.kilos_de_producto !== null)
    rows.push({ label: f('kilos_de_producto'), value: values.kilos_de_producto });
  return (
    <CaptureReview
      testId="acopio-review"
      member={memberByKey(members, values.clave_socio)}
      memberKey={values.clave_socio}
      rows={rows}
      total={{ label: f('ingreso'), cents: values.ingreso }}
    />
  );
}

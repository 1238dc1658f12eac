/**
 * What a credit request's confirmation shows before it is saved: applicant,
 * process, date, kind of credit, term, guarantor and the amount asked for, in words too
 * (#components/capture-review.tsx).
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import type { CreditRequestValues } from '#domain/forms/credit-request';
import { CaptureReview } from '#components/capture-review.tsx';
import { memberByKey } from '#components/delivery-member-field.tsx';
import { DateText } from '#ui/date-text.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

export function SolicitudReview({
  values,
  members,
}: {
  values: CreditRequestValues;
  members: readonly SolicitudMember[];
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`solicitudes.fields.${key}`);
  const aval = memberByKey(members, values.aval);
  return (
    <CaptureReview
      testId="solicitud-review"
      member={memberByKey(members, values.clave_socio)}
      memberKey={values.clave_socio}
      rows={[
        { label: f('proceso'), value: t(codeLabelKey('processes', values.proceso)) },
        { label: f('fecha_solicitud'), value: <DateText iso={values.fecha_solicitud} /> },
        { label: f('tipo_credito'), value: t(codeLabelKey('creditTypes', values.tipo_credito)) },
        { label: f('plazo_de_pago_solicitado'), value: values.plazo_de_pago_solicitado },
        {
          label: f('aval'),
          value: aval ? `${aval.clave_socio} ${aval.full_name}` : String(values.aval),
        },
      ]}
      total={{ label: f('monto_solicitado'), cents: values.monto_solicitado }}
    />
  );
}

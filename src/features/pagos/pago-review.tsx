/**
 * What the payment's confirmation shows before it is saved: the member and
 * the loan, the payment date, each part with its label and the total, in words too — the
 * shared review layout of #components/capture-review.tsx.
 */
import { useTranslation } from 'react-i18next';
import type { PaymentValues } from '#domain/forms/payment';
import type { ContratoRow } from '#db/replica-rows';
import { CaptureReview } from '#components/capture-review.tsx';
import { DateText } from '#ui/date-text.tsx';

export function PagoReview({
  values,
  contract,
}: {
  values: PaymentValues;
  contract: ContratoRow | undefined;
}) {
  const { t } = useTranslation();
  const f = (key: string) => t(`pagos.fields.${key}`);
  return (
    <CaptureReview
      testId="pago-review"
      member={
        contract ? { clave_socio: contract.clave_socio, full_name: contract.nombres } : undefined
      }
      rows={[
        { label: f('credito'), value: values.credito },
        { label: f('fecha_pago'), value: <DateText iso={values.fecha_pago} /> },
      ]}
      amounts={[
        { label: f('abono_capital'), cents: values.abono_capital },
        { label: f('interes_ord'), cents: values.interes_ord },
        { label: f('interes_mor'), cents: values.interes_mor },
      ]}
      total={{ label: f('cantidad'), cents: values.cantidad }}
    />
  );
}

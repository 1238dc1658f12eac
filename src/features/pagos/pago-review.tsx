/**
 * What the payment's confirmation shows before it is saved (issue 15, item 3): the member
 * (key and name) and the loan, the payment date, each part with its label and the total, in
 * large type so the promoter and the member can check it together at 360 px.
 */
import { useTranslation } from 'react-i18next';
import type { PaymentValues } from '#domain/forms/payment';
import type { ContratoRow } from '#db/replica-rows';
import { DateText } from '#ui/date-text.tsx';
import { Currency } from '#ui/money.tsx';

export function PagoReview({
  values,
  contract,
}: {
  values: PaymentValues;
  contract: ContratoRow | undefined;
}) {
  const { t } = useTranslation();
  const parts: [string, number][] = [
    ['pagos.fields.abono_capital', values.abono_capital],
    ['pagos.fields.interes_ord', values.interes_ord],
    ['pagos.fields.interes_mor', values.interes_mor],
  ];
  return (
    <dl className="capture-review" data-testid="pago-review">
      <div>
        <dt>{t('pagos.review.member')}</dt>
        <dd>
          {contract ? `${contract.clave_socio} ${contract.nombres}` : t('pagos.review.unknown')}
        </dd>
      </div>
      <div>
        <dt>{t('pagos.fields.credito')}</dt>
        <dd>{values.credito}</dd>
      </div>
      <div>
        <dt>{t('pagos.fields.fecha_pago')}</dt>
        <dd>
          <DateText iso={values.fecha_pago} />
        </dd>
      </div>
      {parts.map(([label, cents]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>
            <Currency cents={cents} />
          </dd>
        </div>
      ))}
      <div className="capture-review-total">
        <dt>{t('pagos.fields.cantidad')}</dt>
        <dd data-testid="pago-review-total">
          <Currency cents={values.cantidad} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The amount parts of the payment form: capital, ordinary and late interest with the amount
 * computed from them, and the bank date and reference.
 */
import { useTranslation } from 'react-i18next';
import { DateField, NumberField, TextField } from '#ui/form-field.tsx';
import { ComputedAmount } from './pago-form-parts.tsx';

export function PagoPartsSection({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="pago-section">
      <legend>{t('pagos.form.partsSection')}</legend>
      <NumberField
        name="abono_capital"
        label={t('pagos.fields.abono_capital')}
        required
        readOnly={sending}
      />
      <NumberField
        name="interes_ord"
        label={t('pagos.fields.interes_ord')}
        required
        readOnly={sending}
      />
      <NumberField
        name="interes_mor"
        label={t('pagos.fields.interes_mor')}
        required
        readOnly={sending}
      />
      <ComputedAmount />
    </fieldset>
  );
}

export function PagoBankSection({ sending, today }: { sending: boolean; today: string }) {
  const { t } = useTranslation();
  return (
    <fieldset className="pago-section">
      <legend>{t('pagos.form.bankSection')}</legend>
      <DateField
        name="fecha_banco"
        label={t('pagos.fields.fecha_banco')}
        max={today}
        readOnly={sending}
      />
      <TextField
        name="referencia_banco"
        label={t('pagos.fields.referencia_banco')}
        autoComplete="off"
        readOnly={sending}
      />
    </fieldset>
  );
}

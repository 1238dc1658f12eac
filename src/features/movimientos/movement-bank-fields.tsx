/**
 * The bank fields of a movement, shared by the capture form and the
 * detail's bank-data edit: the type (EF, BA, TR) and, for BA and TR, the bank date (not in the
 * future) and reference, both required.
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey, MOVEMENT_TYPES } from '#domain/codes';
import { todayIn } from '#domain/dates';
import { DateField, SelectField, TextField } from '#ui/form-field.tsx';

const TYPE_OPTIONS = MOVEMENT_TYPES.map((m) => ({
  value: m,
  labelKey: codeLabelKey('movementTypes', m),
}));

export interface MovementTypeFieldProps {
  sending: boolean;
  /** The empty choice's text (the capture form starts with no type). */
  placeholder?: string;
}

export function MovementTypeField({ sending, placeholder }: MovementTypeFieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      name="tipo_de_movimiento"
      label={t('movimientos.fields.tipo_de_movimiento')}
      options={TYPE_OPTIONS}
      placeholder={placeholder}
      required
      readOnly={sending}
    />
  );
}

export function BankDateAndReference({ sending }: { sending: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <DateField
        name="fecha_banco"
        label={t('movimientos.fields.fecha_banco')}
        required
        max={todayIn()}
        readOnly={sending}
      />
      <TextField
        name="referencia_banco"
        label={t('movimientos.fields.referencia_banco')}
        required
        readOnly={sending}
        autoComplete="off"
      />
    </>
  );
}

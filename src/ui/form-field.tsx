/**
 * The field kit for react-hook-form. Every field must sit inside `<Form>` (`#ui/form.tsx`),
 * which provides the form and its server errors. Values stay what the user typed: number
 * inputs keep their string ("1040.50") for the zod schema to parse.
 */
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useField, type BaseFieldProps } from '#ui/field-shell.tsx';
import { textOf } from '#ui/text-fields.tsx';

export {
  NumberField,
  PasswordField,
  TextField,
  type NumberFieldProps,
  type TextFieldProps,
} from '#ui/text-fields.tsx';
export { CheckboxField, SelectField, type SelectOption } from '#ui/choice-fields.tsx';
export { FormBanner } from '#ui/form-banner.tsx';

export function DateField(props: BaseFieldProps & { min?: string; max?: string }) {
  const { inputRef, control, shell, setValue } = useField(props.name);
  return (
    <FieldShell
      {...shell}
      label={props.label}
      required={props.required}
      hint={props.hint}
      className={props.className}
    >
      <input
        id={shell.inputId}
        ref={inputRef}
        name={control.name}
        className="input"
        type="date"
        min={props.min}
        max={props.max}
        value={textOf(control.value)}
        disabled={props.disabled}
        readOnly={props.readOnly}
        aria-required={props.required || undefined}
        aria-invalid={shell.message ? true : undefined}
        aria-describedby={describedBy({ ...shell, hint: props.hint })}
        onChange={(event) => setValue(event.target.value)}
        onBlur={control.onBlur}
      />
    </FieldShell>
  );
}

export interface TextAreaFieldProps extends BaseFieldProps {
  /** The spec's text areas take at most 100 characters; the counter shows how many are used. */
  maxLength?: number;
  rows?: number;
}

export function TextAreaField({ maxLength = 100, rows = 3, ...props }: TextAreaFieldProps) {
  const { t } = useTranslation();
  const { inputRef, control, shell, setValue } = useField(props.name);
  const value = textOf(control.value);
  const counterId = `${shell.inputId}-counter`;
  const over = value.length > maxLength;
  return (
    <FieldShell
      {...shell}
      label={props.label}
      required={props.required}
      hint={props.hint}
      className={props.className}
      after={
        <p id={counterId} className={`field-counter${over ? ' is-over' : ''}`}>
          {t('ui.field.counter', { used: value.length, max: maxLength })}
        </p>
      }
    >
      <textarea
        id={shell.inputId}
        ref={inputRef}
        name={control.name}
        className="input textarea"
        rows={rows}
        value={value}
        disabled={props.disabled}
        readOnly={props.readOnly}
        aria-required={props.required || undefined}
        aria-invalid={shell.message ? true : undefined}
        aria-describedby={describedBy({ ...shell, hint: props.hint }, counterId)}
        onChange={(event) => setValue(event.target.value)}
        onBlur={control.onBlur}
      />
    </FieldShell>
  );
}

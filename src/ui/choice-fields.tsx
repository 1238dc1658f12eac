import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useField, type BaseFieldProps } from '#ui/field-shell.tsx';

export interface SelectOption {
  value: string | number;
  /** i18n key of the label (code lists: 'codes.<list>.<CODE>'). */
  labelKey?: string;
  /** Label already translated or a proper name (a community, a region). */
  label?: string;
}

export interface SelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
  /** Adds an empty first choice with this text ("Selecciona…"); its value is ''. */
  placeholder?: string;
}

/** A native select (the phone's own picker). Numeric option values come back as numbers. */
export function SelectField(props: SelectFieldProps) {
  const { t } = useTranslation();
  const { inputRef, control, shell, setValue } = useField(props.name);
  const current = control.value == null ? '' : String(control.value);
  return (
    <FieldShell
      {...shell}
      label={props.label}
      required={props.required}
      hint={props.hint}
      className={props.className}
    >
      <select
        id={shell.inputId}
        ref={inputRef}
        name={control.name}
        className="input select"
        value={current}
        disabled={props.disabled || props.readOnly}
        aria-required={props.required || undefined}
        aria-invalid={shell.message ? true : undefined}
        aria-describedby={describedBy({ ...shell, hint: props.hint })}
        onChange={(event) => {
          const chosen = props.options.find(
            (option) => String(option.value) === event.target.value,
          );
          setValue(chosen ? chosen.value : '');
        }}
        onBlur={control.onBlur}
      >
        {props.placeholder !== undefined || current === '' ? (
          <option value="">{props.placeholder ?? ''}</option>
        ) : null}
        {props.options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value))}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function CheckboxField(props: BaseFieldProps) {
  const { inputRef, control, shell, setValue } = useField(props.name);
  return (
    <FieldShell {...shell} inline label={props.label} hint={props.hint} className={props.className}>
      <input
        id={shell.inputId}
        ref={inputRef}
        name={control.name}
        className="checkbox"
        type="checkbox"
        checked={control.value === true}
        disabled={props.disabled || props.readOnly}
        aria-invalid={shell.message ? true : undefined}
        aria-describedby={describedBy({ ...shell, hint: props.hint })}
        onChange={(event) => setValue(event.target.checked)}
        onBlur={control.onBlur}
      />
    </FieldShell>
  );
}

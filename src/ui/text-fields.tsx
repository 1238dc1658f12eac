/**
 * The text, number and password fields of the field kit (`#ui/form-field.tsx` re-exports them).
 * Apart because the login form, which comes with the app shell, needs only these.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useField, type BaseFieldProps } from '#ui/field-shell.tsx';

export function textOf(value: unknown): string {
  return value == null ? '' : String(value);
}

export interface TextFieldProps extends BaseFieldProps {
  type?: 'text' | 'email' | 'tel' | 'search';
  autoComplete?: string;
  placeholder?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  /** Transform on leaving the field (e.g. upper-case a bank reference). */
  normalizeOnBlur?: (value: string) => string;
}

export function TextField(props: TextFieldProps) {
  const { inputRef, control, shell, setValue } = useField(props.name);
  const value = textOf(control.value);
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
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        value={value}
        disabled={props.disabled}
        readOnly={props.readOnly}
        aria-required={props.required || undefined}
        aria-invalid={shell.message ? true : undefined}
        aria-describedby={describedBy({ ...shell, hint: props.hint })}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => {
          if (props.normalizeOnBlur) {
            const normal = props.normalizeOnBlur(value);
            if (normal !== value) setValue(normal);
          }
          control.onBlur();
        }}
      />
    </FieldShell>
  );
}

export interface NumberFieldProps extends BaseFieldProps {
  /** Integers get the phone's digit keypad; decimals the one with a decimal point. */
  integer?: boolean;
  placeholder?: string;
}

/** A text input with a numeric keypad: the value stays the user's string. */
export function NumberField({ integer, ...props }: NumberFieldProps) {
  return (
    <TextField
      {...props}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      normalizeOnBlur={(value) => value.trim()}
    />
  );
}

export function PasswordField(props: BaseFieldProps & { autoComplete?: string }) {
  const { t } = useTranslation();
  const { inputRef, control, shell, setValue } = useField(props.name);
  const [visible, setVisible] = useState(false);
  return (
    <FieldShell
      {...shell}
      label={props.label}
      required={props.required}
      hint={props.hint}
      className={props.className}
    >
      <div className="input-group">
        <input
          id={shell.inputId}
          ref={inputRef}
          name={control.name}
          className="input"
          type={visible ? 'text' : 'password'}
          autoComplete={props.autoComplete ?? 'current-password'}
          value={textOf(control.value)}
          disabled={props.disabled}
          readOnly={props.readOnly}
          aria-required={props.required || undefined}
          aria-invalid={shell.message ? true : undefined}
          aria-describedby={describedBy({ ...shell, hint: props.hint })}
          onChange={(event) => setValue(event.target.value)}
          onBlur={control.onBlur}
        />
        <button
          type="button"
          className="btn btn-ghost input-addon"
          aria-pressed={visible}
          onClick={() => setVisible(!visible)}
        >
          {visible ? t('ui.field.hidePassword') : t('ui.field.showPassword')}
        </button>
      </div>
    </FieldShell>
  );
}

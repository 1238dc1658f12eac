/**
 * The field kit for react-hook-form. Every field must sit inside `<Form>` (`#ui/form.tsx`),
 * which provides the form and its server errors. Values stay what the user typed: number
 * inputs keep their string ("1040.50") for the zod schema to parse.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useField, type BaseFieldProps } from '#ui/field-shell.tsx';

export { CheckboxField, SelectField, type SelectOption } from '#ui/choice-fields.tsx';
export { FormBanner } from '#ui/form-banner.tsx';

function textOf(value: unknown): string {
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

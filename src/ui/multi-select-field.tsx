/**
 * A multi-select of the field kit (e.g. a member's cooperative posts, "several allowed"): one
 * checkbox per option inside a fieldset, big enough to tap on a phone, no popup to get lost
 * in. The value is the array of chosen option values, in the options' order. Sits inside
 * `<Form>` like every field (same message rule, same server errors).
 */
import { useTranslation } from 'react-i18next';
import '#ui/multi-select-field.css';
import type { SelectOption } from '#ui/choice-fields.tsx';
import { useField, type BaseFieldProps } from '#ui/field-shell.tsx';

export interface MultiSelectFieldProps extends BaseFieldProps {
  options: readonly SelectOption[];
}

function chosenValues(value: unknown): (string | number)[] {
  return Array.isArray(value)
    ? value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    : [];
}

export function MultiSelectField(props: MultiSelectFieldProps) {
  const { t } = useTranslation();
  const { inputRef, control, shell, setValue } = useField(props.name);
  const chosen = chosenValues(control.value);
  const locked = props.disabled || props.readOnly;

  function toggle(value: string | number, on: boolean) {
    const next = new Set(chosen.map(String));
    if (on) next.add(String(value));
    else next.delete(String(value));
    setValue(props.options.filter((o) => next.has(String(o.value))).map((o) => o.value));
  }

  const describedBy =
    [props.hint ? shell.hintId : null, shell.message ? shell.messageId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <fieldset
      className={`field field-multi${shell.message ? ' is-invalid' : ''}${
        props.className ? ` ${props.className}` : ''
      }`}
      aria-describedby={describedBy}
      aria-invalid={shell.message ? true : undefined}
    >
      <legend className="field-label">
        {props.label}
        {props.required ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </legend>
      <div className="multi-options">
        {props.options.map((option, index) => {
          const id = `${shell.inputId}-${index}`;
          const on = chosen.some((v) => String(v) === String(option.value));
          return (
            <label key={String(option.value)} className="multi-option" htmlFor={id}>
              <input
                id={id}
                ref={index === 0 ? inputRef : undefined}
                type="checkbox"
                className="checkbox"
                name={control.name}
                value={String(option.value)}
                checked={on}
                disabled={locked}
                onChange={(event) => toggle(option.value, event.target.checked)}
                onBlur={control.onBlur}
              />
              <span>
                {option.labelKey ? t(option.labelKey) : (option.label ?? String(option.value))}
              </span>
            </label>
          );
        })}
      </div>
      {props.hint ? (
        <p id={shell.hintId} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      {shell.message ? (
        <p id={shell.messageId} className="field-message">
          {shell.message}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * What every field of the kit shares: react-hook-form wiring, the display rule of every
 * form (a message shows only when the field is invalid AND touched or the form was submitted),
 * server messages under the field until it is edited, and the label/message markup.
 */
import { useId, type ReactNode } from 'react';
import { useController } from 'react-hook-form';
import { useMessageText } from '#ui/message-text.ts';
import { useServerErrorsContext } from '#ui/server-errors.tsx';

export interface BaseFieldProps {
  /** react-hook-form path of the value ("nombres", "chat.0.comentario"). */
  name: string;
  /** Already translated. */
  label: string;
  /** Help text under the field, already translated. */
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  className?: string;
}

export function useField(name: string) {
  const { field, fieldState, formState } = useController({ name });
  const server = useServerErrorsContext();
  const messageText = useMessageText();
  const ids = useId();

  const serverMessages = server?.fieldError(name);
  const clientVisible = fieldState.invalid && (fieldState.isTouched || formState.isSubmitted);
  let message: string | null = null;
  if (serverMessages && serverMessages.length > 0) {
    message = serverMessages.map(messageText).join(' ');
  } else if (clientVisible && fieldState.error?.message) {
    message = messageText(fieldState.error.message);
  }

  // The ref travels apart from the other field props: React's compiler treats any object
  // holding a ref as a ref, and field values are read during render.
  const { ref: inputRef, ...control } = field;
  return {
    inputRef,
    control,
    shell: { message, inputId: `${ids}-input`, messageId: `${ids}-message`, hintId: `${ids}-hint` },
    /** Store a new value and drop the field's server messages (the user edited it). */
    setValue(value: unknown) {
      field.onChange(value);
      server?.clearField(name);
    },
  };
}

/** aria-describedby of a control: its hint and, when shown, its message. */
export function describedBy(
  parts: { hint?: string; hintId: string; message: string | null; messageId: string },
  extra?: string,
): string | undefined {
  const ids = [parts.hint ? parts.hintId : null, parts.message ? parts.messageId : null, extra];
  const joined = ids.filter(Boolean).join(' ');
  return joined === '' ? undefined : joined;
}

export interface FieldShellProps {
  inputId: string;
  label: string;
  required?: boolean;
  hint?: string;
  hintId: string;
  message: string | null;
  messageId: string;
  className?: string;
  /** Checkboxes put the label after the control. */
  inline?: boolean;
  children: ReactNode;
  after?: ReactNode;
}

export function FieldShell(props: FieldShellProps) {
  const label = (
    <label className="field-label" htmlFor={props.inputId}>
      {props.label}
      {props.required ? (
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      ) : null}
    </label>
  );
  return (
    <div
      className={`field${props.inline ? ' field-inline' : ''}${props.message ? ' is-invalid' : ''}${
        props.className ? ` ${props.className}` : ''
      }`}
    >
      {props.inline ? null : label}
      {props.children}
      {props.inline ? label : null}
      {props.hint ? (
        <p id={props.hintId} className="field-hint">
          {props.hint}
        </p>
      ) : null}
      {props.after}
      {props.message ? (
        <p id={props.messageId} className="field-message">
          {props.message}
        </p>
      ) : null}
    </div>
  );
}

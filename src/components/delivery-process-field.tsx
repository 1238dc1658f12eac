/**
 * A form field holding one process (CF, MI, JA, SL) chosen with the process pictograms: only a
 * process the member is active in (AC) can be chosen. Its client and server
 * messages show under it like any field of the kit (#ui/field-shell.tsx).
 */
import { useId } from 'react';
import { PROCESSES, type MemberStatus, type Process } from '#domain/codes';
import { useField } from '#ui/field-shell.tsx';
import { ProcessIcons } from '#components/process-icons.tsx';
import './delivery.css';
import { isOneOf } from '#domain/guards';

export interface DeliveryProcessFieldProps {
  name: string;
  /** Already translated. */
  label: string;
  hint?: string;
  required?: boolean;
  readOnly?: boolean;
  /** The member's status per process; a missing one counts as NP. */
  statuses: Partial<Record<Process, MemberStatus>>;
}

function asProcess(value: unknown): Process | null {
  return isOneOf(PROCESSES, value) ? value : null;
}

export function DeliveryProcessField(props: DeliveryProcessFieldProps) {
  const { control, shell, setValue } = useField(props.name);
  const labelId = useId();
  const value = asProcess(control.value);
  return (
    <div
      className={`field delivery-process-field${shell.message ? ' is-invalid' : ''}`}
      data-field={props.name}
    >
      <span id={labelId} className="field-label" aria-hidden="true">
        {props.label}
        {props.required ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </span>
      <ProcessIcons
        value={value}
        statuses={props.statuses}
        readOnly={props.readOnly}
        label={props.label}
        onChange={(process) => {
          setValue(process);
          control.onBlur();
        }}
      />
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
    </div>
  );
}

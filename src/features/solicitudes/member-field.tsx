/**
 * A form field naming a member (the applicant, the guarantor): shows the chosen member's key
 * and name and opens the shared "Buscar socio" popup over the replica's members (by key or
 * name). The value is the member's key; its messages show under it like any field's.
 */
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { describedBy, useField } from '#ui/field-shell.tsx';
import { MemberPicker } from '#components/member-picker.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

export interface MemberFieldProps {
  name: string;
  label: string;
  /** Title of the search popup. */
  pickerTitle: string;
  members: readonly SolicitudMember[];
  required?: boolean;
  readOnly?: boolean;
  onPicked?: (member: SolicitudMember) => void;
  testId: string;
}

export function MemberField(props: MemberFieldProps) {
  const { t } = useTranslation();
  const { control, shell, setValue, inputRef } = useField(props.name);
  const [open, setOpen] = useState(false);
  // Opening the search moves the focus into it: that is not leaving the field, so it does not
  // mark it touched (no "Se requiere un número" before anything could be chosen). Closing the
  // search without a choice does (a message shows once the field is touched).
  const searching = useRef(false);
  const key = control.value === '' || control.value == null ? null : Number(control.value);
  const chosen = useMemo(
    () => (key === null ? undefined : props.members.find((m) => m.clave_socio === key)),
    [key, props.members],
  );
  const labelId = `${shell.inputId}-label`;

  return (
    <div className={`field member-field${shell.message ? ' is-invalid' : ''}`}>
      <span id={labelId} className="field-label">
        {props.label}
        {props.required ? (
          <span className="field-required" aria-hidden="true">
            {' *'}
          </span>
        ) : null}
      </span>
      <div className="member-field-row">
        <output
          className="member-field-value"
          aria-labelledby={labelId}
          data-testid={`${props.testId}-value`}
        >
          {key === null ? (
            <span className="member-field-none">{t('solicitudes.form.noMember')}</span>
          ) : (
            <>
              <span className="member-field-key">{key}</span> <span>{chosen?.full_name ?? ''}</span>
              {chosen?.nombre_comunidad ? (
                <span className="member-field-community">{chosen.nombre_comunidad}</span>
              ) : null}
            </>
          )}
        </output>
        {props.readOnly ? null : (
          <Button
            ref={inputRef}
            id={shell.inputId}
            onClick={() => {
              searching.current = true;
              setOpen(true);
            }}
            onBlur={() => {
              if (!searching.current) control.onBlur();
            }}
            aria-describedby={describedBy({ ...shell })}
            aria-label={`${props.label}: ${t(key === null ? 'solicitudes.form.search' : 'solicitudes.form.change')}`}
            data-testid={props.testId}
          >
            {t(key === null ? 'solicitudes.form.search' : 'solicitudes.form.change')}
          </Button>
        )}
      </div>
      {shell.message ? (
        <p id={shell.messageId} className="field-message">
          {shell.message}
        </p>
      ) : null}
      <MemberPicker
        open={open}
        title={props.pickerTitle}
        members={props.members}
        onClose={() => {
          searching.current = false;
          setOpen(false);
          control.onBlur();
        }}
        onPick={(member) => {
          searching.current = false;
          setValue(member.clave_socio);
          control.onBlur();
          setOpen(false);
          props.onPicked?.(member);
        }}
      />
    </div>
  );
}

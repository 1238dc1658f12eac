/**
 * The member key of a delivery form (acopio, contribution/withdrawal): typed with the digit
 * keypad or picked in the "Buscar socio" popup over the members the caller passes (read from
 * the replica, so it works offline). Under it, the member found on the phone — or the caller's
 * message when the key names nobody it knows.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describedBy, FieldShell, useField } from '#ui/field-shell.tsx';
import { MemberPicker, type MemberOption } from '#components/member-picker.tsx';
import './delivery.css';

export interface DeliveryMemberFieldProps<M extends MemberOption> {
  name: string;
  /** Already translated. */
  label: string;
  members: readonly M[];
  required?: boolean;
  readOnly?: boolean;
  /** Shown when the typed key names no member of `members` (already translated). */
  notFoundText: string;
  /** Called after a member is picked in the popup (e.g. to search at once). */
  onPick?: (member: M) => void;
}

/** The member a typed key names, if any. */
export function memberByKey<M extends MemberOption>(
  members: readonly M[],
  value: unknown,
): M | undefined {
  const text = value == null ? '' : String(value).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const key = Number(text);
  return members.find((m) => m.clave_socio === key);
}

export function DeliveryMemberField<M extends MemberOption>(props: DeliveryMemberFieldProps<M>) {
  const { t } = useTranslation();
  const { inputRef, control, shell, setValue } = useField(props.name);
  const [picking, setPicking] = useState(false);
  const text = control.value == null ? '' : String(control.value);
  const found = memberByKey(props.members, text);
  const summaryId = `${shell.inputId}-member`;
  const summary =
    text.trim() === '' ? null : found ? (
      <p id={summaryId} className="delivery-member-found" data-testid="member-found">
        <strong>{found.full_name}</strong>
        {found.nombre_comunidad ? <span> — {found.nombre_comunidad}</span> : null}
      </p>
    ) : /^\d+$/.test(text.trim()) ? (
      <p id={summaryId} className="delivery-member-missing" data-testid="member-missing">
        {props.notFoundText}
      </p>
    ) : null;
  return (
    <FieldShell
      {...shell}
      label={props.label}
      required={props.required}
      className="delivery-member-field"
      after={summary}
    >
      <div className="input-group">
        <input
          id={shell.inputId}
          ref={inputRef}
          name={control.name}
          className="input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={text}
          readOnly={props.readOnly}
          aria-required={props.required || undefined}
          aria-invalid={shell.message ? true : undefined}
          aria-describedby={describedBy({ ...shell }, summary ? summaryId : undefined)}
          onChange={(event) => setValue(event.target.value)}
          onBlur={() => {
            const trimmed = text.trim();
            if (trimmed !== text) setValue(trimmed);
            control.onBlur();
          }}
        />
        {props.readOnly ? null : (
          <button
            type="button"
            className="btn btn-secondary input-addon"
            data-testid="member-search"
            onClick={() => setPicking(true)}
          >
            {t('ui.memberPicker.title')}
          </button>
        )}
      </div>
      <MemberPicker
        open={picking}
        members={props.members}
        onClose={() => setPicking(false)}
        onPick={(member) => {
          setValue(String(member.clave_socio));
          control.onBlur();
          setPicking(false);
          props.onPick?.(member);
        }}
      />
    </FieldShell>
  );
}

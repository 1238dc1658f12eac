/**
 * The request's process: the applicant's four process icons, where only a
 * process the member is active in (AC) can be chosen. Its messages show under the icons.
 */
import { useTranslation } from 'react-i18next';
import { isCode, type MemberStatus, type Process } from '#domain/codes';
import { useField } from '#ui/field-shell.tsx';
import { ProcessIcons } from '#components/process-icons.tsx';

export interface ProcessFieldProps {
  label: string;
  /** The applicant's status per process; null before an applicant is chosen. */
  statuses: Record<Process, MemberStatus> | null;
  readOnly?: boolean;
}

export function ProcessField({ label, statuses, readOnly }: ProcessFieldProps) {
  const { t } = useTranslation();
  const { control, shell, setValue } = useField('proceso');
  const value = isCode('processes', control.value) ? control.value : null;
  const hasActive = statuses !== null && Object.values(statuses).includes('AC');
  const hint =
    statuses === null
      ? t('solicitudes.form.pickMemberFirst')
      : hasActive
        ? t('solicitudes.form.processHint')
        : t('solicitudes.form.noActiveProcess');
  return (
    <div className={`field process-field${shell.message ? ' is-invalid' : ''}`}>
      <span className="field-label" id={`${shell.inputId}-label`}>
        {label}
        <span className="field-required" aria-hidden="true">
          {' *'}
        </span>
      </span>
      <ProcessIcons
        value={value}
        statuses={statuses ?? {}}
        label={label}
        readOnly={readOnly}
        onChange={(process) => {
          setValue(process);
          control.onBlur();
        }}
      />
      <p id={shell.hintId} className="field-hint">
        {hint}
      </p>
      {shell.message ? (
        <p id={shell.messageId} className="field-message">
          {shell.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The request form's fields,
 * in four sections (solicitud-form-sections.tsx). The applicant and the guarantor are chosen in
 * the member search popup, each never the other; only a process the applicant is active in can
 * be chosen.
 */
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { isCode, PROCESSES } from '#domain/codes';
import type { CreditRequestInput } from '#domain/forms/credit-request';
import {
  RequestCreditSection,
  RequestGuaranteeSection,
  RequestMemberSection,
  RequestReasonSection,
} from './solicitud-form-sections.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

export interface SolicitudFormFieldsProps {
  members: readonly SolicitudMember[];
  /** The comment is required (resubmission) instead of optional (new request). */
  commentRequired: boolean;
  readOnly: boolean;
}

const keyOf = (value: unknown) => (value === '' || value == null ? null : Number(value));

export function SolicitudFormFields({
  members,
  commentRequired,
  readOnly,
}: SolicitudFormFieldsProps) {
  const { control, getValues, setValue } = useFormContext<CreditRequestInput>();
  const [clave, aval] = useWatch({ control, name: ['clave_socio', 'aval'] });
  const applicantKey = keyOf(clave);
  const avalKey = keyOf(aval);
  const applicant = useMemo(
    () => (applicantKey === null ? undefined : members.find((m) => m.clave_socio === applicantKey)),
    [applicantKey, members],
  );
  // The guarantor is another member: the applicant is not offered.
  const guarantors = useMemo(
    () => (applicantKey === null ? members : members.filter((m) => m.clave_socio !== applicantKey)),
    [applicantKey, members],
  );
  const applicants = useMemo(
    () => (avalKey === null ? members : members.filter((m) => m.clave_socio !== avalKey)),
    [avalKey, members],
  );

  function onApplicant(member: SolicitudMember) {
    const process = getValues('proceso');
    if (isCode('processes', process) && member.statuses[process] === 'AC') return;
    // A process the new applicant is not active in cannot stay chosen; a single one is obvious.
    const active = PROCESSES.filter((p) => member.statuses[p] === 'AC');
    setValue('proceso', active.length === 1 ? (active[0] ?? '') : '', { shouldValidate: true });
  }

  return (
    <div className="solicitud-form-grid">
      <RequestMemberSection
        applicants={applicants}
        applicant={applicant}
        onApplicant={onApplicant}
        readOnly={readOnly}
      />
      <RequestCreditSection readOnly={readOnly} />
      <RequestReasonSection readOnly={readOnly} />
      <RequestGuaranteeSection
        guarantors={guarantors}
        commentRequired={commentRequired}
        readOnly={readOnly}
      />
    </div>
  );
}

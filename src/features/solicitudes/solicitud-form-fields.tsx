/**
 * The request form's fields (spec part 1 §3, §4 "Form behaviour", §5 "Credit request form"),
 * with its conditional rules: type CP hides the reason and forces TR (no other-reason text);
 * reason OT shows a required free text; reason SA shows the medical-emergency checkbox; reason
 * TR shows the required productive activity; activity OT shows a required free text. The
 * applicant and the guarantor are chosen in the member search popup; only a process the
 * applicant is active in can be chosen.
 */
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  codeLabelKey,
  CREDIT_REASONS,
  CREDIT_TYPES,
  PRODUCTIVE_ACTIVITIES,
  PROCESSES,
  TEXTAREA_MAX,
} from '#domain/codes';
import { todayIn } from '#domain/dates';
import { creditRequestVisibility, type CreditRequestInput } from '#domain/forms/credit-request';
import {
  CheckboxField,
  DateField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '#ui/form-field.tsx';
import { MemberField } from './member-field.tsx';
import { ProcessField } from './process-field.tsx';
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
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<CreditRequestInput>();
  const [tipo, motivo, actividad, clave, aval] = useWatch({
    control,
    name: ['tipo_credito', 'mot_credito', 'act_productiva', 'clave_socio', 'aval'],
  });
  const show = creditRequestVisibility({
    tipo_credito: tipo,
    mot_credito: motivo,
    act_productiva: actividad,
  });
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

  // CP: the reason is work (TR) (spec part 1 §4).
  useEffect(() => {
    if (!readOnly && tipo === 'CP' && getValues('mot_credito') !== 'TR')
      setValue('mot_credito', 'TR');
  }, [tipo, readOnly, getValues, setValue]);
  // A hidden free text is not sent; emptied, it cannot block the form with a message nobody sees.
  const { mot_credito_otro: showOtherReason, act_productiva_otro: showOtherActivity } = show;
  useEffect(() => {
    if (readOnly) return;
    if (!showOtherReason && getValues('mot_credito_otro') !== '') setValue('mot_credito_otro', '');
    if (!showOtherActivity && getValues('act_productiva_otro') !== '')
      setValue('act_productiva_otro', '');
  }, [showOtherReason, showOtherActivity, readOnly, getValues, setValue]);

  function onApplicant(member: SolicitudMember) {
    const process = getValues('proceso');
    const active = PROCESSES.filter((p) => member.statuses[p] === 'AC');
    if (
      typeof process === 'string' &&
      member.statuses[process as (typeof PROCESSES)[number]] === 'AC'
    )
      return;
    // A process the new applicant is not active in cannot stay chosen; a single one is obvious.
    setValue('proceso', active.length === 1 ? active[0]! : '', { shouldValidate: true });
  }

  const f = (key: string) => t(`solicitudes.fields.${key}`);
  const choose = t('solicitudes.form.choose');
  const options = (list: 'creditTypes' | 'creditReasons' | 'productiveActivities') => {
    const codes =
      list === 'creditTypes'
        ? CREDIT_TYPES
        : list === 'creditReasons'
          ? CREDIT_REASONS
          : PRODUCTIVE_ACTIVITIES;
    return codes.map((code) => ({
      value: code,
      labelKey: codeLabelKey(list, code as never),
    }));
  };

  return (
    <div className="solicitud-form-grid">
      <fieldset className="solicitud-section">
        <legend>{t('solicitudes.form.sectionMember')}</legend>
        <DateField
          name="fecha_solicitud"
          label={f('fecha_solicitud')}
          required
          max={todayIn()}
          readOnly={readOnly}
        />
        <MemberField
          name="clave_socio"
          label={f('clave_socio')}
          pickerTitle={t('solicitudes.form.pickApplicant')}
          members={applicants}
          required
          readOnly={readOnly}
          onPicked={onApplicant}
          testId="solicitud-socio"
        />
        <ProcessField
          label={f('proceso')}
          statuses={applicant?.statuses ?? null}
          readOnly={readOnly}
        />
      </fieldset>

      <fieldset className="solicitud-section">
        <legend>{t('solicitudes.form.sectionCredit')}</legend>
        <SelectField
          name="tipo_credito"
          label={f('tipo_credito')}
          options={options('creditTypes')}
          required
          readOnly={readOnly}
        />
        <NumberField
          name="monto_solicitado"
          label={f('monto_solicitado')}
          required
          readOnly={readOnly}
          hint={t('solicitudes.form.amountHint')}
        />
        <NumberField
          name="plazo_de_pago_solicitado"
          label={f('plazo_de_pago_solicitado')}
          integer
          required
          readOnly={readOnly}
        />
      </fieldset>

      <fieldset className="solicitud-section">
        <legend>{t('solicitudes.form.sectionReason')}</legend>
        {show.mot_credito ? (
          <SelectField
            name="mot_credito"
            label={f('mot_credito')}
            options={options('creditReasons')}
            required
            readOnly={readOnly}
          />
        ) : (
          <p className="field-hint" data-testid="solicitud-cp-note">
            {t('solicitudes.form.productiveReason')}
          </p>
        )}
        {show.mot_credito_otro ? (
          <TextField
            name="mot_credito_otro"
            label={f('mot_credito_otro')}
            required
            readOnly={readOnly}
          />
        ) : null}
        {show.emergencia_medica ? (
          <CheckboxField
            name="emergencia_medica"
            label={f('emergencia_medica')}
            readOnly={readOnly}
          />
        ) : null}
        {show.act_productiva ? (
          <SelectField
            name="act_productiva"
            label={f('act_productiva')}
            options={options('productiveActivities')}
            placeholder={choose}
            required
            readOnly={readOnly}
          />
        ) : null}
        {show.act_productiva_otro ? (
          <TextField
            name="act_productiva_otro"
            label={f('act_productiva_otro')}
            required
            readOnly={readOnly}
          />
        ) : null}
        <TextAreaField
          name="justificacion_credito"
          label={f('justificacion_credito')}
          maxLength={TEXTAREA_MAX}
          required
          readOnly={readOnly}
        />
      </fieldset>

      <fieldset className="solicitud-section">
        <legend>{t('solicitudes.form.sectionGuarantee')}</legend>
        <MemberField
          name="aval"
          label={f('aval')}
          pickerTitle={t('solicitudes.form.pickAval')}
          members={guarantors}
          required
          readOnly={readOnly}
          testId="solicitud-aval"
        />
        <TextField
          name="familiar_responsable"
          label={f('familiar_responsable')}
          required
          readOnly={readOnly}
        />
        <TextAreaField
          name="comentarios_promotor"
          label={f('comentarios_promotor')}
          maxLength={TEXTAREA_MAX}
          required={commentRequired}
          readOnly={readOnly}
          hint={commentRequired ? t('solicitudes.form.commentRequiredHint') : undefined}
        />
      </fieldset>
    </div>
  );
}

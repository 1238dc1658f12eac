/**
 * The sections of the request form: the member and its process, the credit, the reason (with its
 * conditional fields) and the guarantee. Each reads and writes the form of
 * #features/solicitudes/solicitud-form.tsx through the react-hook-form context.
 */
import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CODE_LISTS,
  codeLabelKey,
  TEXTAREA_MAX,
  type CodeListName,
  type CodeOf,
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
  type SelectOption,
} from '#ui/form-field.tsx';
import { MemberField } from './member-field.tsx';
import { ProcessField } from './process-field.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

/** The choices of a code list, labelled in the user's language. */
function codeOptions<L extends CodeListName>(list: L): SelectOption[] {
  const codes: readonly CodeOf<L>[] = CODE_LISTS[list];
  return codes.map((code) => ({ value: code, labelKey: codeLabelKey(list, code) }));
}

function useFieldLabel() {
  const { t } = useTranslation();
  return (key: string) => t(`solicitudes.fields.${key}`);
}

export interface MemberSectionProps {
  /** The members the applicant may be (the guarantor is not offered). */
  applicants: readonly SolicitudMember[];
  applicant: SolicitudMember | undefined;
  onApplicant: (member: SolicitudMember) => void;
  readOnly: boolean;
}

export function RequestMemberSection(props: MemberSectionProps) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  return (
    <fieldset className="solicitud-section">
      <legend>{t('solicitudes.form.sectionMember')}</legend>
      <DateField
        name="fecha_solicitud"
        label={f('fecha_solicitud')}
        required
        max={todayIn()}
        readOnly={props.readOnly}
      />
      <MemberField
        name="clave_socio"
        label={f('clave_socio')}
        pickerTitle={t('solicitudes.form.pickApplicant')}
        members={props.applicants}
        required
        readOnly={props.readOnly}
        onPicked={props.onApplicant}
        testId="solicitud-socio"
      />
      <ProcessField
        label={f('proceso')}
        statuses={props.applicant?.statuses ?? null}
        readOnly={props.readOnly}
      />
    </fieldset>
  );
}

export function RequestCreditSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  return (
    <fieldset className="solicitud-section">
      <legend>{t('solicitudes.form.sectionCredit')}</legend>
      <SelectField
        name="tipo_credito"
        label={f('tipo_credito')}
        options={codeOptions('creditTypes')}
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
  );
}

/**
 * The reason and its conditional fields: type CP hides the reason and forces TR (no
 * other-reason text); reason OT shows a required free text; reason SA shows the
 * medical-emergency checkbox; reason TR shows the required productive activity; activity OT
 * shows a required free text.
 */
export function RequestReasonSection({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const f = useFieldLabel();
  const { control, getValues, setValue } = useFormContext<CreditRequestInput>();
  const [tipo, motivo, actividad] = useWatch({
    control,
    name: ['tipo_credito', 'mot_credito', 'act_productiva'],
  });
  const show = creditRequestVisibility({
    tipo_credito: tipo,
    mot_credito: motivo,
    act_productiva: actividad,
  });

  // CP: the reason is work (TR).
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

  return (
    <fieldset className="solicitud-section">
      <legend>{t('solicitudes.form.sectionReason')}</legend>
      {show.mot_credito ? (
        <SelectField
          name="mot_credito"
          label={f('mot_credito')}
          options={codeOptions('creditReasons')}
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
          options={codeOptions('productiveActivities')}
          placeholder={t('solicitudes.form.choose')}
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
  );
}

export interface GuaranteeSectionProps {
  /** The members the guarantor may be (the applicant is not offered). */
  guarantors: readonly SolicitudMember[];
  /** The comment is required (resubmission) instead of optional (new request). */
  commentRequired: boolean;
  readOnly: boolean;
}

export function RequestGuaranteeSection(props: GuaranteeSectionProps) {
  const { commentRequired, readOnly } = props;
  const { t } = useTranslation();
  const f = useFieldLabel();
  return (
    <fieldset className="solicitud-section">
      <legend>{t('solicitudes.form.sectionGuarantee')}</legend>
      <MemberField
        name="aval"
        label={f('aval')}
        pickerTitle={t('solicitudes.form.pickAval')}
        members={props.guarantors}
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
  );
}

/** The member form's sections about the person: identity, dates (with ages), documents. */
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, GENDERS } from '#domain/codes';
import { ageInYears, todayIn } from '#domain/dates';
import type { MemberInput } from '#domain/forms/member';
import { CheckboxField, DateField, SelectField, TextField } from '#ui/form-field.tsx';

const DOC_FIELDS = ['doc_curp', 'doc_domicilio', 'doc_act_nac', 'doc_ine', 'doc_rfc'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, labelKey: codeLabelKey('genders', g) }));

/** Whole years from `date` to today, or null when the date is not a usable past date. */
function yearsSince(date: unknown, today: string): number | null {
  if (typeof date !== 'string' || !ISO_DATE.test(date) || date > today) return null;
  return ageInYears(date, today);
}

export interface SectionProps {
  readOnly: boolean;
}

export function IdentitySection({ readOnly }: SectionProps) {
  const { t } = useTranslation();
  const f = (key: string) => t(`socios.fields.${key}`);
  return (
    <fieldset className="socio-section">
      <legend>{t('socios.form.identity')}</legend>
      <TextField name="nombres" label={f('nombres')} required readOnly={readOnly} />
      <TextField
        name="apellido_paterno"
        label={f('apellido_paterno')}
        required
        readOnly={readOnly}
      />
      <TextField name="apellido_materno" label={f('apellido_materno')} readOnly={readOnly} />
      <SelectField
        name="genero"
        label={f('genero')}
        options={GENDER_OPTIONS}
        required
        readOnly={readOnly}
      />
      <TextField
        name="curp"
        label={f('curp')}
        readOnly={readOnly}
        autoComplete="off"
        normalizeOnBlur={(value) => value.trim().toUpperCase()}
      />
      <TextField
        name="telefono"
        label={f('telefono')}
        type="tel"
        inputMode="tel"
        readOnly={readOnly}
      />
      <TextField name="clave_anterior" label={f('clave_anterior')} readOnly={readOnly} />
    </fieldset>
  );
}

export function DatesSection({ readOnly }: SectionProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<MemberInput>();
  const [birth, entry] = useWatch({
    control,
    name: ['fecha_nacimiento', 'fecha_ingr_yomol_atel'],
  });
  const today = todayIn();
  const age = yearsSince(birth, today);
  const seniority = yearsSince(entry, today);
  const f = (key: string) => t(`socios.fields.${key}`);
  return (
    <fieldset className="socio-section">
      <legend>{t('socios.form.dates')}</legend>
      <DateField
        name="fecha_nacimiento"
        label={f('fecha_nacimiento')}
        required
        max={today}
        readOnly={readOnly}
        hint={age === null ? undefined : t('socios.form.age', { count: age })}
      />
      <DateField
        name="fecha_ingr_yomol_atel"
        label={f('fecha_ingr_yomol_atel')}
        required
        max={today}
        readOnly={readOnly}
        hint={seniority === null ? undefined : t('socios.form.seniority', { count: seniority })}
      />
      <DateField
        name="fecha_ingr_programa"
        label={f('fecha_ingr_programa')}
        required
        readOnly={readOnly}
      />
    </fieldset>
  );
}

export function DocumentsSection({ readOnly }: SectionProps) {
  const { t } = useTranslation();
  return (
    <fieldset className="socio-section">
      <legend>{t('socios.form.documents')}</legend>
      <div className="socio-docs">
        {DOC_FIELDS.map((field) => (
          <CheckboxField
            key={field}
            name={field}
            label={t(`socios.fields.${field}`)}
            readOnly={readOnly}
          />
        ))}
      </div>
    </fieldset>
  );
}

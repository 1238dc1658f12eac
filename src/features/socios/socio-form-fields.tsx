/**
 * The member form's fields (spec part 1 §3, §5): identity, dates with the ages they give,
 * community (filtered by and labelled with its region), posts (cargo_coop: several), the five
 * area statuses with the process icons, and the document copies. Read-only until "Editar".
 */
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  codeLabelKey,
  GENDERS,
  MEMBER_AREA_STATUS_FIELDS,
  MEMBER_STATUSES,
  PROCESS_STATUS_FIELD,
  PROCESSES,
  type MemberStatus,
  type Process,
} from '#domain/codes';
import { ageInYears, todayIn } from '#domain/dates';
import type { MemberInput } from '#domain/forms/member';
import { CheckboxField, DateField, SelectField, TextField } from '#ui/form-field.tsx';
import { MultiSelectField } from '#ui/multi-select-field.tsx';
import { ProcessIcons } from '#ui/process-icons.tsx';
import type { SocioReferences } from './use-socios-data.ts';

const DOC_FIELDS = ['doc_curp', 'doc_domicilio', 'doc_act_nac', 'doc_ine', 'doc_rfc'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years from `date` to today, or null when the date is not a usable past date. */
function yearsSince(date: unknown, today: string): number | null {
  if (typeof date !== 'string' || !ISO_DATE.test(date) || date > today) return null;
  return ageInYears(date, today);
}

function asStatus(value: unknown): MemberStatus {
  return (MEMBER_STATUSES as readonly unknown[]).includes(value) ? (value as MemberStatus) : 'NP';
}

export interface SocioFormFieldsProps {
  references: SocioReferences;
  readOnly: boolean;
  process: Process | null;
  onProcess: (process: Process) => void;
}

export function SocioFormFields({
  references,
  readOnly,
  process,
  onProcess,
}: SocioFormFieldsProps) {
  const { t } = useTranslation();
  const { control, getValues, setValue } = useFormContext<MemberInput>();
  const [region, birth, entry, ...statusValues] = useWatch({
    control,
    name: ['region', 'fecha_nacimiento', 'fecha_ingr_yomol_atel', ...MEMBER_AREA_STATUS_FIELDS],
  });
  const today = todayIn();
  const age = yearsSince(birth, today);
  const seniority = yearsSince(entry, today);

  const regionId = region === '' || region == null ? null : Number(region);
  const communities = useMemo(
    () =>
      references.comunidades
        .filter((c) => regionId === null || c.region === regionId)
        .sort((a, b) => a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es'))
        .map((c) => ({ value: c.id, label: `${c.nombre_de_comunidad} — ${c.nombre_region}` })),
    [references.comunidades, regionId],
  );

  // A community of another region cannot stay chosen once the region changes.
  useEffect(() => {
    if (readOnly || regionId === null) return;
    const chosen = getValues('comunidad');
    if (chosen === '' || chosen == null) return;
    const community = references.comunidades.find((c) => c.id === Number(chosen));
    if (community && community.region !== regionId)
      setValue('comunidad', '', { shouldValidate: true });
  }, [regionId, readOnly, references.comunidades, getValues, setValue]);

  const statuses = Object.fromEntries(
    PROCESSES.map((p) => [
      p,
      asStatus(statusValues[MEMBER_AREA_STATUS_FIELDS.indexOf(PROCESS_STATUS_FIELD[p])]),
    ]),
  ) as Record<Process, MemberStatus>;
  const chosenProcess = process !== null && statuses[process] === 'AC' ? process : null;

  const options = {
    regions: references.regiones.map((r) => ({ value: r.id, label: r.nombre_de_region })),
    cargos: references.cargos.map((c) => ({ value: c.id, label: c.nombre_de_cargo })),
    posts: references.cargosCoop.map((c) => ({ value: c.id, label: c.nombre_cargo_coop })),
    empresas: references.empresas.map((e) => ({ value: e.id, label: e.nombre_empresa })),
    puestos: references.puestos.map((p) => ({ value: p.id, label: p.puesto })),
    fuentes: references.fuentes.map((f) => ({ value: f.id, label: f.fuente })),
    genders: GENDERS.map((g) => ({ value: g, labelKey: codeLabelKey('genders', g) })),
    statuses: MEMBER_STATUSES.map((s) => ({
      value: s,
      labelKey: codeLabelKey('memberStatuses', s),
    })),
  };
  const f = (key: string) => t(`socios.fields.${key}`);
  const choose = t('socios.form.choose');

  return (
    <div className="socio-form-grid">
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
          options={options.genders}
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

      <fieldset className="socio-section">
        <legend>{t('socios.form.place')}</legend>
        <SelectField
          name="region"
          label={f('region')}
          options={options.regions}
          readOnly={readOnly}
        />
        <SelectField
          name="comunidad"
          label={f('comunidad')}
          options={communities}
          placeholder={choose}
          required
          readOnly={readOnly}
        />
        <SelectField
          name="cargo"
          label={f('cargo')}
          options={options.cargos}
          placeholder={choose}
          required
          readOnly={readOnly}
        />
        <MultiSelectField
          name="cargo_coop"
          label={f('cargo_coop')}
          options={options.posts}
          hint={t('socios.form.severalAllowed')}
          required
          readOnly={readOnly}
        />
        <SelectField
          name="empresa"
          label={f('empresa')}
          options={options.empresas}
          placeholder={choose}
          readOnly={readOnly}
        />
        <SelectField
          name="puesto"
          label={f('puesto')}
          options={options.puestos}
          placeholder={choose}
          readOnly={readOnly}
        />
        <SelectField
          name="fuente"
          label={f('fuente')}
          options={options.fuentes}
          placeholder={choose}
          readOnly={readOnly}
        />
      </fieldset>

      <fieldset className="socio-section">
        <legend>{t('socios.form.statuses')}</legend>
        <ProcessIcons
          value={chosenProcess}
          statuses={statuses}
          onChange={onProcess}
          label={t('socios.form.processes')}
        />
        <p className="field-hint">{t('socios.form.processHint')}</p>
        <div className="socio-statuses">
          {MEMBER_AREA_STATUS_FIELDS.map((field) => (
            <SelectField
              key={field}
              name={field}
              label={t(codeLabelKey('memberAreas', field))}
              options={options.statuses}
              required
              readOnly={readOnly}
            />
          ))}
        </div>
      </fieldset>

      <fieldset className="socio-section">
        <legend>{t('socios.form.documents')}</legend>
        <div className="socio-docs">
          {DOC_FIELDS.map((field) => (
            <CheckboxField key={field} name={field} label={f(field)} readOnly={readOnly} />
          ))}
        </div>
      </fieldset>
    </div>
  );
}

/**
 * The member form's sections about the member's place in the cooperative: region, community
 * (only those of the chosen region), posts and work; and the five area statuses with the
 * process icons (only a process whose status is AC can be chosen).
 */
import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  codeLabelKey,
  MEMBER_AREA_STATUS_FIELDS,
  MEMBER_STATUSES,
  PROCESS_STATUS_FIELD,
  PROCESSES,
  type MemberStatus,
  type Process,
} from '#domain/codes';
import type { MemberInput } from '#domain/forms/member';
import type { ReferenceLists } from '#db/reads/places';
import { SelectField } from '#ui/form-field.tsx';
import { MultiSelectField } from '#ui/multi-select-field.tsx';
import { ProcessIcons } from '#components/process-icons.tsx';
import type { SectionProps } from './socio-person-sections.tsx';

const STATUS_OPTIONS = MEMBER_STATUSES.map((s) => ({
  value: s,
  labelKey: codeLabelKey('memberStatuses', s),
}));

function asStatus(value: unknown): MemberStatus {
  return MEMBER_STATUSES.find((status) => status === value) ?? 'NP';
}

/** The chosen region's communities by name, each labelled with its region. */
function useRegionCommunities(references: ReferenceLists, readOnly: boolean) {
  const { control, getValues, setValue } = useFormContext<MemberInput>();
  const region = useWatch({ control, name: 'region' });
  const regionId = region === '' || region == null ? null : Number(region);
  const { comunidades } = references;

  // A community of another region cannot stay chosen once the region changes.
  useEffect(() => {
    if (readOnly || regionId === null) return;
    const chosen = getValues('comunidad');
    if (chosen === '' || chosen == null) return;
    const community = comunidades.find((c) => c.id === Number(chosen));
    if (community && community.region !== regionId)
      setValue('comunidad', '', { shouldValidate: true });
  }, [regionId, readOnly, comunidades, getValues, setValue]);

  return useMemo(
    () =>
      comunidades
        .filter((c) => regionId === null || c.region === regionId)
        .sort((a, b) => a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es'))
        .map((c) => ({ value: c.id, label: `${c.nombre_de_comunidad} — ${c.nombre_region}` })),
    [comunidades, regionId],
  );
}

export function PlaceSection({
  references,
  readOnly,
}: SectionProps & { references: ReferenceLists }) {
  const { t } = useTranslation();
  const communities = useRegionCommunities(references, readOnly);
  const options = {
    regions: references.regiones.map((r) => ({ value: r.id, label: r.nombre_de_region })),
    cargos: references.cargos.map((c) => ({ value: c.id, label: c.nombre_de_cargo })),
    posts: references.cargosCoop.map((c) => ({ value: c.id, label: c.nombre_cargo_coop })),
    empresas: references.empresas.map((e) => ({ value: e.id, label: e.nombre_empresa })),
    puestos: references.puestos.map((p) => ({ value: p.id, label: p.puesto })),
    fuentes: references.fuentes.map((f) => ({ value: f.id, label: f.fuente })),
  };
  const f = (key: string) => t(`socios.fields.${key}`);
  const choose = t('socios.form.choose');
  return (
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
  );
}

export interface StatusesSectionProps extends SectionProps {
  process: Process | null;
  onProcess: (process: Process) => void;
}

export function StatusesSection({ readOnly, process, onProcess }: StatusesSectionProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<MemberInput>();
  const values = useWatch({ control, name: [...MEMBER_AREA_STATUS_FIELDS] });
  const statuses: Partial<Record<Process, MemberStatus>> = {};
  for (const p of PROCESSES)
    statuses[p] = asStatus(values[MEMBER_AREA_STATUS_FIELDS.indexOf(PROCESS_STATUS_FIELD[p])]);
  const chosenProcess = process !== null && statuses[process] === 'AC' ? process : null;
  return (
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
            options={STATUS_OPTIONS}
            required
            readOnly={readOnly}
          />
        ))}
      </div>
    </fieldset>
  );
}

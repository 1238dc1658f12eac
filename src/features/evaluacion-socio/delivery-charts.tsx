/**
 * The delivery charts (spec part 1 screen 10): yearly sums per process for one member, a
 * community or a region, in kg or MXN; they start with coffee only. Computed on the phone from
 * the replica with #domain/deliveries, so they work offline and equal GET /acopios/year_sum/
 * over the same collections; the figures are also listed in a table under the chart.
 */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESSES, type Process } from '#domain/codes';
import { yearSums } from '#domain/deliveries';
import { acopiosForSum } from '#domain/delivery-rows';
import type { Socio } from '#domain/entities';
import { DeliveryYearChart, DeliveryYearTable } from '#ui/delivery-year-chart.tsx';
import { acopiosInScope, type DeliveryScope } from './delivery-filter.ts';
import type { EvaluacionData } from './use-evaluacion-data.ts';

type ScopeKind = DeliveryScope['kind'];
const SCOPE_KINDS: readonly ScopeKind[] = ['socio', 'comunidad', 'region'];

export interface DeliveryChartsProps {
  data: EvaluacionData;
  member: Socio | undefined;
}

export function DeliveryCharts({ data, member }: DeliveryChartsProps) {
  const { t } = useTranslation();
  const ids = useId();
  const regions = useMemo(() => [...data.regiones].sort((a, b) => a.id - b.id), [data.regiones]);
  const communities = useMemo(
    () =>
      [...data.comunidades].sort((a, b) =>
        a.nombre_de_comunidad.localeCompare(b.nombre_de_comunidad, 'es'),
      ),
    [data.comunidades],
  );
  const [kind, setKind] = useState<ScopeKind>(member ? 'socio' : 'region');
  const [comunidad, setComunidad] = useState<number | null>(
    member?.comunidad ?? communities[0]?.id ?? null,
  );
  const [region, setRegion] = useState<number | null>(member?.region ?? regions[0]?.id ?? null);
  const [kg, setKg] = useState(false);
  // The chart starts with coffee only (spec part 1 §9).
  const [chosen, setChosen] = useState<readonly Process[]>(['CF']);

  const clave = member?.clave_socio ?? null;
  const scope = useMemo((): DeliveryScope | null => {
    if (kind === 'socio') return clave === null ? null : { kind, clave };
    if (kind === 'comunidad') return comunidad === null ? null : { kind, id: comunidad };
    return region === null ? null : { kind, id: region };
  }, [kind, clave, comunidad, region]);

  const processes = useMemo(() => PROCESSES.filter((p) => chosen.includes(p)), [chosen]);
  const rows = useMemo(
    () =>
      scope === null
        ? []
        : yearSums(acopiosForSum(acopiosInScope(data.acopios, scope)), { kg, processes }),
    [data.acopios, scope, kg, processes],
  );

  function toggle(process: Process, on: boolean) {
    setChosen((current) => (on ? [...current, process] : current.filter((p) => p !== process)));
  }

  const scopeName =
    scope === null
      ? ''
      : scope.kind === 'socio'
        ? `${member?.clave_socio ?? ''} ${member?.full_name ?? ''}`
        : scope.kind === 'comunidad'
          ? (communities.find((c) => c.id === scope.id)?.nombre_de_comunidad ?? '')
          : (regions.find((r) => r.id === scope.id)?.nombre_de_region ?? '');
  const label = t('evaluacionSocio.charts.label', {
    scope: scopeName,
    unit: kg ? t('evaluacionSocio.charts.kg') : t('evaluacionSocio.charts.mxn'),
  });

  return (
    <section className="delivery-charts card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="section-title">
        {t('evaluacionSocio.charts.title')}
      </h2>
      <div className="delivery-controls">
        <div className="segmented" role="group" aria-label={t('evaluacionSocio.charts.scope')}>
          {SCOPE_KINDS.map((k) => (
            <button
              key={k}
              type="button"
              className={`btn ${kind === k ? 'btn-primary' : 'btn-ghost'}`}
              aria-pressed={kind === k}
              disabled={k === 'socio' && !member}
              onClick={() => setKind(k)}
              data-testid={`delivery-scope-${k}`}
            >
              {t(`evaluacionSocio.charts.scopes.${k}`)}
            </button>
          ))}
        </div>
        {kind === 'comunidad' ? (
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-comunidad`}>
              {t('evaluacionSocio.charts.scopes.comunidad')}
            </label>
            <select
              id={`${ids}-comunidad`}
              className="input select"
              value={comunidad ?? ''}
              onChange={(event) => setComunidad(Number(event.target.value))}
            >
              {communities.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.nombre_de_comunidad} — ${c.nombre_region}`}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind === 'region' ? (
          <div className="field">
            <label className="field-label" htmlFor={`${ids}-region`}>
              {t('evaluacionSocio.charts.scopes.region')}
            </label>
            <select
              id={`${ids}-region`}
              className="input select"
              value={region ?? ''}
              onChange={(event) => setRegion(Number(event.target.value))}
            >
              {regions.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.nombre_de_region}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="segmented" role="group" aria-label={t('evaluacionSocio.charts.unit')}>
          <button
            type="button"
            className={`btn ${kg ? 'btn-ghost' : 'btn-primary'}`}
            aria-pressed={!kg}
            onClick={() => setKg(false)}
            data-testid="delivery-unit-mxn"
          >
            {t('evaluacionSocio.charts.mxn')}
          </button>
          <button
            type="button"
            className={`btn ${kg ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={kg}
            onClick={() => setKg(true)}
            data-testid="delivery-unit-kg"
          >
            {t('evaluacionSocio.charts.kg')}
          </button>
        </div>
        <fieldset className="delivery-processes">
          <legend className="field-label">{t('evaluacionSocio.charts.processes')}</legend>
          {PROCESSES.map((p) => (
            <label key={p} className="delivery-process-toggle">
              <input
                type="checkbox"
                className="checkbox"
                checked={chosen.includes(p)}
                onChange={(event) => toggle(p, event.target.checked)}
              />
              <span>{t(codeLabelKey('processes', p))}</span>
            </label>
          ))}
        </fieldset>
      </div>
      {processes.length === 0 ? (
        <p className="delivery-note">{t('evaluacionSocio.charts.chooseProcess')}</p>
      ) : scope === null ? (
        <p className="delivery-note">{t('evaluacionSocio.charts.chooseScope')}</p>
      ) : rows.length === 0 ? (
        <p className="delivery-note" data-testid="delivery-empty">
          {t('evaluacionSocio.charts.empty')}
        </p>
      ) : (
        <>
          <DeliveryYearChart
            rows={rows}
            processes={processes}
            kg={kg}
            label={label}
            unit={kg ? t('evaluacionSocio.charts.kg') : t('evaluacionSocio.charts.mxn')}
          />
          <DeliveryYearTable
            rows={rows}
            processes={processes}
            kg={kg}
            caption={label}
            yearLabel={t('evaluacionSocio.charts.year')}
          />
        </>
      )}
    </section>
  );
}

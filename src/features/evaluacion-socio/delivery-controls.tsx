/**
 * The controls of the delivery charts: what to add up (a member, a community or a region, with
 * its choice), the unit (MXN or kg) and the processes shown.
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESSES } from '#domain/codes';
import type { DeliveryChartState, ScopeKind } from './use-delivery-chart.ts';

const SCOPE_KINDS: readonly ScopeKind[] = ['socio', 'comunidad', 'region'];

interface ControlsProps {
  chart: DeliveryChartState;
  /** Id prefix of the labelled selects. */
  ids: string;
  /** A member is chosen (the member scope is possible). */
  hasMember: boolean;
}

function ScopeControls({ chart, ids, hasMember }: ControlsProps) {
  const { t } = useTranslation();
  const { kind } = chart;
  return (
    <>
      <div className="segmented" role="group" aria-label={t('evaluacionSocio.charts.scope')}>
        {SCOPE_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            className={`btn ${kind === k ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={kind === k}
            disabled={k === 'socio' && !hasMember}
            onClick={() => chart.setKind(k)}
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
            value={chart.comunidad ?? ''}
            onChange={(event) => chart.setComunidad(Number(event.target.value))}
          >
            {chart.communities.map((c) => (
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
            value={chart.region ?? ''}
            onChange={(event) => chart.setRegion(Number(event.target.value))}
          >
            {chart.regions.map((r) => (
              <option key={r.id} value={r.id}>
                {r.nombre_de_region}
              </option>
            ))}
          </select>
        </div>
      ) : null}
    </>
  );
}

function UnitAndProcesses({ chart }: { chart: DeliveryChartState }) {
  const { t } = useTranslation();
  const { kg } = chart;
  return (
    <>
      <div className="segmented" role="group" aria-label={t('evaluacionSocio.charts.unit')}>
        <button
          type="button"
          className={`btn ${kg ? 'btn-ghost' : 'btn-primary'}`}
          aria-pressed={!kg}
          onClick={() => chart.setKg(false)}
          data-testid="delivery-unit-mxn"
        >
          {t('evaluacionSocio.charts.mxn')}
        </button>
        <button
          type="button"
          className={`btn ${kg ? 'btn-primary' : 'btn-ghost'}`}
          aria-pressed={kg}
          onClick={() => chart.setKg(true)}
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
              checked={chart.chosen.includes(p)}
              onChange={(event) => chart.toggle(p, event.target.checked)}
            />
            <span>{t(codeLabelKey('processes', p))}</span>
          </label>
        ))}
      </fieldset>
    </>
  );
}

export function DeliveryControls(props: ControlsProps) {
  return (
    <div className="delivery-controls">
      <ScopeControls {...props} />
      <UnitAndProcesses chart={props.chart} />
    </div>
  );
}

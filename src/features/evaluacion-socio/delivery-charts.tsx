/**
 * The delivery charts: yearly sums per process for one member, a
 * community or a region, in kg or MXN; they start with coffee only. Computed on the phone from
 * the replica with #domain/deliveries, so they work offline and equal GET /acopios/year_sum/
 * over the same collections; the figures are also listed in a table under the chart.
 */
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Socio } from '#domain/entities';
import { DeliveryYearChart, DeliveryYearTable } from '#components/delivery-year-chart.tsx';
import { DeliveryControls } from './delivery-controls.tsx';
import { useDeliveryChart, type DeliveryChartState } from './use-delivery-chart.ts';
import type { EvaluacionData } from './use-evaluacion-data.ts';

export interface DeliveryChartsProps {
  data: EvaluacionData;
  member: Socio | undefined;
}

/** The chart and its table, or why there is nothing to draw. */
function DeliveryFigures({ chart }: { chart: DeliveryChartState }) {
  const { t } = useTranslation();
  const { kg, processes, rows } = chart;
  if (processes.length === 0)
    return <p className="delivery-note">{t('evaluacionSocio.charts.chooseProcess')}</p>;
  if (chart.scope === null)
    return <p className="delivery-note">{t('evaluacionSocio.charts.chooseScope')}</p>;
  if (rows.length === 0)
    return (
      <p className="delivery-note" data-testid="delivery-empty">
        {t('evaluacionSocio.charts.empty')}
      </p>
    );
  const unit = kg ? t('evaluacionSocio.charts.kg') : t('evaluacionSocio.charts.mxn');
  const label = t('evaluacionSocio.charts.label', { scope: chart.scopeName, unit });
  return (
    <>
      <DeliveryYearChart rows={rows} processes={processes} kg={kg} label={label} unit={unit} />
      <DeliveryYearTable
        rows={rows}
        processes={processes}
        kg={kg}
        caption={label}
        yearLabel={t('evaluacionSocio.charts.year')}
      />
    </>
  );
}

export function DeliveryCharts({ data, member }: DeliveryChartsProps) {
  const { t } = useTranslation();
  const ids = useId();
  const chart = useDeliveryChart(data, member);
  return (
    <section className="delivery-charts card" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="section-title">
        {t('evaluacionSocio.charts.title')}
      </h2>
      <DeliveryControls chart={chart} ids={ids} hasMember={member !== undefined} />
      <DeliveryFigures chart={chart} />
    </section>
  );
}

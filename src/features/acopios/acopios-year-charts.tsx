/**
 * Yearly charts of the four processes (coffee, honey, soap, salaries) over the collections the
 * list shows (its region/community filter), computed on the phone from the replica with
 * #domain/deliveries — the same sums as GET /acopios/year_sum/. In MXN every process has its
 * chart; in kg only coffee and honey (soap and salaries are not weighed). Collections still
 * waiting for the server are not counted, so the figures match the office's.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, PROCESSES, type Process } from '#domain/codes';
import { yearSums } from '#domain/deliveries';
import { acopiosForSum } from '#domain/delivery-rows';
import { DeliveryYearChart, DeliveryYearTable } from '#components/delivery-year-chart.tsx';
import { isLocalKey, type AcopioRow } from '#db/replica-rows';

const WEIGHED: readonly Process[] = ['CF', 'MI'];

export function AcopiosYearCharts({ records }: { records: readonly AcopioRow[] }) {
  const { t } = useTranslation();
  const [kg, setKg] = useState(false);
  const processes = kg ? WEIGHED : PROCESSES;
  const confirmed = useMemo(() => records.filter((r) => !isLocalKey(r.id)), [records]);
  const rows = useMemo(
    () => yearSums(acopiosForSum(confirmed), { kg, processes }),
    [confirmed, kg, processes],
  );
  const waiting = records.length - confirmed.length;
  return (
    <section className="acopios-charts card" aria-labelledby="acopios-charts-title">
      <div className="acopios-charts-head">
        <h2 id="acopios-charts-title" className="section-title">
          {t('acopios.charts.title')}
        </h2>
        <div className="segmented" role="group" aria-label={t('acopios.charts.unit')}>
          <button
            type="button"
            className={`btn ${kg ? 'btn-ghost' : 'btn-primary'}`}
            aria-pressed={!kg}
            onClick={() => setKg(false)}
          >
            {t('acopios.charts.mxn')}
          </button>
          <button
            type="button"
            className={`btn ${kg ? 'btn-primary' : 'btn-ghost'}`}
            aria-pressed={kg}
            onClick={() => setKg(true)}
          >
            {t('acopios.charts.kg')}
          </button>
        </div>
      </div>
      {waiting > 0 ? (
        <p className="field-hint">{t('acopios.charts.pendingNote', { count: waiting })}</p>
      ) : null}
      {rows.length === 0 ? (
        <p className="acopios-charts-empty">{t('acopios.charts.empty')}</p>
      ) : (
        <>
          <div className="acopios-chart-grid">
            {processes.map((p) => (
              <div key={p} className="acopios-chart" data-process={p}>
                <h3 className="acopios-chart-title">{t(codeLabelKey('processes', p))}</h3>
                <DeliveryYearChart
                  rows={rows}
                  processes={[p]}
                  kg={kg}
                  height={200}
                  unit={kg ? t('acopios.charts.kg') : t('acopios.charts.mxn')}
                  label={t('acopios.charts.label', {
                    process: t(codeLabelKey('processes', p)),
                    unit: kg ? t('acopios.charts.kg') : t('acopios.charts.mxn'),
                  })}
                />
              </div>
            ))}
          </div>
          <details className="acopios-figures">
            <summary>{t('acopios.charts.figures')}</summary>
            <DeliveryYearTable
              rows={rows}
              processes={processes}
              kg={kg}
              caption={t('acopios.charts.title')}
              yearLabel={t('acopios.charts.year')}
            />
          </details>
        </>
      )}
    </section>
  );
}

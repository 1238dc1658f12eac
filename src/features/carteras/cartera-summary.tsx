/**
 * The portfolio's totals (current vs overdue, with their credit counts and the overdue bands of
 * docs/business-rules.md#portfolios) and the donut chart of the two amounts. Every figure the chart
 * draws is also written in the cards, so a phone that cannot draw it loses nothing. Without figures
 * the totals read 'N/D'.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCurrency } from '#domain/format';
import type { Cents } from '#domain/money';
import type { PortfolioTotals } from '#domain/portfolio';
import { Chart, type ChartOption } from '#ui/chart.tsx';
import { Currency } from '#ui/money.tsx';

const CURRENT_COLOUR = '#1e7b3a';
const OVERDUE_COLOUR = '#b3261e';

function Amount({ cents }: { cents: Cents | null }) {
  const { t } = useTranslation();
  return cents === null ? (
    <span className="num">{t('carteras.notAvailable')}</span>
  ) : (
    <Currency cents={cents} />
  );
}

function TotalCard(props: {
  tone: 'current' | 'overdue';
  label: string;
  cents: Cents | null;
  count: number | null;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`cartera-total card is-${props.tone}`} data-testid={props.testId}>
      <p className="cartera-total-label">{props.label}</p>
      <p className="cartera-total-amount" data-testid={`${props.testId}-amount`}>
        <Amount cents={props.cents} />
      </p>
      <p className="cartera-total-count" data-testid={`${props.testId}-count`}>
        {props.count === null
          ? t('carteras.notAvailable')
          : t('carteras.loans', { count: props.count })}
      </p>
    </div>
  );
}

/** The donut of current vs overdue amounts, each slice named with its credit count. */
function PortfolioChart({ totals }: { totals: PortfolioTotals }) {
  const { t } = useTranslation();
  const option = useMemo<ChartOption>(() => {
    const slices = [
      {
        name: t('carteras.current'),
        value: totals.vigentes_total,
        count: totals.vigentes_count,
        itemStyle: { color: CURRENT_COLOUR },
      },
      {
        name: t('carteras.overdue'),
        value: totals.vencidos_total,
        count: totals.vencidos_count,
        itemStyle: { color: OVERDUE_COLOUR },
      },
    ];
    // Slice labels would be cut on a phone: the legend names each side with its figures.
    const legendText = new Map(
      slices.map((s) => [
        s.name,
        `${s.name}: ${formatCurrency(s.value)} (${t('carteras.loans', { count: s.count })})`,
      ]),
    );
    const tooltip = (p: { name: string }) => legendText.get(p.name) ?? p.name;
    return {
      tooltip: { trigger: 'item', formatter: tooltip },
      legend: {
        bottom: 0,
        orient: 'vertical',
        itemGap: 8,
        textStyle: { fontSize: 13 },
        formatter: (name: string) => legendText.get(name) ?? name,
      },
      series: [
        {
          type: 'pie',
          radius: ['45%', '72%'],
          center: ['50%', '40%'],
          label: { show: false },
          labelLine: { show: false },
          data: slices,
        },
      ],
    };
  }, [totals, t]);
  return (
    <Chart
      option={option}
      label={t('carteras.chartLabel')}
      height={300}
      className="cartera-chart"
    />
  );
}

export function CarteraSummary({ totals }: { totals: PortfolioTotals | null }) {
  const { t } = useTranslation();
  const bands = totals
    ? ([
        ['lt30', totals.vencidosLT30],
        ['to6m', totals.vencidos30to6M],
        ['gt6m', totals.vencidosGT6M],
      ] as const)
    : null;
  const empty = totals !== null && totals.vigentes_count + totals.vencidos_count === 0;
  return (
    <div className="cartera-summary">
      <div className="cartera-totals">
        <TotalCard
          tone="current"
          label={t('carteras.current')}
          cents={totals?.vigentes_total ?? null}
          count={totals?.vigentes_count ?? null}
          testId="cartera-vigente"
        />
        <TotalCard
          tone="overdue"
          label={t('carteras.overdue')}
          cents={totals?.vencidos_total ?? null}
          count={totals?.vencidos_count ?? null}
          testId="cartera-vencida"
        />
        <table className="cartera-bands" data-testid="cartera-bands">
          <caption>{t('carteras.bands.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('carteras.bands.band')}</th>
              <th scope="col">{t('carteras.bands.count')}</th>
              <th scope="col">{t('carteras.bands.total')}</th>
            </tr>
          </thead>
          <tbody>
            {(['lt30', 'to6m', 'gt6m'] as const).map((band, i) => {
              const figures = bands?.[i]?.[1] ?? null;
              return (
                <tr key={band} data-testid={`cartera-band-${band}`}>
                  <th scope="row">{t(`carteras.bands.${band}`)}</th>
                  <td className="num">{figures ? figures.count : t('carteras.notAvailable')}</td>
                  <td className="num">
                    <Amount cents={figures ? figures.total : null} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {totals && !empty ? <PortfolioChart totals={totals} /> : null}
      {empty ? <p className="cartera-empty-note">{t('carteras.noLoans')}</p> : null}
    </div>
  );
}

/**
 * The evaluation figures (docs/business-rules.md#member-evaluation-figures): solvency with this
 * year's and last year's delivery income, the last credit and the member's total pending debt,
 * delinquency of member, community and region, the suggested amounts and the risk level with the
 * rule that gives it.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import type { EvaluationFigures, RiskLevel } from '#domain/evaluation-figures';
import { formatNumber, formatPercent } from '#domain/format';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';

const RISK_TONE: Record<RiskLevel, BadgeTone> = {
  Bajo: 'success',
  Medio: 'warning',
  Alto: 'danger',
};

function Figure({
  label,
  testId,
  children,
  note,
  wide,
}: {
  label: string;
  testId: string;
  children: ReactNode;
  note?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className={`evaluacion-figure${wide ? ' is-wide' : ''}`}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
      {note ? <dd className="evaluacion-figure-note">{note}</dd> : null}
    </div>
  );
}

/** A fraction 0–1 as the spec shows percentages. */
const percentOf = (fraction: number) => formatPercent(fraction * 100);

export function EvaluacionFiguresPanel({
  figures,
  year,
  saldo,
}: {
  figures: EvaluationFigures;
  /** This calendar year. */
  year: number;
  /** The contribution balance, null without movements. */
  saldo: number | null;
}) {
  const { t } = useTranslation();
  const last = figures.ultimo_credito;
  return (
    <section className="card review-card" aria-labelledby="evaluacion-figures-title">
      <h2 id="evaluacion-figures-title" className="review-card-title">
        {t('evaluacion.figures.title')}
      </h2>
      <dl className="evaluacion-figures">
        <Figure
          label={t('evaluacion.figures.solvencia')}
          testId="figure-solvencia"
          note={t('evaluacion.figures.solvenciaNote', { year })}
        >
          {figures.solvencia === 'NA'
            ? t('evaluacion.figures.na')
            : formatNumber(figures.solvencia, 2)}
        </Figure>
        <Figure label={t('evaluacion.figures.ingresos', { year })} testId="figure-ingresos">
          <Currency cents={figures.ingresos_este_anio} />
        </Figure>
        <Figure
          label={t('evaluacion.figures.ingresos', { year: year - 1 })}
          testId="figure-ingresos-pasado"
        >
          <Currency cents={figures.ingresos_anio_pasado} />
        </Figure>
        <Figure label={t('evaluacion.figures.deudaTotal')} testId="figure-deuda">
          <Currency cents={figures.deuda_total} />
        </Figure>
        <Figure label={t('evaluacion.figures.ultimoCredito')} testId="figure-ultimo">
          {last ? (
            <span className="evaluacion-last">
              <span>{t('evaluacion.figures.credito', { id: last.id })}</span>
              <Currency cents={last.monto} />
              <Badge tone={last.estatus === 'VE' ? 'danger' : 'neutral'}>
                {t(codeLabelKey('contractStatuses', last.estatus))}
              </Badge>
              <span>
                {last.vida === null
                  ? t('evaluacion.figures.sinIniciar')
                  : t('evaluacion.figures.vida', { count: last.vida })}
              </span>
            </span>
          ) : (
            t('evaluacion.figures.sinCreditos')
          )}
        </Figure>
        <Figure label={t('evaluacion.figures.morosidadSocio')} testId="figure-mora-socio">
          {percentOf(figures.morosidad_socio)}
        </Figure>
        <Figure label={t('evaluacion.figures.morosidadComunidad')} testId="figure-mora-comunidad">
          {percentOf(figures.morosidad_comunidad)}
        </Figure>
        <Figure label={t('evaluacion.figures.morosidadRegion')} testId="figure-mora-region">
          {percentOf(figures.morosidad_region)}
        </Figure>
        <Figure
          label={t('evaluacion.figures.sugerido')}
          testId="figure-sugerido"
          note={
            saldo === null ? (
              t('evaluacion.figures.sinSaldo')
            ) : (
              <>
                {t('evaluacion.figures.saldo')} <Currency cents={saldo} />
              </>
            )
          }
        >
          <span className="evaluacion-suggested-figures">
            <span>
              {t('evaluacion.figures.p30')} <Currency cents={figures.sugerido_30} />
            </span>
            <span>
              {t('evaluacion.figures.p50')} <Currency cents={figures.sugerido_50} />
            </span>
          </span>
        </Figure>
        <Figure
          label={t('evaluacion.figures.riesgo')}
          testId="figure-riesgo"
          note={t('evaluacion.figures.riskHelp')}
          wide
        >
          <Badge tone={RISK_TONE[figures.riesgo]}>
            {t(codeLabelKey('riskLevels', figures.riesgo))}
          </Badge>
        </Figure>
      </dl>
    </section>
  );
}

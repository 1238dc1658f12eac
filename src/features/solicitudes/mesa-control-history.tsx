/**
 * The member's history on the control desk: its other credit requests and its contracts with
 * their status and debt today (computed on the device with #domain/debt), so the coordinator
 * can answer "is the member up to date with earlier credits?" without leaving the screen.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, type ContractStatus } from '#domain/codes';
import type { IsoDate } from '#domain/dates';
import { parseMoney } from '#domain/money';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import { ScrollRegion } from '#ui/scroll-region.tsx';
import type { SolicitudRow } from '#db/replica-rows';
import { contractsToday } from './solicitud-review-replica.ts';
import type { MemberHistory } from './use-solicitud-review-data.ts';

const CONTRACT_TONE: Partial<Record<ContractStatus, BadgeTone>> = {
  VE: 'danger',
  VI: 'success',
  PA: 'neutral',
  CN: 'neutral',
  DP: 'primary',
};

export function MesaControlHistory({ history, today }: { history: MemberHistory; today: IsoDate }) {
  const { t } = useTranslation();
  const contracts = useMemo(
    () => contractsToday(history.contracts, history.payments, today),
    [history.contracts, history.payments, today],
  );
  const overdue = contracts.filter((c) => c.estatus === 'VE').length;
  return (
    <section
      className="card review-card"
      aria-labelledby="mesa-history-title"
      data-testid="mesa-history"
    >
      <h2 id="mesa-history-title" className="review-card-title">
        {t('mesaControl.history.title')}
      </h2>
      <p className={`review-note${overdue > 0 ? ' is-danger' : ''}`} data-testid="mesa-overdue">
        {overdue > 0
          ? t('mesaControl.history.overdue', { count: overdue })
          : t('mesaControl.history.noOverdue')}
      </p>

      <h3 className="review-subtitle">{t('mesaControl.history.contracts')}</h3>
      {contracts.length === 0 ? (
        <p className="review-note">{t('mesaControl.history.noContracts')}</p>
      ) : (
        <ScrollRegion className="review-table-wrap" label={t('mesaControl.history.contracts')}>
          <table className="review-table" aria-label={t('mesaControl.history.contracts')}>
            <thead>
              <tr>
                <th scope="col">{t('mesaControl.history.credito')}</th>
                <th scope="col">{t('mesaControl.history.inicio')}</th>
                <th scope="col" className="num">
                  {t('mesaControl.history.monto')}
                </th>
                <th scope="col">{t('mesaControl.history.estatus')}</th>
                <th scope="col" className="num">
                  {t('mesaControl.history.deuda')}
                </th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.id}>
                  <td>{c.id}</td>
                  <td>
                    {c.fecha_inicio ? (
                      <DateText iso={c.fecha_inicio} />
                    ) : (
                      t(codeLabelKey('executionStatuses', c.estatus_ejecucion))
                    )}
                  </td>
                  <td className="num">
                    <Currency cents={c.monto} />
                  </td>
                  <td>
                    <Badge tone={CONTRACT_TONE[c.estatus] ?? 'neutral'}>
                      {t(codeLabelKey('contractStatuses', c.estatus))}
                    </Badge>
                  </td>
                  <td className="num">
                    <Currency cents={c.deuda ?? 0} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <h3 className="review-subtitle">{t('mesaControl.history.requests')}</h3>
      {history.requests.length === 0 ? (
        <p className="review-note">{t('mesaControl.history.noRequests')}</p>
      ) : (
        <ScrollRegion className="review-table-wrap" label={t('mesaControl.history.requests')}>
          <table className="review-table" aria-label={t('mesaControl.history.requests')}>
            <thead>
              <tr>
                <th scope="col">{t('mesaControl.history.folio')}</th>
                <th scope="col">{t('mesaControl.history.fecha')}</th>
                <th scope="col" className="num">
                  {t('mesaControl.history.monto')}
                </th>
                <th scope="col">{t('mesaControl.history.estatus')}</th>
              </tr>
            </thead>
            <tbody>
              {history.requests.map((r: SolicitudRow) => (
                <tr key={String(r.folio_solicitud)}>
                  <td>{typeof r.folio_solicitud === 'number' ? r.folio_solicitud : '—'}</td>
                  <td>
                    <DateText iso={r.fecha_solicitud} />
                  </td>
                  <td className="num">
                    <Currency cents={parseMoney(r.monto_solicitado)} />
                  </td>
                  <td>
                    {t(codeLabelKey('requestStatuses', r.estatus_solicitud))} /{' '}
                    {t(codeLabelKey('evaluationStatuses', r.estatus_evaluacion))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  );
}

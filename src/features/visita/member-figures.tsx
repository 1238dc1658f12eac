/**
 * What a member owes and has, on its row of the visit sheet: the totals, each loan with its
 * debt today, due date, days overdue and what falls due this month ("Cobrar" opens the
 * payment form with the loan), the savings balance, the last collections, the open requests
 * and the captures the server refused. "Pendiente" marks what this phone has not sent yet.
 */
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { Currency } from '#ui/money.tsx';
import { DateText } from '#ui/date-text.tsx';
import type { VisitMember } from './visit-model.ts';

function Pending({ show }: { show: boolean }) {
  const { t } = useTranslation();
  return show ? <span className="visit-pending">{t('visita.pending')}</span> : null;
}

export function MemberTotals({ member }: { member: VisitMember }) {
  const { t } = useTranslation();
  const { figures } = member;
  // Without a loan that owes today there is no debt to show, not a debt of zero.
  const owes = member.loans.length > 0;
  return (
    <dl className="visit-totals" data-testid={`visit-totals-${member.clave}`}>
      <div>
        <dt>{t('visita.figures.debt')}</dt>
        <dd data-testid={`visit-debt-${member.clave}`}>
          <Currency cents={owes ? figures.deuda : null} />
        </dd>
      </div>
      <div>
        <dt>{t('visita.figures.dueThisMonth')}</dt>
        <dd>
          <Currency cents={owes ? figures.vence_este_mes : null} />
        </dd>
      </div>
      <div className={figures.dias_vencidos > 0 ? 'visit-late' : undefined}>
        <dt>{t('visita.figures.daysOverdue')}</dt>
        <dd>{owes ? figures.dias_vencidos : '—'}</dd>
      </div>
      <div>
        <dt>{t('visita.figures.savings')}</dt>
        <dd data-testid={`visit-savings-${member.clave}`}>
          <Currency cents={member.saldo} /> <Pending show={member.savingPending} />
        </dd>
      </div>
    </dl>
  );
}

export function MemberLoans({
  member,
  onCollect,
}: {
  member: VisitMember;
  onCollect: ((credito: number) => void) | null;
}) {
  const { t } = useTranslation();
  if (member.loans.length === 0) return null;
  return (
    <ul className="visit-loans">
      {member.loans.map((loan) => (
        <li key={loan.id} className="visit-loan" data-testid={`visit-loan-${loan.id}`}>
          <span className="visit-loan-text">
            {t('visita.loan.title', { folio: loan.id })} · {t('visita.loan.due')}{' '}
            <DateText iso={loan.fecha_vencimiento} /> ·{' '}
            <strong data-testid={`visit-loan-debt-${loan.id}`} data-cents={loan.deuda ?? ''}>
              <Currency cents={loan.deuda} />
            </strong>
            {loan.dias_vencidos > 0 ? (
              <span className="visit-late">
                {' '}
                · {t('visita.loan.late', { n: loan.dias_vencidos })}
              </span>
            ) : null}
            {loan.vence_este_mes > 0 ? (
              <span>
                {' · '}
                {t('visita.loan.thisMonth')} <Currency cents={loan.vence_este_mes} />
              </span>
            ) : null}{' '}
            <Pending show={loan.pending} />
          </span>
          {onCollect ? (
            <button
              type="button"
              className="btn btn-primary visit-collect"
              onClick={() => onCollect(loan.id)}
              data-testid={`visit-cobrar-${loan.id}`}
            >
              {t('visita.actions.collect')}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function MemberHistory({ member }: { member: VisitMember }) {
  const { t } = useTranslation();
  return (
    <>
      {member.collections.length > 0 ? (
        <p className="visit-line">
          <span className="visit-label">{t('visita.collections')}</span>{' '}
          {member.collections.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? '; ' : ''}
              <DateText iso={c.fecha} /> {t(codeLabelKey('processes', c.producto))}
              {c.kilos ? ` ${t('visita.kilos', { kilos: c.kilos })}` : ''}{' '}
              <Currency cents={c.ingreso} /> <Pending show={c.pending} />
            </span>
          ))}
        </p>
      ) : null}
      {member.requests.map((r) => (
        <p key={r.folio} className="visit-line">
          <span className="visit-label">{t('visita.request', { folio: r.folio })}</span>{' '}
          {t(codeLabelKey('requestStatuses', r.estatus))}
          {r.estatus === 'AP'
            ? ` · ${t(codeLabelKey('evaluationStatuses', r.evaluacion))}`
            : ''} · <Currency cents={r.monto} />
        </p>
      ))}
      {member.refused.length > 0 ? (
        <p className="visit-refused" role="note" data-testid={`visit-refused-${member.clave}`}>
          {t('visita.refused', { n: member.refused.length })}{' '}
          {member.refused.map((r, i) => (
            <span key={r.key}>
              {i > 0 ? '; ' : ''}
              {t(`visita.kind.${r.kind}`)} <Currency cents={r.monto} />
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}

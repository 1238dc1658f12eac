/**
 * What a member owes and has, on its row of the visit sheet: the totals, each loan with its
 * debt today, due date, days overdue and what falls due this month ("Cobrar" opens the
 * payment form with the loan), the savings balance, the last collections, the open requests
 * and the captures the server refused. "Pendiente" marks what this phone has not sent yet.
 * The words come looked up once per sheet (row-text.ts) and the nodes are few: a sheet holds
 * a hundred of these.
 */
import type { RowText } from './row-text.ts';
import type { VisitMember } from './visit-model.ts';

/** " Pendiente de enviar" after a figure, its space included (none when sent: a list's "; " follows the figure directly). */
function Pending({ show, text }: { show: boolean; text: RowText }) {
  return show ? (
    <>
      {' '}
      <span className="visit-pending">{text.pending}</span>
    </>
  ) : null;
}

export function MemberTotals({ member, text }: { member: VisitMember; text: RowText }) {
  const { figures } = member;
  // Without a loan that owes today there is no debt to show, not a debt of zero: only savings.
  const owes = member.loans.length > 0;
  return (
    <dl className="visit-totals" data-testid={`visit-totals-${member.clave}`}>
      {owes ? (
        <>
          <div>
            <dt>{text.debt}</dt>
            <dd className="num" data-testid={`visit-debt-${member.clave}`}>
              {text.money(figures.deuda)}
            </dd>
          </div>
          <div>
            <dt>{text.dueThisMonth}</dt>
            <dd className="num">{text.money(figures.vence_este_mes)}</dd>
          </div>
          <div className={figures.dias_vencidos > 0 ? 'visit-late' : undefined}>
            <dt>{text.daysOverdue}</dt>
            <dd className="num">{figures.dias_vencidos}</dd>
          </div>
        </>
      ) : null}
      <div>
        <dt>{text.savings}</dt>
        <dd
          className="num"
          data-testid={`visit-savings-${member.clave}`}
          data-cents={member.saldo ?? ''}
        >
          {text.money(member.saldo)}
          <Pending show={member.savingPending} text={text} />
        </dd>
      </div>
    </dl>
  );
}

export function MemberLoans({
  member,
  text,
  onCollect,
}: {
  member: VisitMember;
  text: RowText;
  onCollect: ((credito: number) => void) | null;
}) {
  if (member.loans.length === 0) return null;
  return (
    <ul className="visit-loans">
      {member.loans.map((loan) => (
        <li key={loan.id} className="visit-loan" data-testid={`visit-loan-${loan.id}`}>
          <span className="visit-loan-text">
            {text.loanTitle(loan.id)} · {text.loanDue}{' '}
            {loan.fecha_vencimiento ? (
              <time dateTime={loan.fecha_vencimiento}>{text.date(loan.fecha_vencimiento)}</time>
            ) : (
              '—'
            )}{' '}
            ·{' '}
            <strong
              className="num"
              data-testid={`visit-loan-debt-${loan.id}`}
              data-cents={loan.deuda ?? ''}
            >
              {text.money(loan.deuda)}
            </strong>
            {loan.dias_vencidos > 0 ? (
              <span className="visit-late"> · {text.loanLate(loan.dias_vencidos)}</span>
            ) : null}
            {loan.vence_este_mes > 0
              ? ` · ${text.loanThisMonth} ${text.money(loan.vence_este_mes)}`
              : null}
            <Pending show={loan.pending} text={text} />
          </span>
          {onCollect ? (
            <button
              type="button"
              className="btn btn-primary visit-collect"
              onClick={() => onCollect(loan.id)}
              data-testid={`visit-cobrar-${loan.id}`}
            >
              {text.collect}
            </button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function MemberHistory({ member, text }: { member: VisitMember; text: RowText }) {
  return (
    <>
      {member.collections.length > 0 ? (
        <p className="visit-line">
          <span className="visit-label">{text.collections}</span>{' '}
          {member.collections.map((c, i) => (
            <span key={c.key}>
              {i > 0 ? '; ' : ''}
              {text.date(c.fecha)} {text.product(c.producto)}
              {c.kilos ? ` ${text.kilos(c.kilos)}` : ''} {text.money(c.ingreso)}
              <Pending show={c.pending} text={text} />
            </span>
          ))}
        </p>
      ) : null}
      {member.requests.map((r) => (
        <p key={r.folio} className="visit-line">
          <span className="visit-label">{text.request(r.folio)}</span>{' '}
          {text.requestState(r.estatus, r.evaluacion)} · {text.money(r.monto)}
        </p>
      ))}
      {member.refused.length > 0 ? (
        <p className="visit-refused" role="note" data-testid={`visit-refused-${member.clave}`}>
          {text.refused(member.refused.length)}{' '}
          {member.refused
            .map((r) => `${text.refusedKind(r.kind)} ${text.money(r.monto)}`)
            .join('; ')}
        </p>
      ) : null}
    </>
  );
}

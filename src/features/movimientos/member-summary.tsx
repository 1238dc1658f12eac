/**
 * A member's contribution summary: who it is, the processes it is active in, and its balance
 * (contributions minus withdrawals) — movements still waiting to be sent included and marked
 * as pending. With no movement at all it shows the empty-movements message (the server's
 * "No hay información disponible").
 */
import { useTranslation } from 'react-i18next';
import { Badge } from '#ui/badge.tsx';
import { Currency } from '#ui/money.tsx';
import { codeLabelKey, PROCESSES } from '#domain/codes';
import { ProcessIcon } from '#components/process-icons.tsx';
import type { MemberBalance } from './member-balance.ts';
import type { MovimientoMember } from './use-movimientos-data.ts';

export function BalanceFigures({ figures }: { figures: MemberBalance }) {
  const { t } = useTranslation();
  const { balance, pendingCount, pendingNet, notCountedCount, notCountedNet } = figures;
  const leftOut =
    notCountedCount > 0 ? (
      <p className="movement-not-counted" role="note" data-testid="member-not-counted">
        {t('movimientos.member.notCountedNote', { count: notCountedCount })}{' '}
        <Currency cents={notCountedNet} />
      </p>
    ) : null;
  if (balance === null) {
    return (
      <div className="movement-empty" data-testid="movement-empty" role="status">
        <p className="movement-empty-title">{t('movimientos.member.noInformation')}</p>
        <p>{t('movimientos.member.noMovements')}</p>
        {leftOut}
      </div>
    );
  }
  return (
    <dl className="movement-balance" data-testid="member-balance">
      <div className="movement-balance-main">
        <dt>{t('movimientos.member.saldo')}</dt>
        <dd data-testid="member-saldo">
          <Currency cents={balance.saldo} />
          {pendingCount > 0 ? <Badge tone="warning">{t('movimientos.pendingBadge')}</Badge> : null}
        </dd>
      </div>
      <div>
        <dt>{t('movimientos.member.aportaciones')}</dt>
        <dd>
          <Currency cents={balance.aportaciones} />
        </dd>
      </div>
      <div>
        <dt>{t('movimientos.member.retiros')}</dt>
        <dd>
          <Currency cents={balance.retiros} />
        </dd>
      </div>
      {pendingCount > 0 ? (
        <p className="movement-pending-note" data-testid="member-pending-note">
          {t('movimientos.member.pendingNote', { count: pendingCount })}{' '}
          <Currency cents={pendingNet} />
        </p>
      ) : null}
      {leftOut}
    </dl>
  );
}

export function MemberSummary({
  member,
  figures,
}: {
  member: MovimientoMember;
  figures: MemberBalance;
}) {
  const { t } = useTranslation();
  const active = PROCESSES.filter((p) => member.statuses[p] === 'AC');
  return (
    <section className="movement-member card" data-testid="movement-member">
      <header className="movement-member-head">
        <h2 className="section-title">
          <span className="movement-member-key">{member.clave_socio}</span> {member.full_name}
        </h2>
        <p className="movement-member-place">
          {member.nombre_comunidad} — {member.nombre_region}
        </p>
      </header>
      <BalanceFigures figures={figures} />
      <div className="movement-member-processes">
        <span className="field-label">{t('movimientos.member.processes')}</span>
        {active.length === 0 ? (
          <p className="field-hint">{t('movimientos.member.noProcess')}</p>
        ) : (
          <ul className="movement-member-active" data-testid="member-processes">
            {active.map((p) => (
              <li key={p}>
                <ProcessIcon process={p} state="AC" />
                <span aria-hidden="true">{t(codeLabelKey('processes', p))}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

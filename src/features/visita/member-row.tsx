/**
 * One member on the visit sheet: name and mark, the figures, and the captures from the row.
 * "Cobrar", "Aportación" and "Acopio" open the same forms as /pago-formato,
 * /movimiento-formato and /acopio-formato (same commands, checks, review and receipt) with
 * the member — and the loan — already chosen, and come back here once saved.
 */
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkActions, MarkBadge } from './mark-actions.tsx';
import { MemberHistory, MemberLoans, MemberTotals } from './member-figures.tsx';
import type { VisitMember } from './visit-model.ts';

export interface RowCaptures {
  pago: boolean;
  aportacion: boolean;
  acopio: boolean;
  marca: boolean;
}

export interface MemberRowProps {
  member: VisitMember;
  today: string;
  showCommunity: boolean;
  captures: RowCaptures;
  onOpen: (path: string) => void;
}

export const MemberRow = memo(function MemberRow(props: MemberRowProps) {
  const { member, today, showCommunity, captures, onOpen } = props;
  const { t } = useTranslation();
  return (
    <li className="visit-member card" data-testid={`visit-member-${member.clave}`}>
      <div className="visit-member-head">
        <h2 className="visit-member-name">
          {member.nombre} <span className="visit-member-key">{member.clave}</span>
        </h2>
        {showCommunity ? <span className="visit-member-community">{member.comunidad}</span> : null}
        <MarkBadge mark={member.mark} />
      </div>
      <MemberTotals member={member} />
      <MemberLoans
        member={member}
        onCollect={captures.pago ? (credito) => onOpen(`/pago-formato?contrato=${credito}`) : null}
      />
      <MemberHistory member={member} />
      <div className="visit-captures">
        {captures.aportacion ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onOpen(`/movimiento-formato?socio=${member.clave}`)}
            data-testid={`visit-aportacion-${member.clave}`}
          >
            {t('visita.actions.contribution')}
          </button>
        ) : null}
        {captures.acopio ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onOpen(`/acopio-formato?socio=${member.clave}`)}
            data-testid={`visit-acopio-${member.clave}`}
          >
            {t('visita.actions.collection')}
          </button>
        ) : null}
      </div>
      {captures.marca ? (
        <MarkActions clave={member.clave} nombre={member.nombre} today={today} mark={member.mark} />
      ) : null}
    </li>
  );
});

/**
 * One member on the visit sheet: name and mark, the figures, and the captures from the row.
 * "Cobrar", "Aportación" and "Acopio" open the same forms as /pago-formato,
 * /movimiento-formato and /acopio-formato (same commands, checks, review and receipt) with
 * the member — and the loan — already chosen, and come back here once saved.
 */
import { memo } from 'react';
import { MarkActions, MarkBadge } from './mark-actions.tsx';
import { MemberHistory, MemberLoans, MemberTotals } from './member-figures.tsx';
import type { RowText } from './row-text.ts';
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
  /** Stable across renders (the sheet keeps it in a ref), so a row re-renders only when its member changes. */
  onOpen: (path: string) => void;
  text: RowText;
}

export const MemberRow = memo(function MemberRow(props: MemberRowProps) {
  const { member, today, showCommunity, captures, onOpen, text } = props;
  return (
    <li className="visit-member card" data-testid={`visit-member-${member.clave}`}>
      <div className="visit-member-head">
        <h2 className="visit-member-name">
          {member.nombre} <span className="visit-member-key">{member.clave}</span>
        </h2>
        {showCommunity ? <span className="visit-member-community">{member.comunidad}</span> : null}
        <MarkBadge mark={member.mark} text={text} />
      </div>
      <MemberTotals member={member} text={text} />
      <MemberLoans
        member={member}
        text={text}
        onCollect={captures.pago ? (credito) => onOpen(`/pago-formato?contrato=${credito}`) : null}
      />
      <MemberHistory member={member} text={text} />
      <div className="visit-captures">
        {captures.aportacion ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onOpen(`/movimiento-formato?socio=${member.clave}`)}
            data-testid={`visit-aportacion-${member.clave}`}
          >
            {text.contribution}
          </button>
        ) : null}
        {captures.acopio ? (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => onOpen(`/acopio-formato?socio=${member.clave}`)}
            data-testid={`visit-acopio-${member.clave}`}
          >
            {text.collection}
          </button>
        ) : null}
      </div>
      {captures.marca ? (
        <MarkActions
          clave={member.clave}
          nombre={member.nombre}
          today={today}
          mark={member.mark}
          text={text}
        />
      ) : null}
    </li>
  );
});

/**
 * The day's sheet before leaving (docs/community-visit.md#the-days-sheet): the members of the
 * chosen communities in the sheet's order with what falls due this month, their debt today,
 * days overdue and savings, and an empty column to write what each one paid. Printed (A4, or
 * an 80 mm receipt printer: the print CSS picks by the page width) or shared as text. The
 * printed table is drawn only while printing (the button, or the browser's own print), so a
 * long sheet on screen costs no second list.
 */
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { Lang } from '#domain/codes';
import { formatCurrency, formatDate } from '#domain/format';
import { Button } from '#ui/button.tsx';
import { ShareTextButton } from '#ui/share-text.tsx';
import { useLang } from '#ui/use-lang.ts';
import type { VisitMember } from './visit-model.ts';

export interface DaySheetProps {
  members: readonly VisitMember[];
  /** The chosen communities' names. */
  communities: readonly string[];
  today: string;
}

function totals(members: readonly VisitMember[]) {
  let due = 0;
  let debt = 0;
  for (const m of members) {
    due += m.figures.vence_este_mes;
    debt += m.figures.deuda;
  }
  return { due, debt };
}

/** The sheet as plain text, one member a line (for a message or a note). */
export function daySheetText(props: DaySheetProps, t: TFunction, lang: Lang): string {
  const { due, debt } = totals(props.members);
  const lines = props.members.map((m) => {
    const parts = [
      `${m.nombre} (${m.clave})`,
      `${t('visita.sheet.due')} ${formatCurrency(m.figures.vence_este_mes)}`,
      `${t('visita.sheet.debt')} ${formatCurrency(m.figures.deuda)}`,
    ];
    if (m.figures.dias_vencidos > 0)
      parts.push(t('visita.sheet.overdueDays', { count: m.figures.dias_vencidos }));
    if (m.saldo !== null) parts.push(`${t('visita.sheet.savings')} ${formatCurrency(m.saldo)}`);
    return `- ${parts.join(' · ')}`;
  });
  return [
    `${t('visita.sheet.title')} — ${formatDate(props.today, lang)}`,
    props.communities.join(', '),
    '',
    ...lines,
    '',
    `${t('visita.sheet.totalDue')}: ${formatCurrency(due)}`,
    `${t('visita.sheet.totalDebt')}: ${formatCurrency(debt)}`,
  ].join('\n');
}

/** "Imprimir hoja" and "Compartir", above the cards; the printed table while printing. */
export function DaySheet(props: DaySheetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [printing, setPrinting] = useState(false);
  const { members, communities, today } = props;
  const text = useMemo(
    () => daySheetText({ members, communities, today }, t, lang),
    [members, communities, today, t, lang],
  );

  useEffect(() => {
    // The browser's own print (menu, Ctrl+P) draws the table before the page is laid out.
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);

  return (
    <>
      <div className="visit-sheet-actions">
        <Button
          onClick={() => {
            flushSync(() => setPrinting(true));
            window.print();
          }}
          data-testid="visit-print"
        >
          {t('visita.sheet.print')}
        </Button>
        <ShareTextButton title={t('visita.sheet.title')} text={text} testId="visit-share" />
      </div>
      {printing ? <DaySheetPrint {...props} /> : null}
    </>
  );
}

/** The table the printer gets (hidden on screen). */
function DaySheetPrint(props: DaySheetProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { due, debt } = totals(props.members);
  return (
    <div className="visit-print print-alone" data-testid="visit-print-sheet">
      <h2>
        {t('visita.sheet.title')} — {formatDate(props.today, lang)}
      </h2>
      <p>{props.communities.join(', ')}</p>
      <table className="visit-print-table">
        <thead>
          <tr>
            <th scope="col">{t('visita.sheet.member')}</th>
            <th scope="col" className="num">
              {t('visita.sheet.due')}
            </th>
            <th scope="col" className="num">
              {t('visita.sheet.debt')}
            </th>
            <th scope="col" className="num visit-print-wide">
              {t('visita.sheet.overdue')}
            </th>
            <th scope="col" className="num">
              {t('visita.sheet.savings')}
            </th>
            <th scope="col" className="visit-print-write">
              {t('visita.sheet.paid')}
            </th>
          </tr>
        </thead>
        <tbody>
          {props.members.map((m) => (
            <tr key={m.clave}>
              <th scope="row">
                {m.nombre} <span className="visit-print-key">({m.clave})</span>
              </th>
              <td className="num">{formatCurrency(m.figures.vence_este_mes)}</td>
              <td className="num">{formatCurrency(m.figures.deuda)}</td>
              <td className="num visit-print-wide">{m.figures.dias_vencidos || ''}</td>
              <td className="num">{m.saldo === null ? '' : formatCurrency(m.saldo)}</td>
              <td className="visit-print-write" />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('visita.count', { count: props.members.length })}</th>
            <td className="num">{formatCurrency(due)}</td>
            <td className="num">{formatCurrency(debt)}</td>
            <td className="visit-print-wide" />
            <td />
            <td className="visit-print-write" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

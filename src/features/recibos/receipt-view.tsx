/**
 * A receipt as the member reads it at arm's length (issue 15 item 4): large type, high
 * contrast, one fact a line; shared as plain text (Web Share, copy as fallback) and printed on
 * A4 or an 80 mm receipt printer (the receipt rules of app/app.css, @media print).
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { formatCurrency, formatDate, formatDateTime } from '#domain/format';
import { groupedReceiptCode } from '#domain/receipts';
import { AmountInWords, useAmountInWords } from '#ui/amount-in-words.tsx';
import { Button } from '#ui/button.tsx';
import { ShareTextButton } from '#ui/share-text.tsx';
import { useLang } from '#ui/use-lang.ts';
import { receiptRow, receiptState, type ReceiptState } from '#commands/receipts';
import type { Receipt } from '#domain/receipts';

type T = (key: string, params?: Record<string, unknown>) => string;

function subjectText(t: T, r: Receipt): string {
  const what = t(`recibos.subject.${r.subject}`);
  if (r.subject === 'pago') return `${what} · ${t('recibos.credit', { credito: r.credito })}`;
  return r.proceso ? `${what} · ${t(codeLabelKey('processes', r.proceso))}` : what;
}

function stateText(t: T, state: ReceiptState): string {
  switch (state.kind) {
    case 'pending':
      return t('recibos.state.pending');
    case 'received':
      return t('recibos.state.received');
    case 'replaced':
      return t('recibos.state.replaced', { recibo: state.by });
    default:
      return t('recibos.state.void');
  }
}

/** The receipt as the text that is shared (WhatsApp and the like). */
export function receiptText(
  t: T,
  words: (cents: number) => string,
  lang: Parameters<typeof formatDate>[1],
  r: Receipt,
  state: ReceiptState,
): string {
  const lines = [
    t('recibos.title', { recibo: r.number }),
    ...(r.replaces ? [t('recibos.replaces', { recibo: r.replaces })] : []),
    formatDateTime(r.issuedAt, lang),
    `${t('recibos.member')}: ${r.member.clave} ${r.member.name}`,
    `${t('recibos.promoter')}: ${r.promoter.name}`,
    subjectText(t, r),
    `${t('recibos.date')}: ${formatDate(r.date, lang)}`,
    ...r.lines.map((l) => `${t(l.label)}: ${formatCurrency(l.cents)}`),
    `${t('recibos.total')}: ${formatCurrency(r.total)}`,
    words(r.total),
    ...(r.after
      ? [
          `${t(`recibos.after.${r.after.kind}`)}: ${formatCurrency(r.after.cents)} (${t('recibos.toConfirm')})`,
        ]
      : []),
    `${t('recibos.code')}: ${groupedReceiptCode(r.code)}`,
    stateText(t, state),
  ];
  return lines.join('\n');
}

export type PrintFormat = 'a4' | 'roll';

export function ReceiptView({
  receipt: r,
  onDone,
  knownState,
}: {
  receipt: Receipt;
  onDone?: () => void;
  /** What became of it when the server said so (a member's own receipts): no outbox read. */
  knownState?: ReceiptState;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const words = useAmountInWords();
  // null once read and gone (discarded); undefined while still reading.
  const row = useLiveQuery(
    () =>
      receiptRow(r.recordId).then(
        (found) => found ?? null,
        () => undefined,
      ),
    [r.recordId],
  );
  const state = knownState ?? receiptState(r, row);
  const [format, setFormat] = useState<PrintFormat>('roll');
  const voided = state.kind === 'void' || state.kind === 'replaced';
  const print = (f: PrintFormat) => {
    setFormat(f);
    // The format class must be on the page before the print dialog renders it.
    window.setTimeout(() => window.print(), 0);
  };
  return (
    <article
      className={`receipt receipt-print-${format}${voided ? ' receipt-void' : ''}`}
      data-testid="receipt"
      aria-labelledby="receipt-title"
    >
      <h2 id="receipt-title" className="receipt-title">
        {t('recibos.title', { recibo: r.number })}
      </h2>
      {r.replaces ? (
        <p className="receipt-replaces" data-testid="receipt-replaces">
          {t('recibos.replaces', { recibo: r.replaces })}
        </p>
      ) : null}
      <p className={`receipt-state receipt-state-${state.kind}`} data-testid="receipt-state">
        {stateText(t, state)}
      </p>
      <dl className="receipt-facts">
        <dt>{t('recibos.issued')}</dt>
        <dd>{formatDateTime(r.issuedAt, lang)}</dd>
        <dt>{t('recibos.member')}</dt>
        <dd data-testid="receipt-member">
          {r.member.clave} · {r.member.name}
        </dd>
        <dt>{t('recibos.promoter')}</dt>
        <dd>{r.promoter.name}</dd>
        <dt>{t('recibos.what')}</dt>
        <dd>{subjectText(t, r)}</dd>
        <dt>{t('recibos.date')}</dt>
        <dd>{formatDate(r.date, lang)}</dd>
      </dl>
      <table className="receipt-amounts">
        <tbody>
          {r.lines.map((l) => (
            <tr key={l.label}>
              <th scope="row">{t(l.label)}</th>
              <td>{formatCurrency(l.cents)}</td>
            </tr>
          ))}
          <tr className="receipt-total">
            <th scope="row">{t('recibos.total')}</th>
            <td data-testid="receipt-total">{formatCurrency(r.total)}</td>
          </tr>
        </tbody>
      </table>
      <AmountInWords cents={r.total} testId="receipt-words" />
      {r.after ? (
        <p className="receipt-after" data-testid="receipt-after">
          {t(`recibos.after.${r.after.kind}`)}: <strong>{formatCurrency(r.after.cents)}</strong>{' '}
          <em>({t('recibos.toConfirm')})</em>
        </p>
      ) : null}
      <p className="receipt-code">
        {t('recibos.code')}:{' '}
        <strong data-testid="receipt-code">{groupedReceiptCode(r.code)}</strong>
      </p>
      <div className="receipt-actions">
        <ShareTextButton
          title={t('recibos.title', { recibo: r.number })}
          text={receiptText(t, words, lang, r, state)}
          testId="receipt-share"
        />
        <Button onClick={() => print('roll')} data-testid="receipt-print-roll">
          {t('recibos.printRoll')}
        </Button>
        <Button onClick={() => print('a4')} data-testid="receipt-print-a4">
          {t('recibos.printA4')}
        </Button>
        {onDone ? (
          <Button variant="primary" onClick={onDone} data-testid="receipt-done">
            {t('recibos.done')}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

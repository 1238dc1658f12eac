/**
 * A receipt as the member reads it at arm's length: large type, high
 * contrast, one fact a line; shared as plain text (Web Share, copy as fallback) and printed on
 * A4 or an 80 mm receipt printer (the receipt rules of app/app.css, @media print).
 */
import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { codeLabelKey, isCode } from '#domain/codes';
import { formatCurrency, formatDate, formatDateTime, formatKg } from '#domain/format';
import { groupedReceiptCode } from '#domain/receipts';
import { AmountInWords, useAmountInWords } from '#components/amount-in-words.tsx';
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

/** Who captured it, in the role they captured it in ("Ana López · Coordinador"). */
function capturedBy(t: T, r: Receipt): string {
  const role = r.promoter.role;
  return role && isCode('roles', role)
    ? `${r.promoter.name} · ${t(codeLabelKey('roles', role))}`
    : r.promoter.name;
}

/** The replaced receipt, with when it was made when known. */
function replacesText(t: T, lang: Parameters<typeof formatDate>[1], r: Receipt): string | null {
  if (!r.replaces) return null;
  return r.replacesIssuedAt
    ? t('recibos.replacesAt', {
        recibo: r.replaces,
        fecha: formatDateTime(r.replacesIssuedAt, lang),
      })
    : t('recibos.replaces', { recibo: r.replaces });
}

/**
 * The debt or balance after it: never on a void receipt (nothing was paid); "to confirm" only
 * while the office has not received the record.
 */
function afterOf(r: Receipt, state: ReceiptState) {
  if (!r.after || state.kind === 'void' || state.kind === 'replaced') return null;
  return { ...r.after, toConfirm: state.kind === 'pending' };
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
  const replaces = replacesText(t, lang, r);
  const after = afterOf(r, state);
  const lines = [
    t('recibos.title', { recibo: r.number }),
    ...(replaces ? [replaces] : []),
    formatDateTime(r.issuedAt, lang),
    `${t('recibos.member')}: ${r.member.clave} ${r.member.name}`,
    `${t('recibos.capturedBy')}: ${capturedBy(t, r)}`,
    subjectText(t, r),
    `${t('recibos.date')}: ${formatDate(r.date, lang)}`,
    ...(r.kilos ? [`${t('recibos.kilos')}: ${formatKg(r.kilos)}`] : []),
    ...r.lines.map((l) => `${t(l.label)}: ${formatCurrency(l.cents)}`),
    `${t('recibos.total')}: ${formatCurrency(r.total)}`,
    words(r.total),
    ...(after
      ? [
          `${t(`recibos.after.${after.kind}`)}: ${formatCurrency(after.cents)}${after.toConfirm ? ` (${t('recibos.toConfirm')})` : ''}`,
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
  const replaces = replacesText(t, lang, r);
  const after = afterOf(r, state);
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
      {replaces ? (
        <p className="receipt-replaces" data-testid="receipt-replaces">
          {replaces}
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
        <dt>{t('recibos.capturedBy')}</dt>
        <dd data-testid="receipt-captured-by">{capturedBy(t, r)}</dd>
        <dt>{t('recibos.what')}</dt>
        <dd>{subjectText(t, r)}</dd>
        <dt>{t('recibos.date')}</dt>
        <dd>{formatDate(r.date, lang)}</dd>
        {r.kilos ? (
          <>
            <dt>{t('recibos.kilos')}</dt>
            <dd data-testid="receipt-kilos">{formatKg(r.kilos)}</dd>
          </>
        ) : null}
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
      {after ? (
        <p className="receipt-after" data-testid="receipt-after">
          {t(`recibos.after.${after.kind}`)}: <strong>{formatCurrency(after.cents)}</strong>
          {after.toConfirm ? (
            <>
              {' '}
              <em>({t('recibos.toConfirm')})</em>
            </>
          ) : null}
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

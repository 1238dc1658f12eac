/**
 * One queued item in the sync center: what it is, when it was captured, its status and the
 * reason in plain language (with the server's field errors), and what a person can do: open
 * it in its form (rejected / conflict), resend it (stuck / uncertain), discard it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OutboxRow, OutboxStatus } from '#sync/types';
import { receiptOfRow } from '#commands/receipt-row';
import { formatDateTime } from '#domain/format';
import { Badge, type BadgeTone } from '#ui/badge.tsx';
import { Button } from '#ui/button.tsx';
import { useLang } from '#ui/use-lang.ts';
import { useMessageText } from '#ui/message-text.ts';
import { fieldProblems, notSentYet, outboxReason } from './outbox-reason.ts';
import { editRouteOf } from './use-describe.ts';

const TONES: Record<OutboxStatus, BadgeTone> = {
  pending: 'neutral',
  sending: 'primary',
  uncertain: 'warning',
  rejected: 'danger',
  blocked: 'warning',
  conflict: 'danger',
  stuck: 'danger',
  done: 'success',
};

const RESENDABLE: readonly OutboxStatus[] = ['stuck', 'uncertain'];
const DISCARDABLE: readonly OutboxStatus[] = ['rejected', 'conflict', 'stuck', 'blocked'];
const FIXABLE: readonly OutboxStatus[] = ['rejected', 'conflict'];
/** A capture the server will not take as it is: the member's receipt for it is void. */
const VOIDS_RECEIPT: readonly OutboxStatus[] = ['rejected', 'conflict', 'blocked', 'stuck'];

export interface OutboxItemProps {
  row: OutboxRow;
  description: string;
  /** Description of the item that blocks this one, if any. */
  blocker: string | null;
  /** The record it writes (or names) left the user's scope since it was queued. */
  leftScope: boolean;
  now: number;
  onResend: (row: OutboxRow) => void;
  onDiscard: (row: OutboxRow) => void;
}

export function OutboxItem({
  row,
  description,
  blocker,
  leftScope,
  now,
  onResend,
  onDiscard,
}: OutboxItemProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const reason = outboxReason(row, now, blocker);
  const receipt = row.kind.endsWith('.create') ? receiptOfRow(row) : null;
  const params = reason.params
    ? Object.fromEntries(
        Object.entries(reason.params).map(([k, v]) => [
          k,
          typeof v === 'string' ? messageText(v) : v,
        ]),
      )
    : undefined;
  const problems = fieldProblems(row);
  const editRoute = FIXABLE.includes(row.status) ? editRouteOf(row) : null;
  return (
    <li
      className={`outbox-item is-${row.status}`}
      data-testid="outbox-item"
      data-status={row.status}
    >
      <div className="outbox-item-head">
        <span className="outbox-item-title">{description}</span>
        <Badge tone={TONES[row.status]}>
          {t(notSentYet(row) ? 'syncCenter.status.notSent' : `syncCenter.status.${row.status}`)}
        </Badge>
      </div>
      <p className="outbox-item-time">
        {t('syncCenter.capturedAt', { when: formatDateTime(row.capturedAt, lang) })}
        {row.doneAt
          ? ` · ${t('syncCenter.sentAt', { when: formatDateTime(row.doneAt, lang) })}`
          : null}
      </p>
      <p className="outbox-item-reason">{t(reason.key, params)}</p>
      {receipt ? (
        <p className="outbox-item-receipt" data-testid="outbox-item-receipt">
          {VOIDS_RECEIPT.includes(row.status) ? (
            <strong>{t('recibos.voidInSync', { recibo: receipt })} </strong>
          ) : null}
          <Link to={`/recibos?numero=${encodeURIComponent(receipt)}`}>
            {t('recibos.list.open', { recibo: receipt })}
          </Link>
        </p>
      ) : null}
      {leftScope && row.status !== 'done' ? (
        <p className="outbox-item-scope" data-testid="outbox-item-scope">
          {t('syncCenter.leftScope')}
        </p>
      ) : null}
      {problems.length > 0 ? (
        <ul className="outbox-item-problems">
          {problems.map((problem) => (
            <li key={problem.field}>
              <strong>
                {t(`syncCenter.fields.${problem.field}`, { defaultValue: problem.field })}:
              </strong>{' '}
              {problem.messages.map(messageText).join(' ')}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="outbox-item-actions">
        {editRoute ? (
          <Link className="btn btn-primary" to={editRoute} data-testid="outbox-open">
            {t('syncCenter.open')}
          </Link>
        ) : null}
        {RESENDABLE.includes(row.status) ? (
          <Button variant="secondary" onClick={() => onResend(row)} data-testid="outbox-resend">
            {t('syncCenter.resend')}
          </Button>
        ) : null}
        {DISCARDABLE.includes(row.status) ? (
          <Button variant="danger" onClick={() => onDiscard(row)} data-testid="outbox-discard">
            {t('syncCenter.discard')}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/**
 * The three lists of the sync center — needs attention, pending, recently sent — read live
 * from the outbox, with resend and discard (discard asks first; it is kept in the local audit
 * log).
 */
import { DISCARD_REASONS, type DiscardReason } from '#domain/field-inbox';
import { discardReasonMessage } from '#sync/queue-report';
import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import type { OutboxRow, OutboxStatus } from '#sync/types';
import { ATTENTION_STATUSES } from '#sync/types';
import { outboxItems, scopeLeftWrites } from '#sync/queries';
import { discard, retry } from '#sync/commands';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { showError } from '#ui/error-store.ts';
import { OutboxItem } from './outbox-item.tsx';
import { findBlocker } from './outbox-reason.ts';
import { useDescribe } from './use-describe.ts';

const PENDING_STATUSES: readonly OutboxStatus[] = ['pending', 'sending', 'uncertain'];
/** How many sent items the "recently sent" list keeps on screen. */
export const RECENT_LIMIT = 20;
const NONE_LEFT: ReadonlySet<string> = new Set();

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

function byNewestDone(a: OutboxRow, b: OutboxRow): number {
  return (b.doneAt ?? '').localeCompare(a.doneAt ?? '');
}

function Section({
  id,
  titleKey,
  emptyKey,
  rows,
  all,
  leftScope,
  now,
  onResend,
  onDiscard,
}: {
  id: string;
  titleKey: string;
  emptyKey: string;
  rows: OutboxRow[];
  all: OutboxRow[];
  leftScope: ReadonlySet<string>;
  now: number;
  onResend: (row: OutboxRow) => void;
  onDiscard: (row: OutboxRow) => void;
}) {
  const { t } = useTranslation();
  const describe = useDescribe();
  return (
    <section
      className="sync-section"
      data-testid={`sync-section-${id}`}
      aria-labelledby={`sync-${id}-title`}
    >
      <h2 id={`sync-${id}-title`} className="sync-section-title">
        {t(titleKey)} <span className="sync-section-count">{rows.length}</span>
      </h2>
      {rows.length === 0 ? (
        <p className="sync-section-empty">{t(emptyKey)}</p>
      ) : (
        <ul className="outbox-list">
          {rows.map((row) => {
            const blocker = findBlocker(row, all);
            return (
              <OutboxItem
                key={row.id}
                row={row}
                description={describe(row)}
                blocker={blocker ? describe(blocker) : null}
                leftScope={leftScope.has(row.id)}
                now={now}
                onResend={onResend}
                onDiscard={onDiscard}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function OutboxSections() {
  const { t } = useTranslation();
  const describe = useDescribe();
  const now = useNow();
  const rows = useLiveQuery(() => outboxItems(), []) ?? [];
  const leftScope = useLiveQuery(() => scopeLeftWrites(), []) ?? NONE_LEFT;
  const [discarding, setDiscarding] = useState<OutboxRow | null>(null);
  const [reason, setReason] = useState<DiscardReason>('other');
  const [busy, setBusy] = useState(false);

  const attention = rows.filter((row) => ATTENTION_STATUSES.includes(row.status));
  const pending = rows.filter((row) => PENDING_STATUSES.includes(row.status));
  const sent = rows
    .filter((row) => row.status === 'done')
    .sort(byNewestDone)
    .slice(0, RECENT_LIMIT);

  function startDiscard(row: OutboxRow) {
    setReason('other');
    setDiscarding(row);
  }

  function resend(row: OutboxRow) {
    retry(row.id).catch(showError);
  }

  async function confirmDiscard() {
    if (!discarding) return;
    setBusy(true);
    try {
      // The reason travels to the office with the next queue report.
      await discard(discarding.id, discardReasonMessage(reason));
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
      setDiscarding(null);
    }
  }

  const common = { all: rows, leftScope, now, onResend: resend, onDiscard: startDiscard };
  return (
    <>
      <Section
        id="attention"
        titleKey="syncCenter.attention"
        emptyKey="syncCenter.attentionEmpty"
        rows={attention}
        {...common}
      />
      <Section
        id="pending"
        titleKey="syncCenter.pending"
        emptyKey="syncCenter.pendingEmpty"
        rows={pending}
        {...common}
      />
      <Section
        id="sent"
        titleKey="syncCenter.sent"
        emptyKey="syncCenter.sentEmpty"
        rows={sent}
        {...common}
      />
      <ConfirmDialog
        open={discarding !== null}
        title={t('syncCenter.discardTitle')}
        confirmLabel={t('syncCenter.discardConfirm')}
        message={
          discarding ? t('syncCenter.discardQuestion', { item: describe(discarding) }) : undefined
        }
        busy={busy}
        onCancel={() => setDiscarding(null)}
        onConfirm={() => void confirmDiscard()}
      >
        <fieldset className="discard-reasons" data-testid="discard-reasons">
          <legend>{t('syncCenter.discardReasonLabel')}</legend>
          {DISCARD_REASONS.map((code) => (
            <label key={code} className="discard-reason">
              <input
                type="radio"
                name="discard-reason"
                value={code}
                checked={reason === code}
                onChange={() => setReason(code)}
              />{' '}
              {t(`syncCenter.discardReasons.${code}`)}
            </label>
          ))}
        </fieldset>
      </ConfirmDialog>
    </>
  );
}

/** The collapsed "Descartados" list: what a person discarded, from the local audit log. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '#domain/format';
import { auditLog } from '#sync/queries';
import { useLang } from '#ui/use-lang.ts';
import { useMessageText } from '#ui/message-text.ts';
import { useDescribe } from './use-describe.ts';

export function DiscardedList() {
  const { t } = useTranslation();
  const lang = useLang();
  const describe = useDescribe();
  const messageText = useMessageText();
  const entries = (useLiveQuery(() => auditLog(), []) ?? []).filter(
    (entry) => entry.action === 'discard',
  );
  return (
    <details className="sync-section sync-discarded" data-testid="sync-section-discarded">
      <summary className="sync-section-title">
        {t('syncCenter.discarded')} <span className="sync-section-count">{entries.length}</span>
      </summary>
      {entries.length === 0 ? (
        <p className="sync-section-empty">{t('syncCenter.discardedEmpty')}</p>
      ) : (
        <ul className="outbox-list">
          {entries.map((entry) => (
            <li
              key={entry.id ?? entry.at}
              className="outbox-item is-discarded"
              data-testid="discarded-item"
            >
              <span className="outbox-item-title">{describe(entry.row)}</span>
              <p className="outbox-item-time">
                {t('syncCenter.capturedAt', { when: formatDateTime(entry.row.capturedAt, lang) })} ·{' '}
                {t('syncCenter.discardedAt', { when: formatDateTime(entry.at, lang) })}
              </p>
              {entry.reason ? (
                <p className="outbox-item-reason">{messageText(entry.reason)}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}

/**
 * Office screens of the bank area read and book straight against the server: without a
 * connection they say so plainly instead of showing empty or stale figures.
 */
import { useTranslation } from 'react-i18next';
import { EmptyState } from '#ui/empty-state.tsx';

export function NeedsConnection() {
  const { t } = useTranslation();
  return (
    <div className="bank-offline card" role="status" data-testid="bank-offline">
      <EmptyState title={t('bancos.offline.title')}>
        <p>{t('bancos.offline.body')}</p>
      </EmptyState>
    </div>
  );
}

/** A load that failed: what happened and a retry. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="form-banner" role="alert">
      <p>{t('bancos.loadFailed')}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {t('bancos.retry')}
      </button>
    </div>
  );
}

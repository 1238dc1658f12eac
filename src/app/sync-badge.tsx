/**
 * The always-visible sync badge of the top bar: online/offline dot, pending count,
 * needs-attention count (its own colour), spinning while the engine pushes or pulls. A tap
 * opens the sync center.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStore } from 'zustand';
import { syncStatus } from '#sync/status-store';
import { useOnline } from '#ui/use-online.ts';
import { useOutboxCounts } from '#app/use-outbox-counts.ts';

export function SyncBadge() {
  const { t } = useTranslation();
  const online = useOnline();
  const { pending, attention } = useOutboxCounts();
  const phase = useStore(syncStatus, (s) => s.phase);
  const busy = online && (phase === 'pushing' || phase === 'pulling');
  // Whether a pull has ever completed on this phone (benches and tests wait on it).
  const pulled = useStore(syncStatus, (s) => s.lastPullAt !== null);
  return (
    <Link
      to="/sincronizacion"
      className={`sync-badge${busy ? ' is-busy' : ''}${online ? ' is-online' : ' is-offline'}`}
      data-testid="sync-badge"
      data-online={online}
      data-pending={pending}
      data-attention={attention}
      data-busy={busy}
      data-pulled={pulled}
      aria-label={t('syncCenter.badge.label', { pending, attention })}
      title={online ? t('syncCenter.badge.online') : t('syncCenter.badge.offline')}
    >
      <span className="sync-badge-dot" aria-hidden="true" />
      <svg
        className="sync-badge-icon"
        viewBox="0 0 24 24"
        width="18"
        height="18"
        aria-hidden="true"
      >
        <path
          d="M4 12a8 8 0 0 1 13.7-5.6L20 4v6h-6l2.3-2.3A6 6 0 0 0 6 12M20 12a8 8 0 0 1-13.7 5.6L4 20v-6h6l-2.3 2.3A6 6 0 0 0 18 12"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      <span className="sync-badge-count" data-testid="sync-badge-pending">
        {pending}
      </span>
      {attention > 0 ? (
        <span className="sync-badge-attention" data-testid="sync-badge-attention">
          {attention}
        </span>
      ) : null}
    </Link>
  );
}

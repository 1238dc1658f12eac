/**
 * Sync center (/sincronizacion, docs/sync-protocol.md#push): the state of the phone's
 * queue — needs attention, pending, recently sent, discarded — with the reasons in plain
 * language, last sync, storage and "Sincronizar ahora"; for the office roles also the view of
 * what arrived from the field.
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { Link } from 'react-router-dom';
import { canReachRoute } from '#domain/permissions';
import { OFFICE_READERS } from '#domain/roles';
import { sessionStore } from '#api/session-store';
import { DiscardedList } from './discarded-list.tsx';
import { FieldActivityView } from './field-activity-view.tsx';
import { OutboxSections } from './outbox-sections.tsx';
import { SyncSummary } from './sync-summary.tsx';

export interface SyncCenterScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
  /** Push and pull now (the app owns the engine). */
  onSyncNow?: () => void;
}

/** The trip's cash: the phone's summary, and the office's closings. */
function TripLinks() {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const links = [
    { to: '/viaje', key: 'viaje.fromSyncCenter' },
    { to: '/cierres-viaje', key: 'cierresViaje.fromSyncCenter' },
  ].filter((l) => canReachRoute(role, l.to));
  if (links.length === 0) return null;
  return (
    <p className="sync-trip-links">
      {links.map((l) => (
        <Link
          key={l.to}
          to={l.to}
          className="btn btn-secondary"
          data-testid={`sync-link-${l.to.slice(1)}`}
        >
          {t(l.key)}
        </Link>
      ))}
    </p>
  );
}

export function SyncCenterScreen({ titleKey, onSyncNow }: SyncCenterScreenProps) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  return (
    <section className="screen sync-center">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <SyncSummary onSyncNow={onSyncNow ?? (() => undefined)} />
      <TripLinks />
      <OutboxSections />
      <DiscardedList />
      {role && OFFICE_READERS.includes(role) ? <FieldActivityView /> : null}
    </section>
  );
}

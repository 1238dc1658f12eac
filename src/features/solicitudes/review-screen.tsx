/**
 * The frame of the two decision screens (/mesa-control/<folio>, /evaluacion/<folio>): the
 * request its address names — or the one chosen on /solicitudes, or of a refused decision opened
 * from the sync center (`?corregir=`), the screen then moving to that request's address — read
 * from the replica, then the screen's own desk. With no request the screen returns to
 * /solicitudes, where requests are chosen.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { RECORD_LISTS } from '#domain/record-routes';
import type { OutboxRowOf } from '#commands/command-map';
import type { SolicitudRow } from '#db/replica-rows';
import { EmptyState } from '#ui/empty-state.tsx';
import { Spinner } from '#ui/spinner.tsx';
import {
  REVIEW_ROUTES,
  useReviewTarget,
  useSolicitud,
  type ReviewKind,
} from './use-solicitud-review-data.ts';
import './solicitud-review.css';

export interface ReviewDeskProps<K extends ReviewKind> {
  record: SolicitudRow;
  /** The refused decision being corrected, if any. */
  fixRow: OutboxRowOf<K> | null;
  /** A decision refused after the desk let go of it: the desk opens again holding it. */
  onRefusedLater: (row: OutboxRowOf<K>) => void;
}

export interface ReviewScreenProps<K extends ReviewKind> {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
  /** The decision's command kind (a refused one of this kind can be corrected here). */
  kind: K;
  /** i18n key of "request {{folio}} not found". */
  notFoundKey: string;
  Desk: ComponentType<ReviewDeskProps<K>>;
}

export function ReviewScreen<K extends ReviewKind>({
  titleKey,
  kind,
  notFoundKey,
  Desk,
}: ReviewScreenProps<K>) {
  const { t } = useTranslation();
  const target = useReviewTarget(kind);
  const record = useSolicitud(target.folio);

  if (!target.resolved) return <Spinner />;
  if (target.folio === null) return <Navigate to={RECORD_LISTS[REVIEW_ROUTES[kind]]} replace />;
  if (target.address !== null) return <Navigate to={target.address} replace />;
  return (
    <section className="screen review-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {record === undefined ? (
        <Spinner />
      ) : record === null ? (
        <EmptyState title={t(notFoundKey, { folio: target.folio })} />
      ) : (
        <Desk
          key={target.fixRow?.id ?? 'chosen'}
          record={record}
          fixRow={target.fixRow}
          onRefusedLater={target.reopen}
        />
      )}
    </section>
  );
}

/**
 * The frame of the two decision screens (/mesa-control, /evaluacion): the request chosen on
 * /solicitudes — or the one of a refused decision opened from the sync center
 * (`?corregir=`) — read from the replica, then the screen's own desk. With no request chosen
 * the screen returns to `/`.
 */
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import type { OutboxRow } from '#sync/types';
import { EmptyState } from '#ui/empty-state.tsx';
import { Spinner } from '#ui/spinner.tsx';
import type { SolicitudRecord } from './solicitud-record.ts';
import { useReviewTarget, useSolicitud } from './use-solicitud-review-data.ts';
import './solicitud-review.css';

export interface ReviewDeskProps {
  record: SolicitudRecord;
  /** The refused decision being corrected, if any. */
  fixRow: OutboxRow | null;
}

export interface ReviewScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
  /** The decision's command kind (a refused one of this kind can be corrected here). */
  kind: string;
  /** i18n key of "request {{folio}} not found". */
  notFoundKey: string;
  Desk: ComponentType<ReviewDeskProps>;
}

export function ReviewScreen({ titleKey, kind, notFoundKey, Desk }: ReviewScreenProps) {
  const { t } = useTranslation();
  const target = useReviewTarget(kind);
  const record = useSolicitud(target.folio);

  if (!target.resolved) return <Spinner />;
  if (target.folio === null) return <Navigate to="/" replace />;
  return (
    <section className="screen review-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {record === undefined ? (
        <Spinner />
      ) : record === null ? (
        <EmptyState title={t(notFoundKey, { folio: target.folio })} />
      ) : (
        <Desk record={record} fixRow={target.fixRow} />
      )}
    </section>
  );
}

/**
 * What became of the last community save, live from its outbox row: 'Comunidad
 * {id} creada / editada correctamente' once the server has it, "saved on the phone" while it
 * waits, or a refusal with the way to fix it.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { comunidadFixRoute } from '#commands/comunidades';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';
import { COMMUNITY_WATCH, type CommunityWriteRow } from './community-writes.ts';

function successText(row: CommunityWriteRow, t: TFunction) {
  if (row.kind === 'comunidad.create')
    return t('tsumbalil.save.created', { id: String(row.serverId ?? '') });
  return t('tsumbalil.save.updated', { id: String(row.serverId ?? row.payload.id) });
}

export function SaveBanner({
  mutationId,
  onDismiss,
}: {
  mutationId: string | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { row, outcome } = useSaveOutcome(mutationId, COMMUNITY_WATCH);
  if (!row || outcome === null) return null;
  const tone =
    outcome === 'sent' ? 'is-sent' : outcome === 'rejected' ? 'is-rejected' : 'is-queued';
  return (
    <div
      className={`tsumbalil-banner ${tone}`}
      role={outcome === 'rejected' ? 'alert' : 'status'}
      data-testid="community-banner"
      data-outcome={outcome}
    >
      <span>
        {outcome === 'sent'
          ? successText(row, t)
          : outcome === 'rejected'
            ? t('tsumbalil.save.rejectedLater')
            : t('tsumbalil.save.queued')}
      </span>
      {outcome === 'rejected' ? (
        <Link className="btn btn-primary" to={comunidadFixRoute(row.id)}>
          {t('tsumbalil.save.fix')}
        </Link>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label={t('tsumbalil.save.dismiss')}
        onClick={onDismiss}
      >
        ×
      </button>
    </div>
  );
}

/**
 * What became of the last community save, live from its outbox row (spec part 1 §8): 'Comunidad
 * {id} creada / editada correctamente' once the server has it, "saved on the phone" while it
 * waits, or a refusal with the way to fix it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { OutboxRow } from '#sync/types';
import { comunidadFixRoute, type ComunidadUpdatePayload } from '#commands/comunidades';
import { useCommunitySave } from './use-community-save.ts';

function successText(row: OutboxRow, t: (key: string, params: Record<string, string>) => string) {
  const id =
    row.serverId ??
    (row.kind === 'comunidad.create' ? '' : (row.payload as ComunidadUpdatePayload).id);
  return t(row.kind === 'comunidad.create' ? 'tsumbalil.save.created' : 'tsumbalil.save.updated', {
    id: String(id),
  });
}

export function SaveBanner({
  mutationId,
  onDismiss,
}: {
  mutationId: string | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const { row, outcome } = useCommunitySave(mutationId);
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
          ? successText(row, (key, params) => t(key, params))
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

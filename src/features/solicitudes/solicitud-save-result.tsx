/**
 * How the last request write went, kept live from its outbox row so it changes by itself:
 * saved on the phone → 'Solicitud {folio} creado correctamente' once the server assigns the
 * folio (or the resubmission / renegotiation texts), or refused later with a way to fix it.
 */
import { useTranslation } from 'react-i18next';
import { OUTBOX_SAVE } from '#sync/save-outcome';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useSaveOutcome } from '#ui/use-save-outcome.ts';

export interface SolicitudSaveResultProps {
  mutationId: string;
  onNew: () => void;
  onList: () => void;
  onFix: (mutationId: string) => void;
}

export function SolicitudSaveResult({
  mutationId,
  onNew,
  onList,
  onFix,
}: SolicitudSaveResultProps) {
  const { t } = useTranslation();
  const { row, outcome } = useSaveOutcome(mutationId, OUTBOX_SAVE);
  if (!row) return <Spinner />;
  const folio = row.serverId ?? '';
  let text: string;
  if (outcome === 'sent') {
    text =
      row.kind === 'solicitud.create'
        ? t('solicitudes.created', { folio })
        : row.kind === 'solicitud.renegotiate'
          ? t('solicitudes.renegotiated')
          : t('solicitudes.resubmitted', { folio });
  } else if (outcome === 'rejected') {
    text = t('solicitudes.rejectedLater');
  } else if (outcome === 'sending') {
    text = t('solicitudes.sending');
  } else {
    text = t('solicitudes.queued');
  }
  const tone = outcome === 'sent' ? 'sent' : outcome === 'rejected' ? 'rejected' : 'queued';
  return (
    <div className="solicitud-result">
      <p
        className={`solicitud-alert is-${tone}`}
        role={outcome === 'rejected' ? 'alert' : 'status'}
        data-testid="solicitud-result"
        data-outcome={outcome ?? ''}
      >
        {outcome === 'sending' ? <Spinner inline /> : null}
        {text}
      </p>
      <div className="form-actions">
        {outcome === 'rejected' ? (
          <Button variant="primary" onClick={() => onFix(row.id)} data-testid="solicitud-fix">
            {t('solicitudes.form.fix')}
          </Button>
        ) : null}
        <Button variant="secondary" onClick={onList} data-testid="solicitud-to-list">
          {t('solicitudes.form.toList')}
        </Button>
        <Button
          variant={outcome === 'rejected' ? 'secondary' : 'primary'}
          onClick={onNew}
          data-testid="solicitud-another"
        >
          {t('solicitudes.form.another')}
        </Button>
      </div>
    </div>
  );
}

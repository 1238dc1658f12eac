/**
 * A request's detail: its data, its chat, and the buttons its status
 * and the user's role allow (control desk, evaluation, renegotiation, correction). A request
 * (or a change of it) still waiting for the server says so and offers no decision.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { Modal } from '#ui/modal.tsx';
import { isLocalKey, type SolicitudRow } from '#db/replica-rows';
import type { SolicitudAction } from './solicitud-list.ts';
import { SolicitudChat } from './solicitud-chat.tsx';
import { SolicitudStatus, SolicitudSummary } from './solicitud-summary.tsx';

export interface SolicitudDetailModalProps {
  record: SolicitudRow;
  actions: readonly SolicitudAction[];
  /** A write of this request waits for the server (or was refused). */
  pending: boolean;
  attention: boolean;
  onAction: (action: SolicitudAction) => void;
  onClose: () => void;
}

const ACTION_VARIANT: Record<SolicitudAction, 'primary' | 'secondary'> = {
  mesaControl: 'primary',
  evaluacion: 'primary',
  renegociar: 'primary',
  reenviar: 'primary',
};

export function SolicitudDetailModal(props: SolicitudDetailModalProps) {
  const { record, actions } = props;
  const { t } = useTranslation();
  const local = isLocalKey(record.folio_solicitud);
  const title = local
    ? t('solicitudes.detail.titleNew')
    : t('solicitudes.detail.title', { folio: record.folio_solicitud });

  const footer = (
    <>
      {actions.map((action) => (
        <Button
          key={action}
          variant={ACTION_VARIANT[action]}
          onClick={() => props.onAction(action)}
          data-testid={`solicitud-action-${action}`}
        >
          {t(`solicitudes.actions.${action}`)}
        </Button>
      ))}
      <Button variant="ghost" onClick={props.onClose}>
        {t('solicitudes.detail.close')}
      </Button>
    </>
  );

  return (
    <Modal open size="lg" title={title} onClose={props.onClose} footer={footer}>
      <div className="solicitud-detail" data-testid="solicitud-detail">
        <SolicitudStatus record={record} />
        {props.attention ? (
          <p className="form-status is-rejected" role="alert">
            {t('solicitudes.detail.attentionNote')}
          </p>
        ) : props.pending ? (
          <p className="form-status" role="status" data-testid="solicitud-pending-note">
            {local
              ? t('solicitudes.detail.pendingNote')
              : t('solicitudes.detail.pendingChangeNote')}
          </p>
        ) : null}
        <SolicitudSummary record={record} />
        <SolicitudChat chat={record.chat} />
      </div>
    </Modal>
  );
}

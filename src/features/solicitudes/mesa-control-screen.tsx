/**
 * The coordinator's control desk (/mesa-control/<folio>): the request chosen on /solicitudes with
 * what the coordinator needs to judge it — the request, the applicant and the guarantor (status in
 * the process, documents on file), the member's earlier requests and contracts (status and debt
 * today), the conversation — and the decision: approve (to the manager's evaluation) or reject
 * (back to the promoter). Everything is read from the replica, and the decision goes through the
 * outbox, so it works with weak signal. What is typed waits in a draft until the decision is saved
 * (control-desk-draft.ts); with no request the screen returns to /solicitudes (review-screen.tsx).
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import type { ControlDeskValues } from '#domain/forms/control-desk';
import { can } from '#domain/permissions';
import { outboxForm } from '#commands/outbox';
import { useServerErrors } from '#ui/server-errors.tsx';
import { dropDeskDraft } from './control-desk-draft.ts';
import { MesaControlForm } from './mesa-control-form.tsx';
import { MesaControlHistory } from './mesa-control-history.tsx';
import { ReviewScreen, type ReviewDeskProps } from './review-screen.tsx';
import { ReviewOutcomeAlert } from './solicitud-review-alert.tsx';
import { ChatList, MemberCard, RequestSummary } from './solicitud-review-summary.tsx';
import { coopToday } from './use-evaluacion-figures.ts';
import { useMemberHistory } from './use-solicitud-review-data.ts';
import { useSolicitudReviewDecision } from './use-solicitud-review-decision.ts';

const REVIEW_FORM = outboxForm('solicitud.review');

export interface MesaControlScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function MesaControlScreen({ titleKey }: MesaControlScreenProps) {
  return (
    <ReviewScreen
      titleKey={titleKey}
      kind="solicitud.review"
      notFoundKey="mesaControl.notFound"
      Desk={MesaControlDesk}
    />
  );
}

function MesaControlDesk({ record, fixRow, onRefusedLater }: ReviewDeskProps<'solicitud.review'>) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const folio = typeof record.folio_solicitud === 'number' ? record.folio_solicitud : null;
  const server = useServerErrors();
  const history = useMemberHistory(record);
  const { row, outcome, fixing, sending, decided, save } = useSolicitudReviewDecision(REVIEW_FORM, {
    folio,
    fixRow,
    server,
    onRefusedLater,
  });

  // A saved decision (sent or queued) needs no draft any more.
  useEffect(() => {
    if (decided && folio !== null) dropDeskDraft(folio);
  }, [decided, folio]);

  const fixPayload = (fixing ?? fixRow)?.payload ?? null;
  const pendingElsewhere = Boolean(record._pending) && !row;
  const editable =
    can(role, 'solicitudes', 'review') &&
    folio !== null &&
    !decided &&
    (fixing !== null || (record.estatus_solicitud === 'RV' && !pendingElsewhere));

  async function decide(values: ControlDeskValues) {
    if (folio === null) return;
    const before = fixPayload?.before ?? record;
    await save({ folio, review: values, before });
  }

  const approved = row?.payload.review.estatus_solicitud === 'AP';
  const alert =
    outcome === 'sent'
      ? t(approved ? 'mesaControl.approved' : 'mesaControl.rejected', { folio })
      : outcome === 'queued'
        ? t('mesaControl.queued', { folio })
        : null;

  return (
    <>
      {alert && (outcome === 'sent' || outcome === 'queued') ? (
        <ReviewOutcomeAlert outcome={outcome} text={alert} />
      ) : null}
      {!editable && !decided ? (
        <p className="review-note review-state" data-testid="review-state">
          {pendingElsewhere
            ? t('mesaControl.pendingDecision')
            : record.estatus_solicitud === 'RV'
              ? t('mesaControl.readOnly')
              : t('mesaControl.notInReview')}
        </p>
      ) : null}
      <div className="review-layout">
        <div className="review-main">
          <RequestSummary record={record} />
          <MemberCard
            title={t('mesaControl.member.applicant')}
            socio={history?.socio ?? null}
            clave={record.clave_socio}
            proceso={record.proceso}
            testId="mesa-member"
          />
          <MemberCard
            title={t('mesaControl.member.guarantor')}
            socio={history?.aval ?? null}
            clave={record.aval}
            proceso={record.proceso}
            testId="mesa-aval"
          />
          {history ? <MesaControlHistory history={history} today={coopToday()} /> : null}
          <ChatList chat={record.chat} />
        </div>
        <aside className="review-side">
          <MesaControlForm
            record={record}
            previous={fixPayload?.review ?? null}
            server={server}
            editable={editable}
            sending={sending}
            rejected={outcome === 'rejected'}
            onDecide={decide}
          />
        </aside>
      </div>
    </>
  );
}

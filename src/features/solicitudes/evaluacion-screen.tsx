/**
 * The manager's evaluation (/evaluacion): the request
 * approved by the control desk, the member's figures
 * (docs/business-rules.md#member-evaluation-figures, computed on the device from the replica, so
 * they show offline), the requested amount against the yearly deliveries, and the decision: approve
 * (creates the contract; 'Solicitud de Crédito aprobado correctamente' with its number), send to
 * negotiation, or reject permanently. The decision goes through the outbox. With no request chosen
 * the screen returns to `/`.
 */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import type { EvaluationValues } from '#domain/forms/evaluation';
import { parseMoney } from '#domain/money';
import { can } from '#domain/permissions';
import { outboxForm } from '#commands/outbox';
import { useServerErrors } from '#ui/server-errors.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { EvaluacionChart } from './evaluacion-chart.tsx';
import { EvaluacionFiguresPanel } from './evaluacion-figures-panel.tsx';
import { EvaluacionForm } from './evaluacion-form.tsx';
import { ReviewScreen, type ReviewDeskProps } from './review-screen.tsx';
import { ReviewOutcomeAlert } from './solicitud-review-alert.tsx';
import { ChatList, RequestSummary } from './solicitud-review-summary.tsx';
import { useEvaluacionFigures } from './use-evaluacion-figures.ts';
import { useSolicitudReviewDecision } from './use-solicitud-review-decision.ts';

const EVALUATION_FORM = outboxForm('solicitud.evaluation');

export interface EvaluacionScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function EvaluacionScreen({ titleKey }: EvaluacionScreenProps) {
  return (
    <ReviewScreen
      titleKey={titleKey}
      kind="solicitud.evaluation"
      notFoundKey="evaluacion.notFound"
      Desk={EvaluacionDesk}
    />
  );
}

const SUCCESS_KEY = {
  AP: 'evaluacion.approved',
  NE: 'evaluacion.negotiated',
  CA: 'evaluacion.cancelled',
} as const;

function EvaluacionDesk({
  record,
  fixRow,
  onRefusedLater,
}: ReviewDeskProps<'solicitud.evaluation'>) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const folio = typeof record.folio_solicitud === 'number' ? record.folio_solicitud : null;
  const server = useServerErrors();
  const data = useEvaluacionFigures(record);
  const { row, outcome, fixing, sending, decided, save } = useSolicitudReviewDecision(
    EVALUATION_FORM,
    { folio, fixRow, server, onRefusedLater },
  );

  const fixPayload = (fixing ?? fixRow)?.payload ?? null;
  const pendingElsewhere = Boolean(record._pending) && !row;
  const inEvaluation = record.estatus_solicitud === 'AP' && record.estatus_evaluacion === 'RV';
  const editable =
    can(role, 'solicitudes', 'evaluate') &&
    folio !== null &&
    !decided &&
    (fixing !== null || (inEvaluation && !pendingElsewhere));

  async function decide(values: EvaluationValues) {
    if (folio === null) return;
    const before = fixPayload?.before ?? record;
    await save({ folio, evaluation: values, before });
  }

  const decision = row?.payload.evaluation.estatus_evaluacion;
  // The contract the server's answer names (the approval's), else the request's own.
  const contrato = row?.result?.contrato ?? record.contrato;
  const alert =
    outcome === 'sent' && decision
      ? t(SUCCESS_KEY[decision], { folio, contrato })
      : outcome === 'queued'
        ? t('evaluacion.queued', { folio })
        : null;

  const requested = parseMoney(record.monto_solicitado) ?? 0;
  const year = data ? Number(data.today.slice(0, 4)) : null;

  return (
    <>
      {alert && (outcome === 'sent' || outcome === 'queued') ? (
        <ReviewOutcomeAlert outcome={outcome} text={alert} />
      ) : null}
      {!editable && !decided ? (
        <p className="review-note review-state" data-testid="review-state">
          {pendingElsewhere
            ? t('evaluacion.pendingDecision')
            : inEvaluation
              ? t('evaluacion.readOnly')
              : t('evaluacion.notInEvaluation')}
        </p>
      ) : null}
      <div className="review-layout">
        <div className="review-main">
          <RequestSummary record={record} />
          {data && year !== null ? (
            <>
              <EvaluacionFiguresPanel figures={data.figures} year={year} saldo={data.saldo} />
              <EvaluacionChart years={data.years} requested={requested} />
            </>
          ) : (
            <Spinner />
          )}
          <ChatList chat={record.chat} />
        </div>
        <aside className="review-side">
          <EvaluacionForm
            record={record}
            previous={fixPayload?.evaluation ?? null}
            suggested={
              data ? { p30: data.figures.sugerido_30, p50: data.figures.sugerido_50 } : null
            }
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

/**
 * The manager's decision: approve with the
 * amount (0.01–9999999), term (1–240 months) and monthly rates (0.01–100, up to 4 decimals),
 * which creates the contract; send to negotiation or reject permanently, each with a comment
 * ('Por favor agrega algún comentario para enviar a Negociación'). The decision button sets
 * `estatus_evaluacion` before the form validates with #domain/forms/evaluation (the server's
 * schema). The suggested amounts (30 % / 50 % of the contribution balance) fill the amount.
 */
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  evaluationSchema,
  type EvaluationDecision,
  type EvaluationInput,
  type EvaluationValues,
} from '#domain/forms/evaluation';
import { centsToDecimalString, type Cents } from '#domain/money';
import { formatCurrency } from '#domain/format';
import { Button } from '#ui/button.tsx';
import { NumberField, TextAreaField } from '#ui/form-field.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import type { SolicitudRow } from '#db/replica-rows';
import { ReviewDecisionForm, useDecision, type DecisionChoice } from './review-decision-form.tsx';

export function evaluationInputOf(
  record: SolicitudRow,
  previous: EvaluationValues | null,
): EvaluationInput {
  if (previous) {
    return {
      estatus_evaluacion: previous.estatus_evaluacion,
      monto_aprobado:
        previous.monto_aprobado === null ? '' : centsToDecimalString(previous.monto_aprobado),
      plazo_aprobado: previous.plazo_aprobado === null ? '' : String(previous.plazo_aprobado),
      tasa_aprobada: previous.tasa_aprobada ?? '',
      tasa_mor_aprobada: previous.tasa_mor_aprobada ?? '',
      comentarios_gerente: previous.comentarios_gerente ?? '',
    };
  }
  // The request's own figures are the natural starting point of an approval.
  return {
    estatus_evaluacion: '',
    monto_aprobado: record.monto_aprobado ?? record.monto_solicitado,
    plazo_aprobado: String(record.plazo_aprobado ?? record.plazo_de_pago_solicitado),
    tasa_aprobada: record.tasa_aprobada ?? '',
    tasa_mor_aprobada: record.tasa_mor_aprobada ?? '',
    comentarios_gerente: '',
  };
}

export interface EvaluacionFormProps {
  record: SolicitudRow;
  previous: EvaluationValues | null;
  /** 30 % and 50 % of the member's contribution balance (0 when none). */
  suggested: { p30: Cents; p50: Cents } | null;
  server: ServerErrorsApi;
  editable: boolean;
  sending: boolean;
  rejected: boolean;
  onDecide: (values: EvaluationValues) => Promise<void>;
}

export function EvaluacionForm(props: EvaluacionFormProps) {
  const { record, previous, server, editable, sending, suggested } = props;
  const { t } = useTranslation();
  const form = useForm<EvaluationInput, unknown, EvaluationValues>({
    resolver: zodResolver(evaluationSchema),
    defaultValues: evaluationInputOf(record, previous),
    mode: 'onTouched',
  });
  const [decision, choose] = useDecision<EvaluationDecision>(
    previous?.estatus_evaluacion ?? null,
    (value) => form.setValue('estatus_evaluacion', value),
  );
  const readOnly = !editable || sending;

  const fillSuggested = (cents: Cents) => () => {
    form.setValue('monto_aprobado', centsToDecimalString(cents), {
      shouldValidate: true,
      shouldTouch: true,
    });
    server.clearField('monto_aprobado');
  };

  const folio = record.folio_solicitud;
  const confirm = useMemo(() => {
    if (decision === 'NE') return t('evaluacion.confirmNegotiate', { folio });
    if (decision === 'CA') return t('evaluacion.confirmCancel', { folio });
    return t('evaluacion.confirmApprove', { folio });
  }, [decision, folio, t]);

  const choices: readonly DecisionChoice<EvaluationDecision>[] = [
    {
      value: 'CA',
      label: t('evaluacion.form.cancel'),
      variant: 'danger',
      testId: 'evaluacion-cancel',
    },
    {
      value: 'NE',
      label: t('evaluacion.form.negotiate'),
      variant: 'secondary',
      testId: 'evaluacion-negotiate',
    },
    {
      value: 'AP',
      label: t('evaluacion.form.approve'),
      variant: 'primary',
      testId: 'evaluacion-approve',
    },
  ];

  return (
    <ReviewDecisionForm
      id="evaluacion-form"
      form={form}
      title={t('evaluacion.form.title')}
      rejectedText={t('evaluacion.rejectedByServer')}
      sendingText={t('evaluacion.sending')}
      confirm={confirm}
      server={server}
      editable={editable}
      sending={sending}
      rejected={props.rejected}
      decision={decision}
      choices={choices}
      onChoose={choose}
      onDecide={props.onDecide}
    >
      <NumberField
        name="monto_aprobado"
        label={t('evaluacion.form.monto')}
        hint={t('evaluacion.form.montoHint')}
        readOnly={readOnly}
      />
      {editable && suggested && (suggested.p30 > 0 || suggested.p50 > 0) ? (
        <div
          className="evaluacion-suggested"
          role="group"
          aria-label={t('evaluacion.form.useSuggested')}
        >
          <Button onClick={fillSuggested(suggested.p30)} disabled={readOnly} data-testid="use-30">
            {t('evaluacion.form.use30', { amount: formatCurrency(suggested.p30) })}
          </Button>
          <Button onClick={fillSuggested(suggested.p50)} disabled={readOnly} data-testid="use-50">
            {t('evaluacion.form.use50', { amount: formatCurrency(suggested.p50) })}
          </Button>
        </div>
      ) : null}
      <NumberField
        name="plazo_aprobado"
        integer
        label={t('evaluacion.form.plazo')}
        hint={t('evaluacion.form.plazoHint')}
        readOnly={readOnly}
      />
      <div className="evaluacion-rates">
        <NumberField
          name="tasa_aprobada"
          label={t('evaluacion.form.tasa')}
          hint={t('evaluacion.form.tasaHint')}
          readOnly={readOnly}
        />
        <NumberField
          name="tasa_mor_aprobada"
          label={t('evaluacion.form.tasaMor')}
          hint={t('evaluacion.form.tasaHint')}
          readOnly={readOnly}
        />
      </div>
      <TextAreaField
        name="comentarios_gerente"
        label={t('evaluacion.form.comentario')}
        hint={t('evaluacion.form.comentarioHint')}
        readOnly={readOnly}
      />
    </ReviewDecisionForm>
  );
}

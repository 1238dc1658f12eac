/**
 * The coordinator's decision: the four questions,
 * irregularities and a comment (≤100 each), then approve (AP: all four questions ticked) or
 * reject (RE: a comment is required — 'Por favor agrega algún comentario del porqué estás
 * rechazando'). The decision button sets `estatus_solicitud` before the form validates with
 * #domain/forms/control-desk, so both rules are the server's own.
 */
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  controlDeskSchema,
  type ControlDeskDecision,
  type ControlDeskInput,
  type ControlDeskValues,
} from '#domain/forms/control-desk';
import { TextAreaField } from '#ui/form-field.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import type { SolicitudRow } from '#db/replica-rows';
import { MesaControlQuestions } from './mesa-control-questions.tsx';
import { keepDeskDraft, readDeskDraft } from './control-desk-draft.ts';
import { ReviewDecisionForm, useDecision, type DecisionChoice } from './review-decision-form.tsx';

export function controlDeskInputOf(
  record: SolicitudRow,
  previous: ControlDeskValues | null,
): ControlDeskInput {
  const source = previous ?? record;
  return {
    estatus_solicitud: previous?.estatus_solicitud ?? '',
    pregunta_1: source.pregunta_1 === true,
    pregunta_2: source.pregunta_2 === true,
    pregunta_3: source.pregunta_3 === true,
    pregunta_4: source.pregunta_4 === true,
    irregularidades: source.irregularidades ?? '',
    comentarios_coordinador: previous?.comentarios_coordinador ?? '',
  };
}

/**
 * What the form opens with: a refused decision's values when correcting one, else what was
 * typed for this request before a reload (control-desk-draft.ts), else the request's own.
 */
function openingValues(record: SolicitudRow, previous: ControlDeskValues | null): ControlDeskInput {
  const base = controlDeskInputOf(record, previous);
  const draft =
    previous === null && typeof record.folio_solicitud === 'number'
      ? readDeskDraft(record.folio_solicitud)
      : null;
  return draft ? { ...base, ...draft } : base;
}

export interface MesaControlFormProps {
  record: SolicitudRow;
  /** The values of a refused decision being corrected. */
  previous: ControlDeskValues | null;
  server: ServerErrorsApi;
  /** May decide now (role, state, nothing pending). */
  editable: boolean;
  sending: boolean;
  rejected: boolean;
  onDecide: (values: ControlDeskValues) => Promise<void>;
}

export function MesaControlForm(props: MesaControlFormProps) {
  const { record, previous, server, editable, sending } = props;
  const { t } = useTranslation();
  const form = useForm<ControlDeskInput, unknown, ControlDeskValues>({
    resolver: zodResolver(controlDeskSchema),
    defaultValues: openingValues(record, previous),
    mode: 'onTouched',
  });
  const [decision, choose] = useDecision<ControlDeskDecision>(
    previous?.estatus_solicitud ?? null,
    (value) => form.setValue('estatus_solicitud', value),
  );
  const readOnly = !editable || sending;
  const folio = typeof record.folio_solicitud === 'number' ? record.folio_solicitud : null;

  // Whatever is typed while the desk may decide is kept for a reload.
  useEffect(() => {
    if (!editable || folio === null) return;
    return form.subscribe({
      formState: { values: true },
      callback: ({ values }) => keepDeskDraft(folio, values),
    });
  }, [editable, folio, form]);

  const confirm = useMemo(
    () =>
      decision === 'RE'
        ? t('mesaControl.confirmReject', { folio: record.folio_solicitud })
        : t('mesaControl.confirmApprove', { folio: record.folio_solicitud }),
    [decision, record.folio_solicitud, t],
  );

  const choices: readonly DecisionChoice<ControlDeskDecision>[] = [
    { value: 'RE', label: t('mesaControl.form.reject'), variant: 'danger', testId: 'mesa-reject' },
    {
      value: 'AP',
      label: t('mesaControl.form.approve'),
      variant: 'primary',
      testId: 'mesa-approve',
    },
  ];

  return (
    <ReviewDecisionForm
      id="mesa-control-form"
      form={form}
      title={t('mesaControl.form.title')}
      rejectedText={t('mesaControl.rejectedByServer')}
      sendingText={t('mesaControl.sending')}
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
      <MesaControlQuestions readOnly={readOnly} />
      <TextAreaField
        name="irregularidades"
        label={t('mesaControl.form.irregularidades')}
        readOnly={readOnly}
      />
      <TextAreaField
        name="comentarios_coordinador"
        label={t('mesaControl.form.comentario')}
        hint={t('mesaControl.form.comentarioHint')}
        readOnly={readOnly}
      />
    </ReviewDecisionForm>
  );
}

/**
 * Renegotiation: the promoter answers the manager's negotiation (AP +
 * NE) with a comment (required, ≤100) and the request goes back to evaluation (RV). The request
 * is shown read-only with its chat, so the promoter reads what the manager asked. Through the
 * outbox ('solicitud.renegotiate'), online or not.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { TEXTAREA_MAX } from '#domain/codes';
import {
  renegotiationSchema,
  type RenegotiationInput,
  type RenegotiationValues,
} from '#domain/forms/renegotiation';
import { sessionStore } from '#api/session-store';
import type { OutboxRowOf } from '#commands/command-map';
import { outboxForm } from '#commands/outbox';
import { solicitudRecordId, type SolicitudRenegotiatePayload } from '#commands/solicitudes';
import type { SolicitudRow } from '#db/replica-rows';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner, TextAreaField } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { SolicitudChat } from './solicitud-chat.tsx';
import { storedRequest } from './solicitud-form-values.ts';
import { SolicitudStatus, SolicitudSummary } from './solicitud-summary.tsx';

const RENEGOTIATE_FORM = outboxForm('solicitud.renegotiate');

type RenegotiateRow = OutboxRowOf<'solicitud.renegotiate'>;

export interface RenegotiationFormProps {
  folio: number;
  /** The request as stored; null when this phone does not hold it (a refused item). */
  record: SolicitudRow | null;
  initialComment: string;
  fixRow: RenegotiateRow | null;
  onSaved: (mutationId: string) => void;
  onCancel: () => void;
}

export function RenegotiationForm(props: RenegotiationFormProps) {
  const { folio, record } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const user = useStore(sessionStore, (s) => s.user);
  const form = useForm<RenegotiationInput, unknown, RenegotiationValues>({
    resolver: zodResolver(renegotiationSchema),
    defaultValues: { comentarios_promotor: props.initialComment },
    mode: 'onTouched',
  });
  const { outcome, fixing, sending, save } = useOutboxForm(RENEGOTIATE_FORM, {
    fixRow: props.fixRow,
    onRefused: server.setServerErrors,
    onSettled: (row) => props.onSaved(row.id),
    recordId: solicitudRecordId(folio),
  });

  /** A correction keeps the refused write's author and the request to restore if discarded. */
  function payloadOf(values: RenegotiationValues): SolicitudRenegotiatePayload {
    if (fixing) return { ...fixing.payload, ...values };
    return {
      folio,
      comentarios_promotor: values.comentarios_promotor,
      author: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
      before: storedRequest(record),
    };
  }

  return (
    <div className="solicitud-renegotiation">
      {record ? (
        <>
          <SolicitudStatus record={record} />
          <SolicitudSummary record={record} />
          <SolicitudChat chat={record.chat} />
        </>
      ) : null}
      <Form
        id="renegotiation-form"
        form={form}
        onSubmit={(values) => save(payloadOf(values))}
        serverErrors={server}
        className="form solicitud-form"
      >
        <FormSaveLines
          rejected={outcome === 'rejected'}
          sending={sending}
          rejectedText={t('solicitudes.rejected')}
          sendingText={t('solicitudes.sending')}
          testId="solicitud-status"
        />
        <FormBanner />
        <TextAreaField
          name="comentarios_promotor"
          label={t('solicitudes.fields.comentarios_promotor')}
          maxLength={TEXTAREA_MAX}
          required
          readOnly={sending}
          hint={t('solicitudes.form.renegotiationHint')}
        />
        <div className="form-actions solicitud-form-actions">
          <Button variant="ghost" onClick={props.onCancel} disabled={sending}>
            {t('solicitudes.form.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={sending} data-testid="solicitud-save">
            {t('solicitudes.form.saveRenegotiate')}
          </Button>
        </div>
      </Form>
    </div>
  );
}

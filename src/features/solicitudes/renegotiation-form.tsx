/**
 * Renegotiation (spec part 1 §4 step 4): the promoter answers the manager's negotiation (AP +
 * NE) with a comment (required, ≤100) and the request goes back to evaluation (RV). The request
 * is shown read-only with its chat, so the promoter reads what the manager asked. Through the
 * outbox ('solicitud.renegotiate'), online or not.
 */
import { useEffect, useState } from 'react';
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
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { FormBanner, TextAreaField } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import { solicitudRecordId, type SolicitudRenegotiatePayload } from '#commands/solicitudes';
import { SolicitudChat } from './solicitud-chat.tsx';
import type { SolicitudRecord } from './solicitud-record.ts';
import { SolicitudStatus, SolicitudSummary } from './solicitud-summary.tsx';
import { useSolicitudSave } from './use-solicitud-save.ts';

export interface RenegotiationFormProps {
  folio: number;
  /** The request as stored; null when this phone does not hold it (a refused item). */
  record: SolicitudRecord | null;
  initialComment: string;
  fixRow: OutboxRow | null;
  onSaved: (mutationId: string) => void;
  onCancel: () => void;
}

export function RenegotiationForm(props: RenegotiationFormProps) {
  const { folio, record, fixRow } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const user = useStore(sessionStore, (s) => s.user);
  const form = useForm<RenegotiationInput, unknown, RenegotiationValues>({
    resolver: zodResolver(renegotiationSchema),
    defaultValues: { comentarios_promotor: props.initialComment },
    mode: 'onTouched',
  });
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useSolicitudSave(mutationId);

  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  const { onSaved } = props;
  useEffect(() => {
    if (row && (outcome === 'sent' || outcome === 'queued')) onSaved(row.id);
  }, [row, outcome, onSaved]);

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
  const sending = outcome === 'sending';

  async function save(values: RenegotiationValues) {
    const author = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
    try {
      let sent: { mutationId: string };
      if (fixing) {
        const old = fixing.payload as SolicitudRenegotiatePayload;
        sent = await resubmit(fixing.id, { ...old, ...values });
      } else {
        let before: SolicitudRecord | null = null;
        if (record) {
          const { _localId: _l, _pending: _p, ...rest } = record;
          before = rest;
        }
        const payload: SolicitudRenegotiatePayload = {
          folio,
          comentarios_promotor: values.comentarios_promotor,
          author,
          before,
        };
        sent = await enqueue('solicitud.renegotiate', payload, {
          recordId: solicitudRecordId(folio),
        });
      }
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error);
    }
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
        onSubmit={save}
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

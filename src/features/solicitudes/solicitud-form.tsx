/**
 * The request form (spec part 1 §2 screen 7) in its two modes: a new request, and the
 * correction of a request the coordinator rejected (RE), which needs a comment. The save asks
 * for confirmation and goes through the outbox ('solicitud.create' / 'solicitud.resubmit'),
 * online or not. While the server is asked the form waits a few seconds; a refusal shows the
 * server's messages under their fields (also when reopened from the sync center) and the next
 * save corrects that same item; sent or saved for later, the screen takes over (`onSaved`).
 */
import { useEffect, useMemo, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import {
  creditRequestSchema,
  type CreditRequestInput,
  type CreditRequestValues,
} from '#domain/forms/credit-request';
import { renegotiationSchema } from '#domain/forms/renegotiation';
import { sessionStore } from '#api/session-store';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import {
  solicitudRecordId,
  type SolicitudCreatePayload,
  type SolicitudDisplay,
  type SolicitudResubmitPayload,
} from '#commands/solicitudes';
import { toRequestBody } from './solicitud-form-values.ts';
import { SolicitudFormFields } from './solicitud-form-fields.tsx';
import type { SolicitudRecord } from './solicitud-record.ts';
import { useSolicitudSave } from './use-solicitud-save.ts';
import type { SolicitudMember } from './use-solicitudes-data.ts';

export interface SolicitudFormProps {
  /** 'resubmit': the correction of rejected request `folio`. */
  mode: 'create' | 'resubmit';
  folio: number | null;
  initial: CreditRequestInput;
  members: readonly SolicitudMember[];
  /** The rejected request as stored (undone on the phone if its correction is discarded). */
  record: SolicitudRecord | null;
  /** A refused item reopened to be corrected (`?corregir=<id>`). */
  fixRow: OutboxRow | null;
  onSaved: (mutationId: string) => void;
  onCancel: () => void;
}

/** The record as the server last sent it, without the phone's own marks. */
function stored(record: SolicitudRecord | null): SolicitudRecord | null {
  if (!record) return null;
  const { _localId: _l, _pending: _p, ...rest } = record;
  return rest;
}

/** The request schema, plus the comment a resubmission must carry (BUSINESS_RULES §2). */
function useRequestResolver(commentRequired: boolean) {
  return useMemo(() => {
    const base = zodResolver(creditRequestSchema()) as Resolver<
      CreditRequestInput,
      unknown,
      CreditRequestValues
    >;
    if (!commentRequired) return base;
    const withComment: Resolver<CreditRequestInput, unknown, CreditRequestValues> = async (
      values,
      context,
      options,
    ) => {
      const result = await base(values, context, options);
      const comment = renegotiationSchema.safeParse({
        comentarios_promotor: values.comentarios_promotor,
      });
      if (comment.success) return result;
      return {
        values: {},
        errors: {
          ...result.errors,
          comentarios_promotor: {
            type: 'custom',
            message: comment.error.issues[0]?.message ?? 'validation.required',
          },
        },
      };
    };
    return withComment;
  }, [commentRequired]);
}

export function SolicitudForm(props: SolicitudFormProps) {
  const { mode, folio, members, fixRow } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const user = useStore(sessionStore, (s) => s.user);
  const userId = useStore(sessionStore, (s) => s.userId);
  const resolver = useRequestResolver(mode === 'resubmit');
  const form = useForm<CreditRequestInput, unknown, CreditRequestValues>({
    resolver,
    defaultValues: props.initial,
    mode: 'onTouched',
  });
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useSolicitudSave(mutationId);

  // A refused save (live, or reopened from the sync center) shows the server's messages, once.
  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  // Sent, or saved to be sent later: the screen says how it went and keeps watching.
  const { onSaved } = props;
  useEffect(() => {
    if (row && (outcome === 'sent' || outcome === 'queued')) onSaved(row.id);
  }, [row, outcome, onSaved]);

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
  const sending = outcome === 'sending';

  function displayOf(values: CreditRequestValues): SolicitudDisplay {
    const applicant = members.find((m) => m.clave_socio === values.clave_socio);
    const guarantor = members.find((m) => m.clave_socio === values.aval);
    const before = props.record;
    return {
      nombre_socio: applicant?.full_name ?? before?.nombre_socio ?? '',
      comunidad: applicant?.comunidad ?? before?.comunidad ?? 0,
      nombre_comunidad: applicant?.nombre_comunidad ?? before?.nombre_comunidad ?? '',
      region: applicant?.region ?? before?.region ?? 0,
      nombre_region: applicant?.nombre_region ?? before?.nombre_region ?? '',
      aval_nombre: guarantor?.full_name ?? before?.aval_nombre ?? '',
      promotor: before?.promotor ?? userId ?? 0,
      promotor_nombre:
        before?.promotor_nombre ?? [user?.first_name, user?.last_name].filter(Boolean).join(' '),
    };
  }

  async function save(values: CreditRequestValues) {
    const request = toRequestBody(values);
    const display = displayOf(values);
    try {
      let sent: { mutationId: string };
      if (fixing) {
        const old = fixing.payload as SolicitudCreatePayload | SolicitudResubmitPayload;
        sent = await resubmit(fixing.id, { ...old, request, display });
      } else if (mode === 'resubmit' && folio !== null) {
        const payload: SolicitudResubmitPayload = {
          folio,
          request,
          display,
          before: stored(props.record),
        };
        sent = await enqueue('solicitud.resubmit', payload, { recordId: solicitudRecordId(folio) });
      } else {
        const payload: SolicitudCreatePayload = { request, display };
        sent = await enqueue('solicitud.create', payload);
      }
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: mode === 'create' });
    }
  }

  return (
    <Form
      id="solicitud-form"
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
      <SolicitudFormFields
        members={members}
        commentRequired={mode === 'resubmit'}
        readOnly={sending}
      />
      <div className="form-actions solicitud-form-actions">
        <Button variant="ghost" onClick={props.onCancel} disabled={sending}>
          {t('solicitudes.form.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={sending} data-testid="solicitud-save">
          {t(mode === 'resubmit' ? 'solicitudes.form.saveResubmit' : 'solicitudes.form.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The request form's two saves, each through the outbox online or
 * not, with the outbox-form life cycle of #ui/use-outbox-form.ts: a new request
 * ('solicitud.create'), and the correction of a request the coordinator rejected
 * ('solicitud.resubmit', back to review with a required comment). A refusal shows the
 * server's messages under their fields (also when reopened from the sync center) and the next
 * save corrects that same item; sent or saved for later, the screen takes over (`onSaved`).
 */
import { useStore } from 'zustand';
import type { CreditRequestInput } from '#domain/forms/credit-request';
import { sessionStore } from '#api/session-store';
import type { OutboxRowOf } from '#commands/command-map';
import { outboxForm } from '#commands/outbox';
import { solicitudRecordId } from '#commands/solicitudes';
import type { SolicitudRow } from '#db/replica-rows';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import {
  createPayloadOf,
  resubmitPayloadOf,
  type RequestContext,
} from './solicitud-form-values.ts';
import { SolicitudForm } from './solicitud-form.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

const CREATE_FORM = outboxForm('solicitud.create');
const RESUBMIT_FORM = outboxForm('solicitud.resubmit');

interface SaveProps<K extends 'solicitud.create' | 'solicitud.resubmit'> {
  initial: CreditRequestInput;
  members: readonly SolicitudMember[];
  /** A refused item reopened to be corrected (`?corregir=<id>`). */
  fixRow: OutboxRowOf<K> | null;
  onSaved: (mutationId: string) => void;
  onCancel: () => void;
}

/** The members the payload names and the capturing user (the new request's promoter). */
function useRequestContext(members: readonly SolicitudMember[]): RequestContext {
  const user = useStore(sessionStore, (s) => s.user);
  const userId = useStore(sessionStore, (s) => s.userId);
  const name = [user?.first_name, user?.last_name].filter(Boolean).join(' ');
  return { members, capturer: { userId, name } };
}

export function SolicitudCreateForm(props: SaveProps<'solicitud.create'>) {
  const server = useServerErrors();
  const context = useRequestContext(props.members);
  const { outcome, sending, save } = useOutboxForm(CREATE_FORM, {
    fixRow: props.fixRow,
    onRefused: server.setServerErrors,
    onSettled: (row) => props.onSaved(row.id),
    errors: { isCreate: true },
  });
  return (
    <SolicitudForm
      initial={props.initial}
      members={props.members}
      resubmit={false}
      server={server}
      outcome={outcome}
      sending={sending}
      onSave={(values) => save(createPayloadOf(values, context))}
      onCancel={props.onCancel}
      except={props.fixRow?.recordId ?? null}
    />
  );
}

export interface SolicitudResubmitFormProps extends SaveProps<'solicitud.resubmit'> {
  folio: number;
  /** The rejected request as stored (undone on the phone if its correction is discarded). */
  record: SolicitudRow | null;
}

export function SolicitudResubmitForm(props: SolicitudResubmitFormProps) {
  const { folio, record } = props;
  const server = useServerErrors();
  const context = useRequestContext(props.members);
  const { outcome, sending, save } = useOutboxForm(RESUBMIT_FORM, {
    fixRow: props.fixRow,
    onRefused: server.setServerErrors,
    onSettled: (row) => props.onSaved(row.id),
    recordId: solicitudRecordId(folio),
  });
  return (
    <SolicitudForm
      initial={props.initial}
      members={props.members}
      resubmit
      server={server}
      outcome={outcome}
      sending={sending}
      onSave={(values) => save(resubmitPayloadOf(values, folio, record, context))}
      onCancel={props.onCancel}
      except={folio}
    />
  );
}

/**
 * The member form modal (spec part 1 §2 screen 3, §5, §8). A new member opens editable with the
 * spec's defaults; an existing one is read-only until "Editar" (privileged roles). The save asks
 * for confirmation, goes through the outbox ('socio.create' / 'socio.update'), and the modal
 * waits a few seconds for the server: accepted → the screen shows 'Socio N creado/editado
 * correctamente'; no answer or offline → the screen says it is saved and will be sent; refused
 * → the server's messages appear under their fields and the next save corrects that item.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { NEW_MEMBER_KEY_LABEL, type Process } from '#domain/codes';
import { memberSchema, type MemberInput, type MemberValues } from '#domain/forms/member';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { EditFooter } from '#ui/edit-footer.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { Modal } from '#ui/modal.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useReportSettled, useShowRefusal } from '#ui/use-write-events.ts';
import {
  displayOf,
  socioRecordId,
  type SocioCreatePayload,
  type SocioUpdatePayload,
} from '#commands/socios';
import { SocioFormFields } from './socio-form-fields.tsx';
import { isLocalOnly, memberInputOf, newMemberInput, type SocioRecord } from './socio-record.ts';
import { useSocioSave } from './use-socio-save.ts';
import type { SocioReferences } from './use-socios-data.ts';

/** How a save ended, for the screen's alert. */
export type SocioSaveResult =
  { outcome: 'sent'; kind: 'create' | 'update'; id: string | number } | { outcome: 'queued' };

export interface SocioFormModalProps {
  /** null: a new member. */
  record: SocioRecord | null;
  references: SocioReferences;
  /** May create and edit members (CO, GE). */
  canEdit: boolean;
  /** May open the member evaluation (CO, GE). */
  canEvaluate: boolean;
  /** A refused item reopened to be corrected (`/socios?corregir=<id>`). */
  fixRow?: OutboxRow | null;
  onClose: () => void;
  onSaved: (result: SocioSaveResult) => void;
  onEvaluate: (clave: number, process: Process | null) => void;
}

function initialValues(record: SocioRecord | null, fixRow: OutboxRow | null): MemberInput {
  if (fixRow) {
    const payload = fixRow.payload as SocioCreatePayload | SocioUpdatePayload;
    const key = 'clave' in payload ? payload.clave : fixRow.recordId;
    return memberInputOf({
      ...(record ?? {}),
      ...payload.member,
      ...payload.display,
      clave_socio: key,
      region: payload.display.region ?? payload.member.region ?? 1,
      apellido_materno: payload.member.apellido_materno ?? '',
      rfc: record?.rfc ?? null,
      full_name: '',
    });
  }
  return record ? memberInputOf(record) : newMemberInput();
}

function keyOf(record: SocioRecord | null, fixRow: OutboxRow | null): number | string | null {
  if (fixRow) {
    const payload = fixRow.payload as SocioCreatePayload | SocioUpdatePayload;
    return 'clave' in payload ? payload.clave : null;
  }
  return record ? record.clave_socio : null;
}

export function SocioFormModal(props: SocioFormModalProps) {
  const { record, references, canEdit, fixRow = null } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  const schema = useMemo(() => memberSchema(), []);
  const form = useForm<MemberInput, unknown, MemberValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(record, fixRow),
    mode: 'onTouched',
  });
  const key = keyOf(record, fixRow);
  const isNew = key === null && (fixRow === null || fixRow.kind === 'socio.create');
  const [editing, setEditing] = useState(isNew || fixRow !== null);
  const [process, setProcess] = useState<Process | null>(null);
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useSocioSave(mutationId);

  // A refused save (live, or reopened from the sync center) shows the server's messages, once.
  const { setServerErrors } = server;
  useShowRefusal(row, outcome === 'rejected', (body) => {
    setServerErrors(body);
    setEditing(true);
  });

  // Accepted, or saved to be sent later: the modal's work is done, the screen says how it went.
  const { onSaved } = props;
  useReportSettled(row, outcome, (done, settled) =>
    onSaved(
      settled === 'sent'
        ? {
            outcome: 'sent',
            kind: done.kind === 'socio.create' ? 'create' : 'update',
            id: done.serverId ?? '',
          }
        : { outcome: 'queued' },
    ),
  );

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
  const sending = outcome === 'sending';

  async function save(values: MemberValues) {
    const display = displayOf(references.comunidades.find((c) => c.id === values.comunidad));
    try {
      let sent: { mutationId: string };
      if (fixing) {
        const old = fixing.payload as SocioCreatePayload | SocioUpdatePayload;
        sent = await resubmit(fixing.id, { ...old, member: values, display });
      } else if (key === null) {
        const payload: SocioCreatePayload = { member: values, display };
        sent = await enqueue('socio.create', payload);
      } else {
        const payload: SocioUpdatePayload = { clave: key, member: values, display, before: record };
        sent = await enqueue('socio.update', payload, { recordId: socioRecordId(key) });
      }
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: key === null });
    }
  }

  const title =
    key === null || (record && isLocalOnly(record))
      ? t('socios.form.titleNew', { id: t(NEW_MEMBER_KEY_LABEL) })
      : t('socios.form.title', { id: key });
  const numericKey = typeof key === 'number' ? key : null;

  // The pressed "Editar" leaves the footer: focus goes to the first field, inside the dialog.
  const focusFirst = useRef(false);
  const { setFocus } = form;
  useEffect(() => {
    if (editing && focusFirst.current) {
      focusFirst.current = false;
      setFocus('nombres');
    }
  }, [editing, setFocus]);

  function startEditing() {
    focusFirst.current = true;
    setEditing(true);
  }

  function cancelEdit() {
    if (isNew) {
      props.onClose();
      return;
    }
    form.reset(initialValues(record, null));
    server.clearAll();
    setEditing(false);
  }

  const footer = (
    <EditFooter
      editing={editing}
      canEdit={canEdit}
      sending={sending}
      formId="socio-form"
      texts={{
        cancel: t('socios.form.cancel'),
        save: t('socios.form.save'),
        edit: t('socios.form.edit'),
        close: t('socios.form.close'),
      }}
      testIds={{ save: 'socio-save', edit: 'socio-edit' }}
      onEdit={startEditing}
      onCancel={cancelEdit}
      onClose={props.onClose}
    >
      {props.canEvaluate && numericKey !== null ? (
        <Button
          key="evaluate"
          variant="secondary"
          onClick={() => props.onEvaluate(numericKey, process)}
          data-testid="socio-evaluate"
        >
          {t('socios.form.evaluate')}
        </Button>
      ) : null}
    </EditFooter>
  );

  return (
    <Modal
      open
      size="lg"
      title={title}
      onClose={props.onClose}
      dismissible={!sending}
      footer={footer}
    >
      <Form
        id="socio-form"
        form={form}
        onSubmit={save}
        serverErrors={server}
        className="form socio-form"
      >
        <p className="socio-key-line">
          <span className="field-label">{t('socios.fields.clave_socio')}</span>{' '}
          <output data-testid="socio-key">{numericKey ?? t(NEW_MEMBER_KEY_LABEL)}</output>
          {record?.nombre_productor ? (
            <span className="socio-productor">{record.nombre_productor}</span>
          ) : null}
        </p>
        <FormSaveLines
          rejected={outcome === 'rejected'}
          sending={sending}
          rejectedText={t('socios.rejected')}
          sendingText={t('socios.sending')}
          testId="socio-status"
        />
        <FormBanner />
        <SocioFormFields
          references={references}
          readOnly={!editing || sending}
          process={process}
          onProcess={setProcess}
        />
      </Form>
    </Modal>
  );
}

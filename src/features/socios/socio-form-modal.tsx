/**
 * The member form modal. A new member opens editable with the defaults of
 * `#domain/codes`; an existing one is read-only until "Editar" (privileged roles). The save asks
 * for confirmation and goes through the outbox ('socio.create' / 'socio.update',
 * #ui/use-outbox-form.ts); the modal waits a few seconds for the server: accepted → the screen
 * shows 'Socio N creado/editado correctamente'; no answer or offline → the screen says it is
 * saved and will be sent; refused → the server's messages appear under their fields and the
 * next save corrects that item.
 */
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { missingMemberFields } from '#domain/member-shapes';
import { NEW_MEMBER_KEY_LABEL, type Process } from '#domain/codes';
import { memberSchema, type MemberInput, type MemberValues } from '#domain/forms/member';
import { displayOf } from '#commands/socios';
import type { ReferenceLists } from '#db/reads/places';
import type { RecordKey, SocioRow } from '#db/replica-rows';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { Modal } from '#ui/modal.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { SocioFormFields } from './socio-form-fields.tsx';
import { SocioFormFooter, useEditing } from './socio-form-footer.tsx';
import { MemberVisitMarks } from './member-visit-marks.tsx';
import { isNumbered, memberInputOf, newMemberInput } from './socio-record.ts';
import { memberKeyOf, SOCIO_FORM, type SocioWriteRow } from './socio-writes.ts';

/** How a save ended, for the screen's alert. */
export type SocioSaveResult =
  { outcome: 'sent'; kind: 'create' | 'update'; id: string | number } | { outcome: 'queued' };

export interface SocioFormModalProps {
  /** null: a new member. */
  record: SocioRow | null;
  references: ReferenceLists;
  /** May create and edit members (CO, GE). */
  canEdit: boolean;
  /** May open the member evaluation (CO, GE). */
  canEvaluate: boolean;
  /** A refused item reopened to be corrected (`/socios?corregir=<id>`). */
  fixRow?: SocioWriteRow | null;
  onClose: () => void;
  onSaved: (result: SocioSaveResult) => void;
  onEvaluate: (clave: number, process: Process | null) => void;
}

function initialValues(record: SocioRow | null, fixRow: SocioWriteRow | null): MemberInput {
  if (fixRow) {
    const { member, display } = fixRow.payload;
    return memberInputOf({
      ...(record ?? {}),
      ...member,
      ...display,
      clave_socio: memberKeyOf(fixRow),
      region: display.region ?? member.region ?? 1,
      apellido_materno: member.apellido_materno ?? '',
      rfc: record?.rfc ?? null,
      full_name: '',
    });
  }
  return record ? memberInputOf(record) : newMemberInput();
}

/** The member's key: the one a refused edit is about, else the record's; null for a new one. */
function keyOf(record: SocioRow | null, fixRow: SocioWriteRow | null): RecordKey | null {
  if (fixRow) return fixRow.kind === 'socio.update' ? fixRow.payload.clave : null;
  return record ? record.clave_socio : null;
}

function resultOf(row: SocioWriteRow, settled: 'sent' | 'queued'): SocioSaveResult {
  if (settled === 'queued') return { outcome: 'queued' };
  const kind = row.kind === 'socio.create' ? 'create' : 'update';
  return { outcome: 'sent', kind, id: row.serverId ?? '' };
}

export function SocioFormModal(props: SocioFormModalProps) {
  const { record, references, canEdit, fixRow = null, onSaved } = props;
  const { t } = useTranslation();
  const server = useServerErrors();
  // A joining date kept as the record has it (an imported one, before 1990) is not re-checked.
  const schema = useMemo(
    () =>
      memberSchema({
        stored: record
          ? {
              fecha_ingr_yomol_atel: record.fecha_ingr_yomol_atel,
              fecha_ingr_programa: record.fecha_ingr_programa,
            }
          : null,
      }),
    [record],
  );
  const form = useForm<MemberInput, unknown, MemberValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(record, fixRow),
    mode: 'onTouched',
  });
  const key = keyOf(record, fixRow);
  const isNew = key === null && (fixRow === null || fixRow.kind === 'socio.create');
  const edit = useEditing(form, isNew || fixRow !== null);
  const [process, setProcess] = useState<Process | null>(null);
  const { setServerErrors } = server;
  const { setEditing } = edit;

  const { outcome, sending, save } = useOutboxForm(SOCIO_FORM, {
    fixRow,
    // A refused save (live, or reopened from the sync center) shows the server's messages.
    onRefused: (body) => {
      setServerErrors(body);
      setEditing(true);
    },
    // Accepted, or saved to be sent later: the modal's work is done, the screen says how.
    onSettled: (row, settled) => onSaved(resultOf(row, settled)),
    errors: { isCreate: key === null },
  });

  function submit(values: MemberValues) {
    const community = references.comunidades.find((c) => c.id === values.comunidad);
    return save({ member: values, display: displayOf(community), clave: key, before: record });
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

  const title =
    key === null || (record && !isNumbered(record))
      ? t('socios.form.titleNew', { id: t(NEW_MEMBER_KEY_LABEL) })
      : t('socios.form.title', { id: key });
  const numericKey = typeof key === 'number' ? key : null;
  // A member imported incomplete: the form requires these before it saves.
  const lacking = record ? missingMemberFields(record) : [];
  const footer = (
    <SocioFormFooter
      editing={edit.editing}
      canEdit={canEdit}
      sending={sending}
      onEdit={edit.start}
      onCancel={cancelEdit}
      onClose={props.onClose}
      onEvaluate={
        props.canEvaluate && numericKey !== null
          ? () => props.onEvaluate(numericKey, process)
          : null
      }
    />
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
        onSubmit={submit}
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
        {lacking.length > 0 ? (
          <p className="socio-incomplete-note" role="note" data-testid="socio-incomplete-note">
            {t('socios.incomplete.note', {
              campos: lacking.map((field) => t(`socios.fields.${field}`)).join(', '),
            })}
          </p>
        ) : null}
        <FormBanner />
        <SocioFormFields
          references={references}
          readOnly={!edit.editing || sending}
          process={process}
          onProcess={setProcess}
        />
      </Form>
      {numericKey !== null && record && isNumbered(record) ? (
        <MemberVisitMarks clave={numericKey} />
      ) : null}
    </Modal>
  );
}

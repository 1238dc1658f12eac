/**
 * Create / edit a community (spec part 1 §3, §5, §7): nombre_de_comunidad and region required
 * (new ones start in region 1), hermitage optional; confirmation before sending. The save is a
 * queued command: the modal waits a moment for the server, then closes (sent, or saved on the
 * phone to be sent later — the screen says which); a refusal keeps it open with each server
 * message under its field, and sending again corrects that same queued item.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { NEW_COMMUNITY_DEFAULTS } from '#domain/codes';
import type { Hermitage, Region } from '#domain/entities';
import {
  communitySchema,
  type CommunityInput,
  type CommunityValues,
} from '#domain/forms/community';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner, SelectField, TextField, type SelectOption } from '#ui/form-field.tsx';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { showError } from '#ui/error-store.ts';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import { communityRecordId, type ComunidadUpdatePayload } from '#commands/comunidades';
import type { CommunityRow } from '#db/replica-rows';
import { useCommunitySave } from './use-community-save.ts';

export interface CommunityFormModalProps {
  /** The community being edited; null for a new one. */
  community: CommunityRow | null;
  /** A refused save being corrected (opened from the sync center or after a refusal). */
  fixRow: OutboxRow | null;
  regions: readonly Pick<Region, 'id' | 'nombre_de_region'>[];
  hermitages: readonly Pick<Hermitage, 'ermita_id' | 'nombre'>[];
  onClose: () => void;
  /** The save left the form: sent, or queued to be sent (the screen reports which). */
  onSaved: (mutationId: string) => void;
}

function initialValues(community: CommunityRow | null, fixRow: OutboxRow | null): CommunityInput {
  if (fixRow?.kind === 'comunidad.create') return fixRow.payload as CommunityValues;
  if (fixRow?.kind === 'comunidad.update') return (fixRow.payload as ComunidadUpdatePayload).values;
  if (!community) return { ...NEW_COMMUNITY_DEFAULTS };
  return {
    nombre_de_comunidad: community.nombre_de_comunidad,
    region: community.region,
    ermita: community.ermita,
  };
}

export function CommunityFormModal(props: CommunityFormModalProps) {
  const { community, fixRow, regions, hermitages, onClose, onSaved } = props;
  const { t } = useTranslation();
  const formId = useId();
  const server = useServerErrors();
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = useCommunitySave(mutationId);
  const form = useForm<CommunityInput, unknown, CommunityValues>({
    resolver: zodResolver(communitySchema),
    defaultValues: initialValues(community, fixRow),
    mode: 'onTouched',
  });

  const regionOptions = useMemo<SelectOption[]>(
    () => regions.map((r) => ({ value: r.id, label: r.nombre_de_region })),
    [regions],
  );
  const hermitageOptions = useMemo<SelectOption[]>(
    () => hermitages.map((h) => ({ value: h.ermita_id, label: h.nombre })),
    [hermitages],
  );

  // A refused save shows the server's messages, once per queued item.
  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  // Sent, or saved to be sent later: the form's work is done.
  useEffect(() => {
    if (mutationId && (outcome === 'sent' || outcome === 'queued')) onSaved(mutationId);
  }, [mutationId, outcome, onSaved]);

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;

  async function save(values: CommunityValues) {
    try {
      let sent: { mutationId: string };
      if (fixing) {
        const payload =
          fixing.kind === 'comunidad.update'
            ? { ...(fixing.payload as ComunidadUpdatePayload), values }
            : values;
        sent = await resubmit(fixing.id, payload);
      } else if (community) {
        const payload: ComunidadUpdatePayload = { id: community.id, values, before: community };
        sent = await enqueue('comunidad.update', payload, {
          recordId: communityRecordId(community.id),
        });
      } else {
        sent = await enqueue('comunidad.create', values);
      }
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: !community });
    }
  }

  const isNew = community === null && fixRow?.kind !== 'comunidad.update';
  const sending = outcome === 'sending';
  const title = isNew
    ? t('tsumbalil.form.newTitle')
    : t('tsumbalil.form.editTitle', { id: String(community?.id ?? '') });

  return (
    <Modal
      open
      title={title}
      onClose={onClose}
      dismissible={!sending}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            {t('tsumbalil.form.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="primary"
            busy={sending}
            data-testid="community-save"
          >
            {t('tsumbalil.form.save')}
          </Button>
        </>
      }
    >
      <Form
        id={formId}
        form={form}
        onSubmit={save}
        serverErrors={server}
        className="form community-form"
      >
        <FormBanner />
        {community && typeof community.id === 'number' ? (
          <p className="form-hint">{t('tsumbalil.form.idLine', { id: String(community.id) })}</p>
        ) : null}
        <TextField
          name="nombre_de_comunidad"
          label={t('tsumbalil.fields.nombre_de_comunidad')}
          required
        />
        <SelectField
          name="region"
          label={t('tsumbalil.fields.region')}
          options={regionOptions}
          required
        />
        <SelectField
          name="ermita"
          label={t('tsumbalil.fields.ermita')}
          options={hermitageOptions}
          placeholder={t('tsumbalil.form.noHermitage')}
        />
        {sending ? (
          <p className="form-status" role="status" data-testid="community-status">
            <Spinner inline /> {t('tsumbalil.save.sending')}
          </p>
        ) : null}
        {outcome === 'rejected' ? (
          <p className="form-status is-rejected" role="alert" data-testid="community-status">
            {t('tsumbalil.save.rejected')}
          </p>
        ) : null}
      </Form>
    </Modal>
  );
}

/**
 * Create / edit a community: nombre_de_comunidad and region required
 * (new ones start in region 1), hermitage optional; confirmation before sending. The save is a
 * queued command (#ui/use-outbox-form.ts): the modal waits a moment for the server, then closes
 * (sent, or saved on the phone to be sent later — the screen says which); a refusal keeps it
 * open with each server message under its field, and sending again corrects that same item.
 */
import { useId, useMemo } from 'react';
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
import type { CommunityRow } from '#db/replica-rows';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner, SelectField, TextField, type SelectOption } from '#ui/form-field.tsx';
import { Modal } from '#ui/modal.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import type { CaptureOutcome } from '#ui/use-capture-hold.ts';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { COMMUNITY_FORM, type CommunityWriteRow } from './community-writes.ts';

export interface CommunityFormModalProps {
  /** The community being edited; null for a new one. */
  community: CommunityRow | null;
  /** A refused save being corrected (opened from the sync center or after a refusal). */
  fixRow: CommunityWriteRow | null;
  regions: readonly Pick<Region, 'id' | 'nombre_de_region'>[];
  hermitages: readonly HermitageChoice[];
  onClose: () => void;
  /** The save left the form: sent, or queued to be sent (the screen reports which). */
  onSaved: (mutationId: string) => void;
}

function initialValues(
  community: CommunityRow | null,
  fixRow: CommunityWriteRow | null,
): CommunityInput {
  if (fixRow?.kind === 'comunidad.create') return fixRow.payload;
  if (fixRow?.kind === 'comunidad.update') return fixRow.payload.values;
  if (!community) return { ...NEW_COMMUNITY_DEFAULTS };
  return {
    nombre_de_comunidad: community.nombre_de_comunidad,
    region: community.region,
    ermita: community.ermita,
  };
}

function SaveStatus({ outcome }: { outcome: CaptureOutcome }) {
  const { t } = useTranslation();
  if (outcome === 'sending')
    return (
      <p className="form-status" role="status" data-testid="community-status">
        <Spinner inline /> {t('tsumbalil.save.sending')}
      </p>
    );
  if (outcome === 'rejected')
    return (
      <p className="form-status is-rejected" role="alert" data-testid="community-status">
        {t('tsumbalil.save.rejected')}
      </p>
    );
  return null;
}

type HermitageChoice = Pick<Hermitage, 'ermita_id' | 'nombre' | 'zona' | 'municipio'>;

/** Its name; with its zone and municipality when another hermitage has the same name. */
function hermitageLabel(h: HermitageChoice, all: readonly HermitageChoice[]): string {
  const namesake = all.some((o) => o.ermita_id !== h.ermita_id && o.nombre === h.nombre);
  if (!namesake) return h.nombre;
  const where = [h.zona, h.municipio].filter((part) => part.trim() !== '').join(', ');
  return where === '' ? `${h.nombre} (${h.ermita_id})` : `${h.nombre} — ${where}`;
}

function CommunityFields(props: Pick<CommunityFormModalProps, 'regions' | 'hermitages'>) {
  const { regions, hermitages } = props;
  const { t } = useTranslation();
  const regionOptions = useMemo<SelectOption[]>(
    () => regions.map((r) => ({ value: r.id, label: r.nombre_de_region })),
    [regions],
  );
  const hermitageOptions = useMemo<SelectOption[]>(
    () => hermitages.map((h) => ({ value: h.ermita_id, label: hermitageLabel(h, hermitages) })),
    [hermitages],
  );
  return (
    <>
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
    </>
  );
}

export function CommunityFormModal(props: CommunityFormModalProps) {
  const { community, fixRow, onClose, onSaved } = props;
  const { t } = useTranslation();
  const formId = useId();
  const server = useServerErrors();
  const form = useForm<CommunityInput, unknown, CommunityValues>({
    resolver: zodResolver(communitySchema),
    defaultValues: initialValues(community, fixRow),
    mode: 'onTouched',
  });
  const { outcome, sending, save } = useOutboxForm(COMMUNITY_FORM, {
    fixRow,
    onRefused: server.setServerErrors,
    // Sent, or saved to be sent later: the form's work is done.
    onSettled: (row) => onSaved(row.id),
    errors: { isCreate: !community },
  });

  const isNew = community === null && fixRow?.kind !== 'comunidad.update';
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
        onSubmit={(values) => save({ values, community })}
        serverErrors={server}
        className="form community-form"
      >
        <FormBanner />
        {community && typeof community.id === 'number' ? (
          <p className="form-hint">{t('tsumbalil.form.idLine', { id: String(community.id) })}</p>
        ) : null}
        <CommunityFields regions={props.regions} hermitages={props.hermitages} />
        <SaveStatus outcome={outcome} />
      </Form>
    </Modal>
  );
}

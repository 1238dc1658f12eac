/** The profile form itself; see perfil-screen.tsx for what a save does. */
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { Me } from '#domain/entities';
import { codeLabelKey } from '#domain/codes';
import {
  PROFILE_FIELDS,
  profileSchema,
  type ProfileInput,
  type ProfileValues,
} from '#domain/forms/profile';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { enqueue, resubmit } from '#sync/commands';
import { Form } from '#ui/form.tsx';
import { FormBanner, TextField } from '#ui/form-field.tsx';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { showError } from '#ui/error-store.ts';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useShowRefusal } from '#ui/use-write-events.ts';
import { profileRecordId, type ProfileUpdatePayload } from '#commands/perfil';
import { buildProfilePayload } from './profile-payload.ts';
import type { SaveOutcome } from '#sync/save-outcome';
import { useProfileSave } from './use-profile-save.ts';

function valuesOf(user: Me): ProfileInput {
  return { first_name: user.first_name, last_name: user.last_name, phone: user.phone };
}

function isProfileRow(row: OutboxRow | null): row is OutboxRow {
  return row !== null && row.kind === 'profile.update';
}

function SaveMessage({ outcome }: { outcome: SaveOutcome }) {
  const { t } = useTranslation();
  if (outcome === 'sending')
    return (
      <p className="form-status" role="status" data-testid="profile-status" data-outcome={outcome}>
        <Spinner inline /> {t('perfil.sending')}
      </p>
    );
  if (outcome === null) return null;
  const key = { queued: 'perfil.queued', sent: 'perfil.sent', rejected: 'perfil.rejected' }[
    outcome
  ];
  return (
    <p
      className={`form-status is-${outcome}`}
      role={outcome === 'rejected' ? 'alert' : 'status'}
      data-testid="profile-status"
      data-outcome={outcome}
    >
      {t(key)}
    </p>
  );
}

export function ProfileForm({ user, fixRow }: { user: Me; fixRow: OutboxRow | null }) {
  const { t } = useTranslation();
  const server = useServerErrors();
  const [mutationId, setMutationId] = useState<string | null>(
    isProfileRow(fixRow) ? fixRow.id : null,
  );
  const [nothingChanged, setNothingChanged] = useState(false);
  const { row, outcome } = useProfileSave(mutationId);
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });
  // What the form started from (or last saved): a field counts as changed against it.
  const baseline = useRef<ProfileInput>(valuesOf(user));

  // A rejected edit (live or reopened) shows the server's field errors, once per edit.
  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  // Only a rejected / conflict / stuck edit is corrected in place; anything else is a new edit.
  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;

  async function save(values: ProfileValues) {
    setNothingChanged(false);
    const carried = fixing ? (fixing.payload as ProfileUpdatePayload) : null;
    const changed = Object.fromEntries(
      PROFILE_FIELDS.map((field) => [field, values[field] !== baseline.current[field]]),
    );
    const payload = buildProfilePayload(values, changed, user, carried);
    if (!payload) {
      setNothingChanged(true);
      return;
    }
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue('profile.update', payload, { recordId: profileRecordId(user.id) });
      setMutationId(sent.mutationId);
      baseline.current = values;
      form.reset(values);
    } catch (error) {
      showError(error);
    }
  }

  return (
    <Form form={form} onSubmit={save} serverErrors={server} className="form profile-form">
      <p className="profile-identity">
        <span>{t('perfil.username', { username: user.username })}</span>{' '}
        <span>{t('perfil.role', { role: t(codeLabelKey('roles', user.role)) })}</span>
      </p>
      <FormBanner />
      <TextField
        name="first_name"
        label={t('perfil.firstName')}
        autoComplete="given-name"
        required
      />
      <TextField
        name="last_name"
        label={t('perfil.lastName')}
        autoComplete="family-name"
        required
      />
      <TextField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('perfil.phone')}
        hint={t('perfil.phoneHint')}
        autoComplete="tel"
      />
      <SaveMessage outcome={outcome} />
      {nothingChanged ? (
        <p className="form-status" role="status">
          {t('perfil.nothingChanged')}
        </p>
      ) : null}
      <Button type="submit" variant="primary" data-testid="profile-save">
        {t('perfil.save')}
      </Button>
    </Form>
  );
}

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
import type { SaveOutcome } from '#sync/save-outcome';
import { Form } from '#ui/form.tsx';
import { FormBanner, TextField } from '#ui/form-field.tsx';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { profileRecordId, type ProfileUpdatePayload } from '#commands/perfil';
import { buildProfilePayload } from './profile-payload.ts';
import { PROFILE_FORM, type ProfileFixRow } from './profile-writes.ts';

function valuesOf(user: Me): ProfileInput {
  return { first_name: user.first_name, last_name: user.last_name, phone: user.phone };
}

/** The form stays open after a save: its status line says how it went. */
function stayOnPage() {
  return undefined;
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

export function ProfileForm({ user, fixRow }: { user: Me; fixRow: ProfileFixRow | null }) {
  const { t } = useTranslation();
  const server = useServerErrors();
  const [nothingChanged, setNothingChanged] = useState(false);
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(profileSchema),
    defaultValues: valuesOf(user),
    mode: 'onTouched',
  });
  // What the form started from (or last saved): a field counts as changed against it.
  const baseline = useRef<ProfileInput>(valuesOf(user));
  const { reset } = form;

  // Held until sent: a rejected edit (live, reopened, or refused after waiting offline) shows
  // the server's field errors, and the next save is its correction.
  const { outcome, fixing, save } = useOutboxForm(PROFILE_FORM, {
    fixRow,
    onRefused: server.setServerErrors,
    onSettled: stayOnPage,
    // Queued: the saved values are the new starting point (the patch holds every changed one).
    onQueued: (payload: ProfileUpdatePayload) => {
      baseline.current = { ...baseline.current, ...payload.patch };
      reset(baseline.current);
    },
    recordId: profileRecordId(user.id),
    holdUntilSent: true,
  });

  async function submit(values: ProfileValues) {
    setNothingChanged(false);
    const changed = Object.fromEntries(
      PROFILE_FIELDS.map((field) => [field, values[field] !== baseline.current[field]]),
    );
    const payload = buildProfilePayload(values, changed, user, fixing?.payload ?? null);
    if (!payload) {
      setNothingChanged(true);
      return;
    }
    await save(payload);
  }

  return (
    <Form form={form} onSubmit={submit} serverErrors={server} className="form profile-form">
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

/**
 * Profile (/perfil): first name, last name, phone. A save goes through the
 * outbox as 'profile.update' (only the changed fields), so it works without signal: the form
 * says "saved, will be sent" offline and "Perfil actualizado" once the server answers. A
 * rejected edit — live, or opened from the sync center (`?corregir=<mutation id>`) — shows
 * each server error under its field and is sent again as a correction of that edit.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import type { Me } from '#domain/entities';
import { sessionStore } from '#api/session-store';
import { Spinner } from '#ui/spinner.tsx';
import { readCurrentUser } from '#commands/current-user';
import { fixableRow, outboxRowOf } from '#commands/outbox';
import { ProfileForm } from './profile-form.tsx';
import type { ProfileFixRow } from './profile-writes.ts';

export interface PerfilScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** The current user from the replica; the session's copy until the replica has one. */
function useCurrentUser(): Me | null {
  const sessionUser = useStore(sessionStore, (s) => s.user);
  const stored = useLiveQuery(() => readCurrentUser().catch(() => null), []);
  return stored ?? sessionUser;
}

/** `{ row }` once read (null when it is not a profile edit to correct); undefined while reading. */
function useFixRow(mutationId: string | null): { row: ProfileFixRow | null } | undefined {
  return useLiveQuery(
    async () => ({
      row: mutationId
        ? fixableRow(await outboxRowOf('profile.update', mutationId), 'profile.update')
        : null,
    }),
    [mutationId],
  );
}

export function PerfilScreen({ titleKey }: PerfilScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const fixId = params.get('corregir');
  const user = useCurrentUser();
  const fix = useFixRow(fixId);
  const ready = user !== null && fix !== undefined;
  return (
    <section className="screen perfil-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {ready ? (
        // Keyed by the row being fixed: opening another rejected edit starts a fresh form.
        <ProfileForm key={fixId ?? 'new'} user={user} fixRow={fix.row} />
      ) : (
        <Spinner />
      )}
    </section>
  );
}

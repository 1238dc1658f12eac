/**
 * The office view of field queues (CO, GE, VI): per user in the field, last contact, what was
 * received today and this week by kind, the latest items with capture and receive times, and
 * the rejections with their reason. Live from the server, so online only — offline it says so.
 */
import { Link } from 'react-router-dom';
import { kindLabelKey } from '#domain/field-inbox';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  FieldActivityAnswer,
  FieldActivityItem,
  FieldActivityUser,
} from '#domain/sync-protocol';
import { codeLabelKey } from '#domain/codes';
import { isRole } from '#domain/roles';
import { formatDateTime } from '#domain/format';
import { fetchFieldActivity } from '#api/field-activity';
import { isNetworkError } from '#api/errors';
import { DataTable } from '#ui/data-table.tsx';
import { createColumns } from '#ui/data-table-features.ts';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; answer: FieldActivityAnswer }
  | { state: 'failed'; offline: boolean };

function useKindLabel(): (kind: string) => string {
  const { t } = useTranslation();
  // A kind this version does not know reads "Registro (…)", never the bare command name.
  return useCallback(
    (kind: string) =>
      t(kindLabelKey(kind), { defaultValue: t('syncCenter.unknownKind', { kind }) }),
    [t],
  );
}

function countsText(counts: Record<string, number>, kindLabel: (kind: string) => string): string {
  const entries = Object.entries(counts).filter(([, n]) => n > 0);
  return entries.length === 0
    ? '0'
    : entries.map(([kind, n]) => `${kindLabel(kind)}: ${n}`).join(', ');
}

function ItemList({ items, titleKey }: { items: FieldActivityItem[]; titleKey: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const kindLabel = useKindLabel();
  if (items.length === 0) return null;
  return (
    <>
      <h4 className="field-activity-subtitle">{t(titleKey)}</h4>
      <ul className="field-activity-items">
        {items.map((item, index) => (
          <li key={`${item.received_at}-${index}`}>
            <strong>{kindLabel(item.kind)}</strong>
            {item.record_ref ? ` ${item.record_ref}` : null} ·{' '}
            {t('syncCenter.office.captured', {
              when: item.captured_at ? formatDateTime(item.captured_at, lang) : '—',
            })}{' '}
            · {t('syncCenter.office.received', { when: formatDateTime(item.received_at, lang) })}
            {item.reason ? <span className="field-activity-reason"> · {item.reason}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A user's recent and refused items, listed once opened: a promoter's queue can hold thousands
 * of refusals, and rendering them all inside closed details held the screen back.
 */
function UserDetails({ user }: { user: FieldActivityUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (user.recent.length === 0 && user.rejected.length === 0) return null;
  return (
    <details
      className="field-activity-user"
      data-testid="field-activity-user"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary>
        {user.name || user.username}{' '}
        {user.rejected.length > 0
          ? t('syncCenter.office.rejectedCount', { count: user.rejected.length })
          : null}
      </summary>
      {open ? (
        <>
          <ItemList items={user.rejected} titleKey="syncCenter.office.rejected" />
          <ItemList items={user.recent} titleKey="syncCenter.office.recent" />
        </>
      ) : null}
    </details>
  );
}

const col = createColumns<FieldActivityUser>();

export function FieldActivityView() {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const kindLabel = useKindLabel();
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  // State changes only when the answer arrives (the effect below must not set state itself).
  const fetchNow = useCallback(() => {
    fetchFieldActivity()
      .then((answer) => setLoad({ state: 'ready', answer }))
      .catch((error: unknown) => setLoad({ state: 'failed', offline: isNetworkError(error) }));
  }, []);

  const refresh = () => {
    setLoad({ state: 'loading' });
    fetchNow();
  };

  useEffect(() => {
    if (online) fetchNow();
  }, [online, fetchNow]);

  const columns = useMemo(
    () =>
      col.columns([
        col.accessor((u) => u.name || u.username, {
          id: 'name',
          header: t('syncCenter.office.user'),
        }),
        col.accessor((u) => (isRole(u.role) ? t(codeLabelKey('roles', u.role)) : u.role), {
          id: 'role',
          header: t('syncCenter.office.role'),
        }),
        col.accessor((u) => u.region ?? '', {
          id: 'region',
          header: t('syncCenter.office.region'),
        }),
        col.accessor(
          (u) =>
            u.last_contact ? formatDateTime(u.last_contact, lang) : t('syncCenter.office.never'),
          {
            id: 'last_contact',
            header: t('syncCenter.office.lastContact'),
          },
        ),
        col.accessor((u) => countsText(u.today, kindLabel), {
          id: 'today',
          header: t('syncCenter.office.today'),
        }),
        col.accessor((u) => countsText(u.week, kindLabel), {
          id: 'week',
          header: t('syncCenter.office.week'),
        }),
      ]),
    [t, lang, kindLabel],
  );

  let body;
  if (!online) body = <p className="sync-section-empty">{t('syncCenter.office.offline')}</p>;
  else if (load.state === 'loading') body = <Spinner />;
  else if (load.state === 'failed')
    body = (
      <p className="sync-section-empty" role="alert">
        {load.offline ? t('syncCenter.office.offline') : t('syncCenter.office.failed')}
      </p>
    );
  else
    body = (
      <>
        <DataTable
          id="field-activity"
          data={load.answer.users}
          columns={columns}
          getRowId={(u) => String(u.user_id)}
          caption={t('syncCenter.office.title')}
          emptyText={t('syncCenter.office.empty')}
          hideSearch={load.answer.users.length < 10}
        />
        {load.answer.users.map((user) => (
          <UserDetails key={user.user_id} user={user} />
        ))}
      </>
    );

  return (
    <section
      className="sync-section field-activity"
      data-testid="field-activity"
      aria-labelledby="field-activity-title"
    >
      <div className="sync-section-head">
        <h2 id="field-activity-title" className="sync-section-title">
          {t('syncCenter.office.title')}
        </h2>
        <Link to="/bandeja" className="field-activity-inbox" data-testid="field-inbox-link">
          {t('syncCenter.office.inboxLink')}
        </Link>
        <Button variant="ghost" onClick={refresh} disabled={!online || load.state === 'loading'}>
          {t('syncCenter.office.refresh')}
        </Button>
      </div>
      {body}
    </section>
  );
}

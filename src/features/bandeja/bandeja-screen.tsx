/**
 * The office's inbox of field work (/bandeja, CO, GE, VI — read-only for VI). Its own
 * screen rather than a section of /sincronizacion: the sync center is each user's own queue,
 * while this is an office report with filters, server paging and marks. Live from the server
 * (`/api/bandeja/…`): the first page of 50, newest first, then "load more" by keyset; asked
 * again after each sync of this browser, so marks made by another office user show up then.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveQuery } from 'dexie-react-hooks';
import { useStore } from 'zustand';
import { fetchFieldPhones, fetchInboxPage, fetchInboxXlsx, markInboxReviewed } from '#api/bandeja';
import { inboxCountStore, refreshUnreviewedCount } from '#api/inbox-count';
import { isNetworkError } from '#api/errors';
import { sessionStore } from '#api/session-store';
import { allRegions } from '#db/reads/places';
import {
  FIELD_KINDS,
  INBOX_STATES,
  kindLabelKey,
  type FieldPhonesAnswer,
  type InboxFilter,
  type InboxRow,
} from '#domain/field-inbox';
import { can } from '#domain/permissions';
import { syncStatus } from '#sync/status-store';
import { Button } from '#ui/button.tsx';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { saveBlob } from '#ui/save-blob.ts';
import { Spinner } from '#ui/spinner.tsx';
import { useOnline } from '#ui/use-online.ts';
import { FieldPhones } from './field-phones.tsx';
import { InboxTable } from './inbox-table.tsx';
import './bandeja.css';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; rows: InboxRow[]; next: string | null }
  | { state: 'failed'; offline: boolean };

const EMPTY: InboxFilter = {};

function FilterSelect({
  label,
  value,
  options,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className="inbox-filter">
      <span>{label}</span>
      <select
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      >
        <option value="">{t('bandeja.filters.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({
  filter,
  phones,
  onChange,
}: {
  filter: InboxFilter;
  phones: FieldPhonesAnswer | null;
  onChange: (filter: InboxFilter) => void;
}) {
  const { t } = useTranslation();
  const regions = useLiveQuery(async () => allRegions(), []) ?? [];
  const set = (patch: Partial<Record<keyof InboxFilter, string>>) => {
    const next: Record<string, string | number> = {};
    for (const [key, value] of Object.entries({ ...filter, ...patch })) {
      if (value === '' || value === null || value === undefined) continue;
      next[key] = key === 'promotor' || key === 'region' ? Number(value) : value;
    }
    onChange(next);
  };
  return (
    <fieldset className="inbox-filters" data-testid="inbox-filters">
      <legend className="sr-only">{t('bandeja.filters.title')}</legend>
      <FilterSelect
        label={t('bandeja.filters.promoter')}
        testId="inbox-filter-promotor"
        value={filter.promotor == null ? '' : String(filter.promotor)}
        options={(phones?.telefonos ?? []).map((p) => ({
          value: String(p.user_id),
          label: p.promotor,
        }))}
        onChange={(promotor) => set({ promotor })}
      />
      <FilterSelect
        label={t('bandeja.filters.region')}
        testId="inbox-filter-region"
        value={filter.region == null ? '' : String(filter.region)}
        options={regions.map((r) => ({ value: String(r.id), label: r.nombre_de_region }))}
        onChange={(region) => set({ region })}
      />
      <FilterSelect
        label={t('bandeja.filters.kind')}
        testId="inbox-filter-tipo"
        value={filter.tipo ?? ''}
        options={FIELD_KINDS.map((k) => ({ value: k, label: t(kindLabelKey(k)) }))}
        onChange={(tipo) => set({ tipo })}
      />
      <FilterSelect
        label={t('bandeja.filters.state')}
        testId="inbox-filter-estado"
        value={filter.estado ?? ''}
        options={INBOX_STATES.map((s) => ({ value: s, label: t(`bandeja.state.${s}`) }))}
        onChange={(estado) => set({ estado })}
      />
      <label className="inbox-filter">
        <span>{t('bandeja.filters.from')}</span>
        <input
          type="date"
          className="input"
          value={filter.desde ?? ''}
          onChange={(e) => set({ desde: e.target.value })}
        />
      </label>
      <label className="inbox-filter">
        <span>{t('bandeja.filters.to')}</span>
        <input
          type="date"
          className="input"
          value={filter.hasta ?? ''}
          onChange={(e) => set({ hasta: e.target.value })}
        />
      </label>
      <Button variant="ghost" onClick={() => onChange(EMPTY)}>
        {t('bandeja.filters.clear')}
      </Button>
    </fieldset>
  );
}

function useInbox(filter: InboxFilter, online: boolean) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [phones, setPhones] = useState<FieldPhonesAnswer | null>(null);
  const asked = useRef(0);
  const reload = useCallback(() => {
    const ask = ++asked.current;
    // The rows first: the server answers one request at a time on its embedded database, and
    // the phones' summary and the count, asked beside them, made the list wait behind them.
    const page = fetchInboxPage(filter, null);
    const afterPage = () => {
      if (ask !== asked.current) return;
      void refreshUnreviewedCount();
      fetchFieldPhones()
        .then((answer) => ask === asked.current && setPhones(answer))
        .catch(() => undefined);
    };
    page
      .then((first) => {
        if (ask === asked.current)
          setLoad({ state: 'ready', rows: first.results, next: first.next });
      })
      .catch((error: unknown) => {
        if (ask === asked.current) setLoad({ state: 'failed', offline: isNetworkError(error) });
      })
      .finally(afterPage);
  }, [filter]);
  const loadMore = useCallback(() => {
    if (load.state !== 'ready' || load.next === null) return;
    const { rows, next } = load;
    fetchInboxPage(filter, next)
      .then((page) =>
        setLoad({ state: 'ready', rows: [...rows, ...page.results], next: page.next }),
      )
      .catch((error: unknown) => setLoad({ state: 'failed', offline: isNetworkError(error) }));
  }, [filter, load]);
  // The first page, again for each filter and after each sync of this browser.
  const lastSync = useStore(syncStatus, (s) => s.lastSyncAt);
  useEffect(() => {
    if (online) reload();
  }, [online, reload, lastSync]);
  return { load, phones, reload, loadMore };
}

export function BandejaScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const online = useOnline();
  const role = useStore(sessionStore, (s) => s.role);
  const canReview = can(role, 'bandeja', 'review');
  const unreviewed = useStore(inboxCountStore, (s) => s.unreviewed);
  const [filter, setFilter] = useState<InboxFilter>(EMPTY);
  const { load, phones, reload, loadMore } = useInbox(filter, online);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirmAll, setConfirmAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const rows = load.state === 'ready' ? load.rows : [];
  const toggle = (id: number) =>
    setSelected((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setSelected((now) =>
      rows.every((r) => now.has(r.id)) ? new Set() : new Set(rows.map((r) => r.id)),
    );

  async function mark(target: { ids: number[] } | { filtro: InboxFilter }) {
    setBusy(true);
    try {
      const count = await markInboxReviewed(target);
      setNotice(t('bandeja.marked', { count }));
      setSelected(new Set());
      reload();
    } catch (error) {
      setNotice(isNetworkError(error) ? t('bandeja.offline') : t('bandeja.failed'));
    } finally {
      setBusy(false);
      setConfirmAll(false);
    }
  }

  async function exportXlsx() {
    setBusy(true);
    try {
      saveBlob(await fetchInboxXlsx(filter), 'bandeja.xlsx');
    } catch (error) {
      setNotice(isNetworkError(error) ? t('bandeja.offline') : t('bandeja.failed'));
    } finally {
      setBusy(false);
    }
  }

  let body;
  if (!online) body = <p className="inbox-empty">{t('bandeja.offline')}</p>;
  else if (load.state === 'loading') body = <Spinner />;
  else if (load.state === 'failed')
    body = (
      <p className="inbox-empty" role="alert">
        {load.offline ? t('bandeja.offline') : t('bandeja.failed')}
      </p>
    );
  else if (load.rows.length === 0) body = <p className="inbox-empty">{t('bandeja.empty')}</p>;
  else
    body = (
      <>
        <div className="inbox-scroll">
          <InboxTable
            rows={load.rows}
            selection={canReview ? { selected, toggle, togglePage } : undefined}
          />
        </div>
        {load.next !== null ? (
          <Button variant="ghost" onClick={loadMore} data-testid="inbox-more">
            {t('bandeja.loadMore')}
          </Button>
        ) : null}
      </>
    );

  return (
    <section className="screen inbox-screen" data-testid="field-inbox">
      <div className="inbox-head">
        <h1 className="screen-title">{t(titleKey)}</h1>
        {unreviewed !== null ? (
          <span className="inbox-count" data-testid="inbox-unreviewed">
            {t('bandeja.unreviewed', { count: unreviewed })}
          </span>
        ) : null}
        <div className="inbox-actions">
          <Button variant="ghost" onClick={reload} disabled={!online}>
            {t('bandeja.refresh')}
          </Button>
          <Button variant="ghost" onClick={() => void exportXlsx()} disabled={!online || busy}>
            {t('bandeja.export')}
          </Button>
          {canReview ? (
            <>
              <Button
                variant="primary"
                onClick={() => void mark({ ids: [...selected] })}
                disabled={!online || busy || selected.size === 0}
                data-testid="inbox-mark-selected"
              >
                {t('bandeja.markSelected', { count: selected.size })}
              </Button>
              <Button
                variant="ghost"
                onClick={() => setConfirmAll(true)}
                disabled={!online || busy || rows.length === 0}
                data-testid="inbox-mark-filter"
              >
                {t('bandeja.markFilter')}
              </Button>
            </>
          ) : null}
        </div>
      </div>
      {notice ? (
        <p className="inbox-notice" role="status">
          {notice}
        </p>
      ) : null}
      <Filters filter={filter} phones={phones} onChange={setFilter} />
      {body}
      <FieldPhones answer={phones} />
      <ConfirmDialog
        open={confirmAll}
        title={t('bandeja.markFilter')}
        message={t('bandeja.markFilterQuestion')}
        confirmLabel={t('bandeja.markFilterConfirm')}
        busy={busy}
        onCancel={() => setConfirmAll(false)}
        onConfirm={() => void mark({ filtro: filter })}
      />
    </section>
  );
}

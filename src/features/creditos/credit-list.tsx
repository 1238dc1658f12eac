/**
 * The list of the credits screen and of the shared-funds screen: the
 * contracts of the replica with their figures today, opened on the running contracts that owe
 * (not started and cancelled ones each in a part of their own, see `listSectionOf`; every
 * contract for privileged roles and visitors, who read what they read), the Excel export, and
 * the contract detail on a row. A notice handed over by a contract screen (after an activation)
 * shows on top.
 */
import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { DataTable } from '#ui/data-table.tsx';
import { ExportXlsxButton } from '#ui/export-xlsx-button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import type { CreditRow, ListSection } from './contract-figures.ts';
import { ContractDetailModal } from './contract-detail-modal.tsx';
import { CREDIT_COLUMNS_HIDDEN_BY_DEFAULT, creditColumns } from './creditos-columns.tsx';
import { ExportContratosButton } from './export-contratos-button.tsx';
import { FONDOS_EXPORT, FONDOS_SHEET, fondoExportRow } from './fondos-export.ts';
import { useCreditList } from './use-credit-list.ts';
import './creditos.css';

/** What a contract screen tells the list it returns to (router state, so read as unknown). */
const listNoticeState = z.object({
  notice: z.object({ text: z.string(), tone: z.enum(['sent', 'queued']) }),
});

export type ListNotice = z.output<typeof listNoticeState>['notice'];

function noticeOf(state: unknown): ListNotice | null {
  const parsed = listNoticeState.safeParse(state);
  return parsed.success ? parsed.data.notice : null;
}

/** What the list shows: one part of it, or (privileged) every contract. */
type ListView = Exclude<ListSection, 'finished'> | 'all';
const VIEWS: readonly ListView[] = ['active', 'notStarted', 'cancelled', 'all'];

function ViewSelect({
  view,
  views,
  prefix,
  onChange,
}: {
  view: ListView;
  views: readonly ListView[];
  prefix: string;
  onChange: (view: ListView) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="field-inline credito-toggle">
      <label htmlFor={id}>{t('creditos.view.label')}</label>
      <select
        id={id}
        className="input"
        value={view}
        data-testid={`${prefix}-view`}
        onChange={(event) => onChange(views.find((v) => v === event.target.value) ?? 'active')}
      >
        {views.map((v) => (
          <option key={v} value={v}>
            {t(`creditos.view.${v}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CreditList({ titleKey, fondoComun }: { titleKey: string; fondoComun: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const privileged = can(role, 'xlsx', 'read');
  const [view, setView] = useState<ListView>('active');
  const [openedId, setOpenedId] = useState<number | null>(null);
  const notice = noticeOf(location.state);

  const { rows, pending } = useCreditList(fondoComun);
  const views = privileged ? VIEWS : VIEWS.filter((v) => v !== 'all');
  const all = privileged && view === 'all';
  const shown = useMemo(
    () => (rows === undefined || all ? rows : rows.filter((row) => row.section === view)),
    [rows, all, view],
  );
  const lang = useLang();
  const columns = useMemo(() => creditColumns(t, pending, lang), [t, pending, lang]);
  const opened = openedId === null ? null : (rows?.find((row) => row.id === openedId) ?? null);
  const onRowClick = useCallback((row: CreditRow) => setOpenedId(row.id), []);
  const prefix = fondoComun ? 'fondos' : 'creditos';

  const toolbar = (
    <>
      <ViewSelect view={view} views={views} prefix={prefix} onChange={setView} />
      {privileged && !fondoComun ? <ExportContratosButton all={all} /> : null}
      {privileged && fondoComun ? (
        <ExportXlsxButton
          testId="fondos-export"
          disabled={shown === undefined}
          file={() => ({
            filename: FONDOS_EXPORT.file,
            spec: FONDOS_SHEET,
            rows: (shown ?? []).map(fondoExportRow),
          })}
        />
      ) : null}
    </>
  );

  return (
    <section className="screen creditos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {notice ? (
        <div
          className={`credito-alert${notice.tone === 'queued' ? ' is-queued' : ''}`}
          role="status"
          data-testid="creditos-alert"
        >
          <span>{notice.text}</span>
          <button
            type="button"
            className="btn btn-ghost btn-icon"
            aria-label={t('creditos.dismiss')}
            onClick={() => navigate(location.pathname, { replace: true, state: null })}
          >
            ×
          </button>
        </div>
      ) : null}
      {shown === undefined ? (
        <Spinner />
      ) : (
        <DataTable
          id={prefix}
          data={shown}
          columns={columns}
          defaultHidden={CREDIT_COLUMNS_HIDDEN_BY_DEFAULT}
          getRowId={(row) => row.key}
          onRowClick={onRowClick}
          caption={t(titleKey)}
          emptyText={t(fondoComun ? 'creditos.emptyFunds' : 'creditos.empty')}
          toolbar={toolbar}
        />
      )}
      {opened ? (
        <ContractDetailModal
          row={opened}
          pending={pending.has(opened.id)}
          onClose={() => setOpenedId(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * The list of the credits screen and of the shared-funds screen (spec part 2 §2): the
 * contracts of the replica with their figures today, the with-debt / all toggle and the Excel
 * export for privileged roles (and visitors, who read what they read), and the contract detail
 * on a row. A notice handed over by a contract screen (after an activation) shows on top.
 */
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import * as z from 'zod';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { DataTable } from '#ui/data-table.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useLang } from '#ui/use-lang.ts';
import type { CreditRow } from './contract-figures.ts';
import { ContractDetailModal } from './contract-detail-modal.tsx';
import { CREDIT_COLUMNS_HIDDEN_BY_DEFAULT, creditColumns } from './creditos-columns.tsx';
import { ExportContratosButton } from './export-contratos-button.tsx';
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

export function CreditList({ titleKey, fondoComun }: { titleKey: string; fondoComun: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const privileged = can(role, 'xlsx', 'read');
  const [showAll, setShowAll] = useState(false);
  const [openedId, setOpenedId] = useState<number | null>(null);
  const notice = noticeOf(location.state);

  const { rows, pending } = useCreditList(fondoComun);
  const all = privileged && showAll;
  const shown = useMemo(
    () => (rows === undefined || all ? rows : rows.filter((row) => row.withDebt)),
    [rows, all],
  );
  const lang = useLang();
  const columns = useMemo(() => creditColumns(t, pending, lang), [t, pending, lang]);
  const opened = openedId === null ? null : (rows?.find((row) => row.id === openedId) ?? null);
  const onRowClick = useCallback((row: CreditRow) => setOpenedId(row.id), []);
  const prefix = fondoComun ? 'fondos' : 'creditos';

  const toolbar = privileged ? (
    <>
      <label className="field-inline credito-toggle">
        <input
          type="checkbox"
          className="checkbox"
          checked={showAll}
          onChange={(event) => setShowAll(event.target.checked)}
          data-testid={`${prefix}-all`}
        />
        <span>{t('creditos.showAll')}</span>
      </label>
      {fondoComun ? null : <ExportContratosButton all={showAll} />}
    </>
  ) : null;

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

/**
 * Banks (/bancos; CO, GE, VI): a date-range search, the balances per bank
 * account, the accounting records of the range with their spreadsheet and a detail modal, and
 * the new-movement button with the count of pending reconciliations. Office work: read straight
 * from the server, so it says so when there is no connection.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { fetchBankBalances, type AccountingRecord, type BankBalance } from '#api/bancos';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useOnline } from '#ui/use-online.ts';
import { BalancesTable } from './balances-table.tsx';
import { ALL_DATES, DateRangeSearch, type DateRange } from './date-range-search.tsx';
import { DownloadRecordsButton } from './download-records-button.tsx';
import { LoadFailed, NeedsConnection } from './needs-connection.tsx';
import { RecordDetailModal } from './record-detail-modal.tsx';
import { RecordsTable } from './records-table.tsx';
import { usePendingCount } from './use-pending-count.ts';
import { useRecordPages } from './use-record-pages.ts';
import { useRemote } from './use-remote.ts';
import './bancos.css';

export interface BancosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

const bankKey = (row: BankBalance) => row.id;
const bankName = (row: BankBalance) =>
  row.nombre_banco ? `${row.nombre_cuenta} (${row.nombre_banco})` : row.nombre_cuenta;

function NewMovementButton({ pending }: { pending: number | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button variant="primary" onClick={() => navigate('/banco-form')} data-testid="bank-new">
      {t('bancos.newMovement')}
      {pending !== undefined ? (
        <span
          className={`bank-pending-badge${pending > 0 ? ' is-pending' : ''}`}
          data-testid="bank-pending"
          aria-label={t('bancos.pendingLabel', { count: pending })}
        >
          {pending}
        </span>
      ) : null}
    </Button>
  );
}

function BancosContent() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(ALL_DATES);
  const [opened, setOpened] = useState<number | null>(null);

  const loadBalances = useCallback(
    (signal: AbortSignal) => fetchBankBalances(range, { signal }),
    [range],
  );
  const balances = useRemote(loadBalances);
  const records = useRecordPages(range);
  const pending = usePendingCount(true);
  const onOpen = useCallback((record: AccountingRecord) => setOpened(record.id), []);

  return (
    <>
      <div className="bank-actions">
        <NewMovementButton pending={pending.data} />
      </div>
      <DateRangeSearch onSearch={setRange} busy={balances.loading || records.loading} />
      <h2 className="bank-section-title">{t('bancos.balances.title')}</h2>
      {balances.error ? <LoadFailed onRetry={balances.reload} /> : null}
      {balances.data ? (
        <BalancesTable
          rows={balances.data}
          keyOf={bankKey}
          nameOf={bankName}
          nameHeader={t('bancos.balances.account')}
          caption={t('bancos.balances.caption')}
        />
      ) : balances.error ? null : (
        <Spinner />
      )}
      <h2 className="bank-section-title">{t('bancos.records.title')}</h2>
      {records.error ? <LoadFailed onRetry={records.reload} /> : null}
      {records.data ? (
        <div className="bank-records">
          {records.complete ? null : (
            <p className="bank-records-partial" role="status" data-testid="bank-records-partial">
              {t('bancos.records.partial', { count: records.data.length })}
            </p>
          )}
          <RecordsTable
            records={records.data}
            onOpen={onOpen}
            toolbar={<DownloadRecordsButton range={range} />}
          />
        </div>
      ) : records.error ? null : (
        <Spinner />
      )}
      {opened !== null ? <RecordDetailModal id={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}

export function BancosScreen({ titleKey }: BancosScreenProps) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <section className="screen bancos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {online ? <BancosContent /> : <NeedsConnection />}
    </section>
  );
}

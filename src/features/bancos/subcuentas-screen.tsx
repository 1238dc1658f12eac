/**
 * Sub-accounts (/subcuentas; CO, GE, VI): a date-range search and the balances
 * table of /bancos, one row per sub-account of the accounting chart. Needs a connection.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSubaccountBalances, type SubaccountBalance } from '#api/bancos';
import { Spinner } from '#ui/spinner.tsx';
import { useOnline } from '#ui/use-online.ts';
import { BalancesTable } from './balances-table.tsx';
import { ALL_DATES, DateRangeSearch, type DateRange } from './date-range-search.tsx';
import { LoadFailed, NeedsConnection } from './needs-connection.tsx';
import { useRemote } from './use-remote.ts';
import './bancos.css';

export interface SubcuentasScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

const subaccountKey = (row: SubaccountBalance) => row.id;
const subaccountName = (row: SubaccountBalance) => `${row.id_contable} ${row.nombre}`;

function SubcuentasContent() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(ALL_DATES);
  const load = useCallback(
    (signal: AbortSignal) => fetchSubaccountBalances(range, { signal }),
    [range],
  );
  const balances = useRemote(load);
  return (
    <>
      <DateRangeSearch onSearch={setRange} busy={balances.loading} />
      {balances.error ? <LoadFailed onRetry={balances.reload} /> : null}
      {balances.data ? (
        <BalancesTable
          rows={balances.data}
          keyOf={subaccountKey}
          nameOf={subaccountName}
          nameHeader={t('bancos.balances.subaccount')}
          caption={t('bancos.balances.subaccountCaption')}
        />
      ) : balances.error ? null : (
        <Spinner />
      )}
    </>
  );
}

export function SubcuentasScreen({ titleKey }: SubcuentasScreenProps) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <section className="screen subcuentas-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {online ? <SubcuentasContent /> : <NeedsConnection />}
    </section>
  );
}

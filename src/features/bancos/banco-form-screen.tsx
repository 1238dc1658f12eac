/**
 * New bank movement (/banco-form; docs/business-rules.md#bank-reconciliation-and-accounting): one
 * tab per kind of item to reconcile — Movimientos, Pagos, EjCredito, FondosComunes.EjCredito, Otros
 * (default Movimientos) — each listing the items no accounting record points at yet, to select; the
 * bank data; a confirmation; then the success message with a finish button back to /bancos (cancel
 * is blocked once booked). Office work: needs a connection and says so.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BankMovementCreated } from '#api/bancos';
import { cachedConfig } from '#api/config';
import { sessionStore } from '#api/session-store';
import {
  BANK_DATA_TYPES,
  codeLabelKey,
  DEFAULT_BANK_DATA_TYPE,
  type BankDataType,
} from '#domain/codes';
import { todayIn } from '#domain/dates';
import { can } from '#domain/permissions';
import { DataTable } from '#ui/data-table.tsx';
import { clearSelection, useSelection } from '#ui/selection-store.ts';
import { Spinner } from '#ui/spinner.tsx';
import { onTabListKeyDown } from '#ui/tab-keys.ts';
import { useOnline } from '#ui/use-online.ts';
import { BankMovementForm, BookedPanel } from './bank-movement-form.tsx';
import { LoadFailed, NeedsConnection } from './needs-connection.tsx';
import {
  contractColumns,
  MOVEMENT_ITEM_COLUMNS_HIDDEN_BY_DEFAULT,
  movementColumns,
  paymentColumns,
} from './pending-columns.tsx';
import { tableIdOf, type ItemTab, type Selectable } from './pending-rows.ts';
import { useBankSources, type BankSources } from './use-bank-sources.ts';
import './bancos.css';

export interface BancoFormScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

const ITEM_TABS = BANK_DATA_TYPES.filter((tab): tab is ItemTab => tab !== 'Otros');
const OTHERS_TABLE = 'banco-form-Otros';

function today(): string {
  return todayIn(cachedConfig()?.timezone);
}

function ItemsTable({ tab, sources }: { tab: ItemTab; sources: BankSources }) {
  const { t } = useTranslation();
  const columns = useMemo(
    () => ({
      Movimientos: movementColumns(t),
      Pagos: paymentColumns(t),
      EjCredito: contractColumns(t),
      'FondosComunes.EjCredito': contractColumns(t),
    }),
    [t],
  );
  const common = {
    id: tableIdOf(tab),
    selectable: true,
    getRowId: (row: Selectable) => String(row.id),
    caption: t(codeLabelKey('bankDataTypes', tab)),
    emptyText: t('bancos.items.empty'),
  };
  // One DataTable per tab (keyed), each with its own row type.
  switch (tab) {
    case 'Movimientos':
      return (
        <DataTable
          key={tab}
          {...common}
          data={sources.Movimientos}
          columns={columns.Movimientos}
          defaultHidden={MOVEMENT_ITEM_COLUMNS_HIDDEN_BY_DEFAULT}
        />
      );
    case 'Pagos':
      return <DataTable key={tab} {...common} data={sources.Pagos} columns={columns.Pagos} />;
    case 'EjCredito':
      return (
        <DataTable key={tab} {...common} data={sources.EjCredito} columns={columns.EjCredito} />
      );
    case 'FondosComunes.EjCredito':
      return (
        <DataTable
          key={tab}
          {...common}
          data={sources['FondosComunes.EjCredito']}
          columns={columns['FondosComunes.EjCredito']}
        />
      );
  }
}

function BancoFormContent({ onBooked }: { onBooked: (created: BankMovementCreated) => void }) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const [tab, setTab] = useState<BankDataType>(DEFAULT_BANK_DATA_TYPE);
  const sources = useBankSources(true);
  const selection = useSelection<Selectable>(tab === 'Otros' ? OTHERS_TABLE : tableIdOf(tab));

  if (sources.error && !sources.data) return <LoadFailed onRetry={sources.reload} />;
  if (!sources.data) return <Spinner />;
  const data = sources.data;

  return (
    <>
      <div
        className="bank-tabs"
        role="tablist"
        aria-label={t('bancos.form.tabs')}
        onKeyDown={onTabListKeyDown}
      >
        {BANK_DATA_TYPES.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`bank-tab-${name}`}
            aria-selected={tab === name}
            tabIndex={tab === name ? 0 : -1}
            className={`btn ${tab === name ? 'btn-primary' : 'btn-ghost'}`}
            onClick={() => setTab(name)}
            data-testid={`bank-tab-${name}`}
          >
            {t(codeLabelKey('bankDataTypes', name))}
            {name === 'Otros' ? null : <span className="bank-tab-count">{data[name].length}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-labelledby={`bank-tab-${tab}`} className="bank-panel">
        <BankMovementForm
          tab={tab}
          selected={tab === 'Otros' ? [] : selection.rows}
          subcuentas={data.subcuentas}
          canCreate={can(role, 'bancos', 'create')}
          today={today}
          table={tab === 'Otros' ? null : <ItemsTable tab={tab} sources={data} />}
          onBooked={onBooked}
        />
      </div>
    </>
  );
}

export function BancoFormScreen({ titleKey }: BancoFormScreenProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [booked, setBooked] = useState<BankMovementCreated | null>(null);

  // Selections belong to this visit of the form: cleared when it is left.
  useEffect(
    () => () => {
      for (const tab of ITEM_TABS) clearSelection(tableIdOf(tab));
    },
    [],
  );

  function onBooked(created: BankMovementCreated) {
    for (const tab of ITEM_TABS) clearSelection(tableIdOf(tab));
    setBooked(created);
  }

  let body;
  if (booked) body = <BookedPanel created={booked} />;
  else if (!online) body = <NeedsConnection />;
  else body = <BancoFormContent onBooked={onBooked} />;
  return (
    <section className="screen banco-form-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {body}
    </section>
  );
}

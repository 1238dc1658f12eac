/**
 * Portfolios (/carteras; docs/business-rules.md#portfolios): an
 * optional date and a search button; the totals of current and overdue loans with their counts and
 * overdue bands; a donut chart of the two amounts; a table of current loans and one of overdue
 * loans, where a loan opens its payment history. Computed on the phone from the replica, so it
 * works offline and gives the figures of GET /contratos/carteras/; 'N/D' and empty tables when the
 * figures cannot be computed.
 */
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { cachedConfig } from '#api/config';
import { sessionStore } from '#api/session-store';
import { can } from '#domain/permissions';
import { isIsoDate, todayIn } from '#domain/dates';
import { Button } from '#ui/button.tsx';
import { DataTable } from '#ui/data-table.tsx';
import { DateText } from '#ui/date-text.tsx';
import { ExportXlsxButton } from '#ui/export-xlsx-button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import {
  CARTERA_COLUMNS_HIDDEN_BY_DEFAULT,
  carteraColumns,
  OVERDUE_CARTERA_COLUMNS_HIDDEN_BY_DEFAULT,
} from './cartera-columns.tsx';
import { CARTERA_SHEET, carteraExportFilename, carteraExportRows } from './cartera-export.ts';
import type { CarteraLoan } from './cartera-figures.ts';
import { CarteraSummary } from './cartera-summary.tsx';
import { LoanHistoryModal } from './loan-history-modal.tsx';
import { useCartera } from './use-cartera.ts';
import './carteras.css';

export interface CarterasScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

const NO_LOANS: CarteraLoan[] = [];

/** The date filter: optional (empty = today), searched on demand. */
function DateFilter({ onSearch }: { onSearch: (date: string | null) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  function submit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (value !== '' && !isIsoDate(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    onSearch(value === '' ? null : value);
  }
  return (
    <form className="cartera-filter" onSubmit={submit} noValidate>
      <div className={`field${invalid ? ' is-invalid' : ''}`}>
        <label className="field-label" htmlFor="cartera-date">
          {t('carteras.date')}
        </label>
        <input
          id="cartera-date"
          className="input"
          type="date"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby="cartera-date-hint"
          onChange={(event) => setText(event.target.value)}
        />
        <p id="cartera-date-hint" className="field-hint">
          {invalid ? t('validation.invalidDate') : t('carteras.dateHint')}
        </p>
      </div>
      <Button type="submit" variant="primary" data-testid="cartera-search">
        {t('carteras.search')}
      </Button>
    </form>
  );
}

export function CarterasScreen({ titleKey }: CarterasScreenProps) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string | null>(null);
  const fecha = chosen ?? todayIn(cachedConfig()?.timezone);
  const state = useCartera(fecha);
  const role = useStore(sessionStore, (s) => s.role);
  const canExport = can(role, 'xlsx', 'read');
  const [opened, setOpened] = useState<number | null>(null);

  const currentColumns = useMemo(() => carteraColumns(t, false), [t]);
  const overdueColumns = useMemo(() => carteraColumns(t, true), [t]);
  const onRowClick = useCallback((loan: CarteraLoan) => setOpened(loan.id), []);

  const figures = state.status === 'ready' ? state.figures : null;
  const vigentes = figures?.vigentes ?? NO_LOANS;
  const vencidos = figures?.vencidos ?? NO_LOANS;

  return (
    <section className="screen carteras-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <DateFilter onSearch={setChosen} />
      <div className="cartera-as-of-line">
        <p className="cartera-as-of" data-testid="cartera-fecha">
          {t('carteras.asOf')} <DateText iso={fecha} />
        </p>
        {canExport && figures ? (
          <ExportXlsxButton
            testId="carteras-export"
            file={() => ({
              filename: carteraExportFilename(figures.fecha),
              spec: CARTERA_SHEET,
              rows: carteraExportRows(figures),
            })}
          />
        ) : null}
      </div>
      {state.status === 'loading' ? (
        <Spinner />
      ) : (
        <>
          {state.status === 'unavailable' ? (
            <p className="cartera-unavailable" role="status" data-testid="cartera-unavailable">
              {t('carteras.unavailable')}
            </p>
          ) : null}
          <CarteraSummary totals={figures?.totals ?? null} />
          <div className="cartera-tables">
            <section aria-labelledby="cartera-current-title">
              <h2 id="cartera-current-title" className="cartera-table-title">
                {t('carteras.currentTable')}
              </h2>
              <DataTable
                id="carteras-vigentes"
                data={vigentes}
                columns={currentColumns}
                defaultHidden={CARTERA_COLUMNS_HIDDEN_BY_DEFAULT}
                getRowId={(loan) => String(loan.id)}
                onRowClick={onRowClick}
                caption={t('carteras.currentTable')}
                emptyText={t('carteras.emptyTable')}
              />
            </section>
            <section aria-labelledby="cartera-overdue-title">
              <h2 id="cartera-overdue-title" className="cartera-table-title">
                {t('carteras.overdueTable')}
              </h2>
              <DataTable
                id="carteras-vencidos"
                data={vencidos}
                columns={overdueColumns}
                defaultHidden={OVERDUE_CARTERA_COLUMNS_HIDDEN_BY_DEFAULT}
                getRowId={(loan) => String(loan.id)}
                onRowClick={onRowClick}
                caption={t('carteras.overdueTable')}
                emptyText={t('carteras.emptyTable')}
              />
            </section>
          </div>
        </>
      )}
      {opened !== null && state.status === 'ready' ? (
        <LoanHistoryModal
          credito={opened}
          payments={state.payments}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </section>
  );
}

/**
 * The loan folio's search popup (tabs for loans and shared funds):
 * the replica's contracts that can take a payment (debt pending, disbursed), searched by folio,
 * member key or name, each with its member, region, status and due date today. At most
 * MAX_RESULTS rows are drawn so thousands of contracts stay instant; works offline.
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabelKey } from '#domain/codes';
import { debtContractOf, type ContractReplicaRow } from '#domain/credit-replica';
import { statusAt } from '#domain/debt';
import { Badge } from '#ui/badge.tsx';
import { normalizeSearchText } from '#ui/data-table-features.ts';
import { DateText } from '#ui/date-text.tsx';
import { Modal } from '#ui/modal.tsx';
import { onTabListKeyDown } from '#ui/tab-keys.ts';

export const MAX_RESULTS = 50;

export type ContractTab = 'prestamos' | 'fondos';

/** A contract a payment can be recorded on (docs/business-rules.md#payments). */
export function isPayable(c: ContractReplicaRow): boolean {
  return c.estatus_contrato === 'DP' && c.estatus_ejecucion === 'CO' && c.fecha_inicio !== null;
}

/** Payable contracts of a tab whose folio or member key starts with the digits, or name has the words. */
export function filterContracts(
  contracts: readonly ContractReplicaRow[],
  tab: ContractTab,
  query: string,
): ContractReplicaRow[] {
  const inTab = contracts.filter((c) => isPayable(c) && c.fondo_comun === (tab === 'fondos'));
  const text = query.trim();
  if (text === '') return inTab.slice(0, MAX_RESULTS);
  if (/^\d+$/.test(text)) {
    const exact = inTab.filter((c) => String(c.id) === text || String(c.clave_socio) === text);
    const starts = inTab.filter(
      (c) =>
        !exact.includes(c) &&
        (String(c.id).startsWith(text) || String(c.clave_socio).startsWith(text)),
    );
    return [...exact, ...starts].slice(0, MAX_RESULTS);
  }
  const words = normalizeSearchText(text).split(/\s+/).filter(Boolean);
  const found: ContractReplicaRow[] = [];
  for (const c of inTab) {
    const haystack = normalizeSearchText(`${c.nombres} ${c.nombre_comunidad} ${c.nombre_region}`);
    if (words.every((word) => haystack.includes(word))) found.push(c);
    if (found.length >= MAX_RESULTS) break;
  }
  return found;
}

export interface ContractPickerProps {
  open: boolean;
  contracts: readonly ContractReplicaRow[];
  /** Today in the cooperative's calendar (the status shown). */
  today: string;
  onPick: (contract: ContractReplicaRow) => void;
  onClose: () => void;
}

export function ContractPicker({ open, contracts, today, onPick, onClose }: ContractPickerProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ContractTab>('prestamos');
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const results = useMemo(
    () => filterContracts(contracts, tab, deferred),
    [contracts, tab, deferred],
  );
  const tabs: { id: ContractTab; label: string }[] = [
    { id: 'prestamos', label: t('pagos.picker.loans') },
    { id: 'fondos', label: t('pagos.picker.sharedFunds') },
  ];
  return (
    <Modal open={open} title={t('pagos.picker.title')} onClose={onClose} size="md">
      <div
        className="pago-tabs"
        role="tablist"
        aria-label={t('pagos.picker.title')}
        onKeyDown={onTabListKeyDown}
      >
        {tabs.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            aria-selected={tab === item.id}
            tabIndex={tab === item.id ? 0 : -1}
            className={`pago-tab${tab === item.id ? ' is-active' : ''}`}
            onClick={() => setTab(item.id)}
            data-testid={`picker-tab-${item.id}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs.find((item) => item.id === tab)?.label}>
        <label className="field member-picker-search">
          <span className="field-label">{t('pagos.picker.search')}</span>
          <input
            className="input"
            type="search"
            value={query}
            autoComplete="off"
            placeholder={t('pagos.picker.placeholder')}
            onChange={(event) => setQuery(event.target.value)}
          />
        </label>
        {results.length === 0 ? (
          <p className="member-picker-empty">{t('pagos.picker.none')}</p>
        ) : (
          <ul className="member-picker-list" aria-label={t('pagos.picker.results')}>
            {results.map((c) => {
              const status = statusAt(debtContractOf(c), today);
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    className="member-picker-row contract-picker-row"
                    onClick={() => {
                      onPick(c);
                      setQuery('');
                    }}
                    data-testid="picker-contract"
                  >
                    <span className="member-picker-key">{c.id}</span>
                    <span className="member-picker-name">
                      {c.nombres}
                      <span className="contract-picker-meta">
                        {t('pagos.picker.member', { clave: c.clave_socio })} · {c.nombre_region}
                      </span>
                    </span>
                    <span className="contract-picker-status">
                      <Badge tone={status === 'VE' ? 'danger' : 'success'}>
                        {t(codeLabelKey('contractStatuses', status))}
                      </Badge>
                      <span className="contract-picker-due">
                        <DateText iso={c.fecha_vencimiento} />
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </Modal>
  );
}

/**
 * /credito-imprimir: a select for the signing manager (the
 * cooperative's managers, or empty; the choice is remembered on the device), a print button and the preview of the contract in Spanish and in
 * Tseltal with its amortisation table and two signature boxes. Printing shows only the
 * document (creditos-print.css): no menu, no buttons, no marks of Tseltal texts still pending
 * (those print in Spanish), each version from a new page.
 * Privileged roles only; works offline from the replica.
 */
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import {
  cachedSigningManagers,
  loadSigningManagers,
  rememberSigningManager,
  rememberedSigningManager,
} from '#api/signing-managers';
import { Button } from '#ui/button.tsx';
import { ContractDocument } from './contract-document.tsx';
import { ContractHeader, ContractPage, type ContractPageContext } from './contract-page.tsx';
import './creditos-print.css';

export interface CreditoImprimirScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** The signed-in user's name when it is a manager (offered even before the list arrives). */
function useOwnManagerName(): string | null {
  const user = useStore(sessionStore, (s) => s.user);
  const role = useStore(sessionStore, (s) => s.role);
  if (role !== 'GE' || !user) return null;
  return `${user.first_name} ${user.last_name}`.trim() || null;
}

/** Names to offer: the managers' list (fresh online, kept offline) plus one's own. */
function useManagerNames(): string[] {
  const own = useOwnManagerName();
  const [listed, setListed] = useState(() => cachedSigningManagers().map((m) => m.name));
  useEffect(() => {
    let live = true;
    void loadSigningManagers().then((managers) => {
      if (live) setListed(managers.map((m) => m.name));
    });
    return () => {
      live = false;
    };
  }, []);
  const names = own && !listed.includes(own) ? [own, ...listed] : listed;
  // The last choice stays selectable even if the list no longer names it.
  const remembered = rememberedSigningManager();
  return remembered && !names.includes(remembered) ? [...names, remembered] : names;
}

function PrintView({ row, pending }: ContractPageContext) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const ownName = useOwnManagerName();
  const names = useManagerNames();
  const [manager, setManager] = useState(() => rememberedSigningManager() ?? ownName ?? '');
  const selectId = useId();

  if (!can(role, 'contratos', 'print')) {
    return (
      <p className="form-banner" role="alert" data-testid="print-not-allowed">
        {t('creditos.print.notAllowed')}
      </p>
    );
  }

  return (
    <>
      <ContractHeader row={row} pending={pending} />
      <div className="credito-print-toolbar card">
        <div className="field">
          <label htmlFor={selectId} className="field-label">
            {t('creditos.print.manager')}
          </label>
          <select
            id={selectId}
            className="input"
            value={manager}
            data-testid="print-manager"
            onChange={(event) => {
              setManager(event.target.value);
              rememberSigningManager(event.target.value);
            }}
          >
            <option value="">{t('creditos.print.noManager')}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <Button variant="primary" onClick={() => window.print()} data-testid="print-button">
          {t('creditos.print.print')}
        </Button>
      </div>
      <ContractDocument row={row} manager={manager} />
    </>
  );
}

export function CreditoImprimirScreen({ titleKey }: CreditoImprimirScreenProps) {
  return (
    <ContractPage
      titleKey={titleKey}
      route="/credito-imprimir"
      kind={null}
      className="credito-imprimir"
    >
      {(context) => <PrintView {...context} />}
    </ContractPage>
  );
}

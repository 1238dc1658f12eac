/**
 * /credito-imprimir (spec part 2 §2 "Print contract"): a select for the signing manager (one
 * named option or empty), a print button and the preview of the contract in Spanish and in
 * Tseltal with its amortisation table and two signature boxes. Printing shows only the
 * document (creditos-print.css): no menu, no buttons, each version from a new page.
 * Privileged roles only; works offline from the replica.
 */
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { ContractDocument } from './contract-document.tsx';
import { ContractHeader, ContractPage, type ContractPageContext } from './contract-page.tsx';
import './creditos-print.css';

export interface CreditoImprimirScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** The one named option: the signed-in manager (a coordinator prints with the name blank). */
function useManagerName(): string | null {
  const user = useStore(sessionStore, (s) => s.user);
  const role = useStore(sessionStore, (s) => s.role);
  if (role !== 'GE' || !user) return null;
  return `${user.first_name} ${user.last_name}`.trim() || null;
}

function PrintView({ row, pending }: ContractPageContext) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const managerName = useManagerName();
  const [manager, setManager] = useState(managerName ?? '');
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
            onChange={(event) => setManager(event.target.value)}
          >
            <option value="">{t('creditos.print.noManager')}</option>
            {managerName ? <option value={managerName}>{managerName}</option> : null}
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
    <ContractPage titleKey={titleKey} kind={null} className="credito-imprimir">
      {(context) => <PrintView {...context} />}
    </ContractPage>
  );
}

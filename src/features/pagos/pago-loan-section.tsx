/**
 * The loan part of the payment form: the folio with its search popup, the line naming the
 * typed folio's contract, the payment date, and the debt lookup at that date — answered from
 * the phone's copy — whose figures can fill the parts.
 */
import { useEffect, useRef, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Debt } from '#domain/debt';
import type { PaymentInput } from '#domain/forms/payment';
import type { ContratoRow } from '#db/replica-rows';
import { Button } from '#ui/button.tsx';
import { DateField, NumberField } from '#ui/form-field.tsx';
import { useMessageText } from '#ui/message-text.ts';
import { ContractPicker } from './contract-picker.tsx';
import { DebtPanel } from './pago-form-parts.tsx';
import { NotCountedPayments } from './not-counted-payments.tsx';
import { useDebtLookup } from './use-debt-lookup.ts';

/** One line naming the typed folio's contract, read from the replica. */
function ContractLine({ contract }: { contract: ContratoRow | null | undefined }) {
  const { t } = useTranslation();
  if (contract === undefined) return null;
  if (contract === null)
    return <p className="field-hint pago-contract-line">{t('pagos.form.contractUnknown')}</p>;
  return (
    <p className="field-hint pago-contract-line" data-testid="pago-contract-line">
      {t('pagos.form.contractLine', {
        nombres: contract.nombres,
        clave: contract.clave_socio,
        region: contract.nombre_region,
      })}
    </p>
  );
}

export interface PagoLoanSectionProps {
  /** The replica's contracts (undefined while they load). */
  contracts: readonly ContratoRow[] | undefined;
  today: string;
  sending: boolean;
  /** Fill the three parts with the debt found. */
  onFill: (debt: Debt) => void;
  /** A field was chosen or filled by the form itself: its server error is stale. */
  onPicked: (field: 'credito') => void;
}

export function PagoLoanSection(props: PagoLoanSectionProps) {
  const { contracts, today, sending, onFill, onPicked } = props;
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { control, getValues, setValue } = useFormContext<PaymentInput>();
  const [credito, fechaPago] = useWatch({ control, name: ['credito', 'fecha_pago'] });
  const folio = String(credito ?? '').trim();
  const debt = useDebtLookup(folio, String(fechaPago ?? ''));
  const [pickerOpen, setPickerOpen] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const { lookup } = debt;

  const typedContract = !/^\d+$/.test(folio)
    ? undefined
    : contracts === undefined
      ? undefined
      : (contracts.find((c) => c.id === Number(folio)) ?? null);

  // On a phone the answer may be below the fold: bring it into view.
  useEffect(() => {
    const box = resultRef.current;
    if (lookup && box && typeof box.scrollIntoView === 'function')
      box.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [lookup]);

  function pick(contract: ContratoRow) {
    setValue('credito', String(contract.id), { shouldTouch: true, shouldValidate: true });
    onPicked('credito');
    setPickerOpen(false);
  }

  return (
    <fieldset className="pago-section">
      <legend>{t('pagos.form.loanSection')}</legend>
      <div className="pago-folio">
        <NumberField
          name="credito"
          label={t('pagos.fields.credito')}
          integer
          required
          readOnly={sending}
        />
        <Button
          className="pago-folio-search"
          onClick={() => setPickerOpen(true)}
          disabled={sending}
          data-testid="pago-folio-search"
        >
          {t('pagos.form.searchLoan')}
        </Button>
      </div>
      <ContractLine contract={typedContract} />
      <DateField
        name="fecha_pago"
        label={t('pagos.fields.fecha_pago')}
        required
        max={today}
        readOnly={sending}
      />
      <Button
        className="pago-lookup"
        onClick={() => void debt.run(getValues('credito'), getValues('fecha_pago'))}
        busy={debt.looking}
        disabled={sending}
        data-testid="debt-lookup"
      >
        {t('pagos.form.lookupDebt')}
      </Button>
      {debt.incomplete ? (
        <p className="pago-lookup-alert" role="alert" data-testid="debt-lookup-alert">
          {t('validation.debtLookupIncomplete')}
        </p>
      ) : null}
      <div className="pago-lookup-result" ref={resultRef}>
        {lookup?.kind === 'debt' ? (
          <DebtPanel
            debt={lookup.debt}
            credito={lookup.credito}
            onFill={onFill}
            disabled={sending}
          />
        ) : null}
        {lookup?.kind === 'none' ? (
          <p className="pago-debt-none card" role="status" data-testid="debt-none">
            {lookup.contract
              ? t('pagos.debt.none', { id: lookup.credito })
              : t('pagos.debt.notOnPhone', { id: lookup.credito })}
          </p>
        ) : null}
        {lookup && lookup.notCounted.length > 0 ? (
          <NotCountedPayments payments={lookup.notCounted} />
        ) : null}
        {lookup?.kind === 'invalid' ? (
          <p className="pago-debt-none card" role="status" data-testid="debt-none">
            {messageText(lookup.message)}
          </p>
        ) : null}
      </div>
      <ContractPicker
        open={pickerOpen}
        contracts={contracts ?? []}
        today={today}
        onPick={pick}
        onClose={() => setPickerOpen(false)}
      />
    </fieldset>
  );
}

/**
 * The fields of /banco-form and its save: bank reference (upper-cased on
 * leaving the field), date, amount, alphanumeric reference, and on "Otros" the sub-account
 * (accounting id + name) and whether money came in or went out. The rows chosen in the tab's
 * table (`table`) are compared live with the amount. Saving asks for confirmation, then posts
 * straight to the server with an Idempotency-Key that stays the same while the booking does,
 * so a double click or a retry after a lost answer books once.
 */
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  postBankMovement,
  type BankMovementCreated,
  type BankMovementPayload,
  type SubaccountOption,
} from '#api/bancos';
import { isApiError } from '#api/errors';
import { codeLabelKey, type BankDataType } from '#domain/codes';
import { formatCurrency } from '#domain/format';
import type { BankMovementValues } from '#domain/forms/bank-movement';
import { centsToDecimalString, typedMoneyCents } from '#domain/money';
import type { TodayFn } from '#domain/rules';
import { uuidv7 } from '#sync/uuid';
import { Button } from '#ui/button.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, NumberField, SelectField, TextField } from '#ui/form-field.tsx';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useLang } from '#ui/use-lang.ts';
import {
  bankFormResolver,
  emptyBankForm,
  upperReference,
  type BankFormInput,
} from './bank-form-resolver.ts';
import type { Selectable } from './pending-rows.ts';
import { SelectionSummary } from './selection-summary.tsx';
import { isRecord } from '#domain/guards';

export const BANK_FORM_ID = 'bank-movement-form';

/** Server errors on the selection belong to the sub-account on "Otros", else to the banner. */
export function placeServerErrors(body: unknown, tab: BankDataType): unknown {
  if (!isRecord(body)) return body;
  const { selectedItems, ...rest } = body;
  if (selectedItems === undefined) return body;
  if (tab === 'Otros') return { ...rest, subcuenta: selectedItems };
  const banner = Array.isArray(rest.non_field_errors) ? rest.non_field_errors : [];
  const items = Array.isArray(selectedItems) ? selectedItems : [selectedItems];
  return { ...rest, non_field_errors: [...banner, ...items] };
}

export function toPayload(values: BankMovementValues): BankMovementPayload {
  return {
    referencia_banco: values.referencia_banco,
    fecha: values.fecha,
    cantidad: centsToDecimalString(values.cantidad),
    referencia_alf: values.referencia_alf,
    dataType: values.dataType,
    selectedItems: values.selectedItems,
    ingrEgr: values.ingrEgr,
  };
}

export interface BankMovementFormProps {
  tab: BankDataType;
  selected: readonly Selectable[];
  subcuentas: readonly SubaccountOption[];
  canCreate: boolean;
  today: TodayFn;
  /** The tab's table of items, shown between the fields and the checks. */
  table: ReactNode;
  onBooked: (created: BankMovementCreated) => void;
}

export function BankMovementForm(props: BankMovementFormProps) {
  const { tab, selected, subcuentas, canCreate, today } = props;
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const server = useServerErrors();
  const resolver = useMemo(() => bankFormResolver(tab, selected, today), [tab, selected, today]);
  const form = useForm<BankFormInput, unknown, BankMovementValues>({
    resolver,
    defaultValues: emptyBankForm(today()),
    mode: 'onTouched',
  });
  const [cantidad, referencia] = useWatch({
    control: form.control,
    name: ['cantidad', 'referencia_banco'],
  });
  const otros = tab === 'Otros';

  // A new selection (or tab) is checked again at once wherever the user already looked.
  const { trigger, getFieldState, formState } = form;
  useEffect(() => {
    if (formState.isSubmitted) void trigger();
    else if (getFieldState('cantidad').isTouched) void trigger('cantidad');
  }, [resolver, trigger, getFieldState, formState.isSubmitted]);

  // One key per booking: the same payload again (a retry) reuses it.
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  async function book(values: BankMovementValues) {
    const payload = toPayload(values);
    const fingerprint = JSON.stringify(payload);
    if (attempt.current?.fingerprint !== fingerprint)
      attempt.current = { fingerprint, key: uuidv7() };
    try {
      props.onBooked(await postBankMovement(payload, attempt.current.key));
    } catch (error) {
      if (isApiError(error) && error.status === 400)
        server.setServerErrors(placeServerErrors(error.body, tab));
      else showError(error, { isCreate: true });
    }
  }

  // Not a field of its own: the selection's problem is shown in the banner.
  const errors: Partial<Record<string, { message?: string }>> = form.formState.errors;
  const selectionError = errors.selectedItems?.message;
  const subaccountOptions = useMemo(
    () => subcuentas.map((s) => ({ value: s.id, label: `${s.id_contable} ${s.nombre}` })),
    [subcuentas],
  );
  const confirmText = t('bancos.form.confirm', {
    referencia: referencia || '—',
    cantidad: formatCurrency(typedMoneyCents(cantidad) ?? 0, lang),
    n: otros ? 1 : selected.length,
  });

  return (
    <>
      <Form
        id={BANK_FORM_ID}
        form={form}
        onSubmit={book}
        serverErrors={server}
        confirm={confirmText}
        className="form bank-form card"
      >
        <FormBanner messages={selectionError ? [String(selectionError)] : []} />
        <div className="bank-form-grid">
          <TextField
            name="referencia_banco"
            label={t('bancos.form.referencia_banco')}
            hint={t('bancos.form.referenciaHint')}
            autoComplete="off"
            normalizeOnBlur={upperReference}
            required
          />
          <DateField name="fecha" label={t('bancos.form.fecha')} max={today()} required />
          <NumberField name="cantidad" label={t('bancos.form.cantidad')} required />
          <TextField
            name="referencia_alf"
            label={t('bancos.form.referencia_alf')}
            autoComplete="off"
          />
          {otros ? (
            <>
              <SelectField
                name="subcuenta"
                label={t('bancos.form.subcuenta')}
                options={subaccountOptions}
                placeholder={t('bancos.form.choose')}
                required
              />
              <SelectField
                name="ingrEgr"
                label={t('bancos.form.ingrEgr')}
                options={[
                  { value: 'IN', labelKey: codeLabelKey('subaccountTypes', 'IN') },
                  { value: 'EG', labelKey: codeLabelKey('subaccountTypes', 'EG') },
                ]}
                placeholder={t('bancos.form.choose')}
                required
              />
            </>
          ) : null}
        </div>
      </Form>
      {props.table}
      {otros ? null : (
        <SelectionSummary selected={selected} cantidad={cantidad} referencia={referencia} />
      )}
      <div className="bank-form-actions">
        {canCreate ? null : <p className="field-hint">{t('bancos.form.readOnly')}</p>}
        <Button variant="ghost" onClick={() => navigate('/bancos')} data-testid="bank-cancel">
          {t('bancos.form.cancel')}
        </Button>
        <Button
          type="submit"
          form={BANK_FORM_ID}
          variant="primary"
          disabled={!canCreate}
          data-testid="bank-save"
        >
          {t('bancos.form.save')}
        </Button>
      </div>
    </>
  );
}

/** After a booking: what was booked, the way back, and no way to cancel it. */
export function BookedPanel({ created }: { created: BankMovementCreated }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="bank-booked card" role="status" data-testid="bank-booked">
      <p>
        {t('bancos.form.booked', {
          referencia: created.movimientoBanco.referencia_banco,
          n: created.registros_nvos,
        })}
      </p>
      <div className="bank-form-actions">
        <Button variant="ghost" disabled data-testid="bank-cancel">
          {t('bancos.form.cancel')}
        </Button>
        <Button variant="primary" onClick={() => navigate('/bancos')} data-testid="bank-finish">
          {t('bancos.form.finish')}
        </Button>
      </div>
    </div>
  );
}

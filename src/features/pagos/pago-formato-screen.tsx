/**
 * New payment (/pago-formato, spec part 2 §2 "Payments", §5 "Payment", §8): the loan folio
 * with its search popup (loans / shared funds), the payment date, the debt lookup at that
 * date — answered OFFLINE from the replica with #domain/debt — the three parts, the computed
 * amount, and the bank date and reference. Saving asks for confirmation and goes through the
 * outbox ('pago.create'), online or not, then returns to /pagos with 'Se creó el pago {id} con
 * éxito' (and '¡El crédito {id} ya quedó totalmente pagado! :D' when it settled the loan), or
 * — offline / no answer yet — with "saved, will be sent". A refused capture stays here with the
 * server's messages under their fields; `?corregir=<mutation id>` reopens one from the sync
 * center. The contract detail of /creditos preselects its contract (selection `contrato`).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useStore } from 'zustand';
import { cachedConfig } from '#api/config';
import { sessionStore } from '#api/session-store';
import type { ContractReplicaRow } from '#domain/credit-replica';
import { todayIn } from '#domain/dates';
import type { Debt } from '#domain/debt';
import {
  debtLookupSchema,
  paymentSchema,
  type PaymentInput,
  type PaymentValues,
} from '#domain/forms/payment';
import { centsToDecimalString } from '#domain/money';
import { can } from '#domain/permissions';
import { currentDbUserId, getDb } from '#db/database';
import { enqueue, resubmit } from '#sync/commands';
import { EDITABLE_STATUSES, type OutboxRow } from '#sync/types';
import { Button } from '#ui/button.tsx';
import { EmptyState } from '#ui/empty-state.tsx';
import { showError } from '#ui/error-store.ts';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, NumberField, TextField } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { useMessageText } from '#ui/message-text.ts';
import { clearSelection, getSelection } from '#ui/selection-store.ts';
import { useServerErrors } from '#ui/server-errors.tsx';
import { Spinner } from '#ui/spinner.tsx';
import { useReportSettled, useShowRefusal } from '#ui/use-write-events.ts';
import { estatusNuevoOf } from './pago-answer.ts';
import { PAGO_CREATE, type PagoCreatePayload } from './pago-commands.ts';
import { ContractPicker } from './contract-picker.tsx';
import { lookupDebt, type DebtLookup } from './debt-lookup.ts';
import { ComputedAmount, DebtPanel, PART_FIELDS } from './pago-form-parts.tsx';
import type { PagoNotice } from './pago-notice.tsx';
import { pagoBodyOf, type PagoBody } from './pago-record.ts';
import { usePagoSave } from './use-pago-save.ts';
import './pagos.css';

export interface PagoFormatoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** The selection the contract detail of /creditos leaves for this form. */
export const CONTRACT_SELECTION = 'contrato';

function today(): string {
  return todayIn(cachedConfig()?.timezone);
}

/** The folio the contract detail selected (its id), if any. */
function selectedContract(): string {
  const id = getSelection(CONTRACT_SELECTION).ids[0];
  return id && /^\d+$/.test(id) ? id : '';
}

function emptyInput(credito: string): PaymentInput {
  return {
    credito,
    fecha_pago: today(),
    cantidad: '',
    abono_capital: '',
    interes_ord: '',
    interes_mor: '',
    fecha_banco: '',
    referencia_banco: '',
  };
}

/** A refused capture's body back as the form's values. */
function inputOf(body: PagoBody): PaymentInput {
  return {
    credito: String(body.credito),
    fecha_pago: body.fecha_pago,
    cantidad: '',
    abono_capital: body.abono_capital,
    interes_ord: body.interes_ord,
    interes_mor: body.interes_mor,
    fecha_banco: body.fecha_banco ?? '',
    referencia_banco: body.referencia_banco ?? '',
  };
}

function isPagoFix(row: OutboxRow | undefined): row is OutboxRow {
  return row !== undefined && row.kind === PAGO_CREATE && EDITABLE_STATUSES.includes(row.status);
}

/** One line naming the typed folio's contract, read from the replica. */
function ContractLine({ contract }: { contract: ContractReplicaRow | null | undefined }) {
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

function PagoForm({ fixRow }: { fixRow: OutboxRow | null }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const navigate = useNavigate();
  const user = useStore(sessionStore, (s) => s.user);
  const server = useServerErrors();
  const schema = useMemo(() => paymentSchema(), []);
  const [initial] = useState<PaymentInput>(() =>
    fixRow ? inputOf((fixRow.payload as PagoCreatePayload).body) : emptyInput(selectedContract()),
  );
  const form = useForm<PaymentInput, unknown, PaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { setValue, getValues } = form;
  const userId = currentDbUserId();
  const contracts = useLiveQuery(
    async () =>
      userId === null
        ? []
        : ((await getDb().contratos.toArray()) as unknown as ContractReplicaRow[]),
    [userId],
  );
  const byId = useMemo(() => new Map((contracts ?? []).map((c) => [c.id, c])), [contracts]);

  const [pickerOpen, setPickerOpen] = useState(false);
  const [lookup, setLookup] = useState<DebtLookup | null>(null);
  const [lookupAlert, setLookupAlert] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  const [mutationId, setMutationId] = useState<string | null>(fixRow?.id ?? null);
  const { row, outcome } = usePagoSave(mutationId);

  // A new folio or date makes an earlier lookup stale.
  const [credito, fechaPago] = useWatch({ control: form.control, name: ['credito', 'fecha_pago'] });
  const folio = String(credito ?? '').trim();
  const typedContract = /^\d+$/.test(folio)
    ? contracts === undefined
      ? undefined
      : (byId.get(Number(folio)) ?? null)
    : undefined;
  const lookedFor = useRef<string>('');
  useEffect(() => {
    const now = `${folio}|${String(fechaPago ?? '')}`;
    if (lookedFor.current !== '' && lookedFor.current !== now) {
      lookedFor.current = '';
      setLookup(null);
    }
  }, [folio, fechaPago]);

  // On a phone the answer may be below the fold: bring it into view.
  useEffect(() => {
    const box = resultRef.current;
    if (lookup && box && typeof box.scrollIntoView === 'function')
      box.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [lookup]);

  // A refused save (live, or reopened from the sync center) shows the server's messages, once.
  useShowRefusal(row, outcome === 'rejected', server.setServerErrors);

  // Accepted, or saved to be sent later: back to the list, which says how it went.
  useReportSettled(row, outcome, (done, settled) => {
    const body = (done.payload as PagoCreatePayload).body;
    const notice: PagoNotice =
      settled === 'sent'
        ? {
            kind: 'created',
            id: done.serverId ?? '',
            credito: body.credito,
            paid: estatusNuevoOf(done.result) === 'PA',
          }
        : { kind: 'queued' };
    clearSelection(CONTRACT_SELECTION);
    navigate('/pagos', { state: { pagoNotice: notice } });
  });

  const fixing = row && EDITABLE_STATUSES.includes(row.status) ? row : null;
  const sending = outcome === 'sending';

  async function runLookup() {
    setLookupAlert(null);
    const parsed = debtLookupSchema.safeParse({
      credito: getValues('credito'),
      fecha: getValues('fecha_pago'),
    });
    if (!parsed.success) {
      setLookup(null);
      setLookupAlert(t('validation.debtLookupIncomplete'));
      return;
    }
    setLooking(true);
    try {
      const found = await lookupDebt(parsed.data.credito, parsed.data.fecha);
      lookedFor.current = `${parsed.data.credito}|${parsed.data.fecha}`;
      setLookup(found);
    } catch {
      // The lookup fails quietly (spec part 2 §8).
      setLookup(null);
    } finally {
      setLooking(false);
    }
  }

  function fillWithDebt(debt: Debt) {
    const parts: Record<(typeof PART_FIELDS)[number], number> = {
      abono_capital: debt.capital_por_pagar,
      interes_ord: debt.interes_ordinario_deuda,
      interes_mor: debt.interes_moratorio_deuda,
    };
    for (const name of PART_FIELDS) {
      setValue(name, centsToDecimalString(parts[name]), {
        shouldTouch: true,
        shouldValidate: true,
        shouldDirty: true,
      });
      server.clearField(name);
    }
  }

  async function save(values: PaymentValues) {
    const payload: PagoCreatePayload = {
      body: pagoBodyOf(values),
      author: {
        autor: user?.id ?? 0,
        nombre_autor: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
      },
    };
    try {
      const sent = fixing
        ? await resubmit(fixing.id, payload)
        : await enqueue(PAGO_CREATE, payload);
      setMutationId(sent.mutationId);
    } catch (error) {
      showError(error, { isCreate: true });
    }
  }

  function pickContract(contract: ContractReplicaRow) {
    setValue('credito', String(contract.id), { shouldTouch: true, shouldValidate: true });
    server.clearField('credito');
    setPickerOpen(false);
  }

  const maxDate = today();
  return (
    <>
      <Form
        id="pago-form"
        form={form}
        onSubmit={save}
        serverErrors={server}
        className="form pago-form"
      >
        <FormSaveLines
          rejected={outcome === 'rejected'}
          sending={sending}
          rejectedText={t('pagos.rejected')}
          sendingText={t('pagos.sending')}
          testId="pago-status"
        />
        <FormBanner />
        <div className="pago-layout">
          <div className="pago-column">
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
                max={maxDate}
                readOnly={sending}
              />
              <Button
                className="pago-lookup"
                onClick={() => void runLookup()}
                busy={looking}
                disabled={sending}
                data-testid="debt-lookup"
              >
                {t('pagos.form.lookupDebt')}
              </Button>
              {lookupAlert ? (
                <p className="pago-lookup-alert" role="alert" data-testid="debt-lookup-alert">
                  {lookupAlert}
                </p>
              ) : null}
              <div className="pago-lookup-result" ref={resultRef}>
                {lookup?.kind === 'debt' ? (
                  <DebtPanel
                    debt={lookup.debt}
                    credito={lookup.credito}
                    onFill={fillWithDebt}
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
                {lookup?.kind === 'invalid' ? (
                  <p className="pago-debt-none card" role="status" data-testid="debt-none">
                    {messageText(lookup.message)}
                  </p>
                ) : null}
              </div>
            </fieldset>
          </div>
          <div className="pago-column">
            <fieldset className="pago-section">
              <legend>{t('pagos.form.partsSection')}</legend>
              <NumberField
                name="abono_capital"
                label={t('pagos.fields.abono_capital')}
                required
                readOnly={sending}
              />
              <NumberField
                name="interes_ord"
                label={t('pagos.fields.interes_ord')}
                required
                readOnly={sending}
              />
              <NumberField
                name="interes_mor"
                label={t('pagos.fields.interes_mor')}
                required
                readOnly={sending}
              />
              <ComputedAmount />
            </fieldset>
            <fieldset className="pago-section">
              <legend>{t('pagos.form.bankSection')}</legend>
              <DateField
                name="fecha_banco"
                label={t('pagos.fields.fecha_banco')}
                max={maxDate}
                readOnly={sending}
              />
              <TextField
                name="referencia_banco"
                label={t('pagos.fields.referencia_banco')}
                autoComplete="off"
                readOnly={sending}
              />
            </fieldset>
          </div>
        </div>
        <div className="pago-actions">
          <Button variant="ghost" onClick={() => navigate('/pagos')} disabled={sending}>
            {t('pagos.form.cancel')}
          </Button>
          <Button type="submit" variant="primary" busy={sending} data-testid="pago-save">
            {t('pagos.form.save')}
          </Button>
        </div>
      </Form>
      <ContractPicker
        open={pickerOpen}
        contracts={contracts ?? []}
        today={maxDate}
        onPick={pickContract}
        onClose={() => setPickerOpen(false)}
      />
    </>
  );
}

export function PagoFormatoScreen({ titleKey }: PagoFormatoScreenProps) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const [params] = useSearchParams();
  const fixId = params.get('corregir');
  const fix = useLiveQuery(
    async () => ({ row: fixId ? await getDb().outbox.get(fixId) : undefined }),
    [fixId],
  );
  // The refused item named in the address opens the form once; the form then follows the
  // correction's own row (the refused one leaves the outbox when it is sent again).
  const [opened, setOpened] = useState<{ fixId: string | null; row: OutboxRow | null } | null>(
    null,
  );
  if (fixId !== null && fix !== undefined && (opened === null || opened.fixId !== fixId)) {
    setOpened({ fixId, row: isPagoFix(fix.row) ? fix.row : null });
  }

  let body;
  if (!can(role, 'pagos', 'create')) {
    body = <EmptyState title={t('pagos.form.notAllowed')} />;
  } else if (fixId === null) {
    body = <PagoForm key="new" fixRow={null} />;
  } else if (opened === null || opened.fixId !== fixId) {
    body = <Spinner />;
  } else {
    body = <PagoForm key={opened.row?.id ?? 'new'} fixRow={opened.row} />;
  }
  return (
    <section className="screen pago-formato-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      {body}
    </section>
  );
}

/**
 * The payment capture form: loan, payment date and
 * debt lookup, the three parts with the computed amount, bank date and reference. Saving asks
 * for confirmation and goes through the outbox ('pago.create'), online or not; once sent or
 * saved to be sent it returns to /pagos with its notice. A refused capture stays here with the
 * server's messages under their fields, and the next save sends its correction.
 */
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLiveQuery } from 'dexie-react-hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';
import type { Debt } from '#domain/debt';
import type { PaymentInput, PaymentValues } from '#domain/forms/payment';
import { centsToDecimalString } from '#domain/money';
import type { OutboxRowOf } from '#commands/command-map';
import { outboxForm } from '#commands/outbox';
import { pagoBodyOf, type PagoBody } from '#commands/pago-record';
import { pagoReceiptDraft } from '#commands/receipt-drafts';
import { allocateReceipt, issueReceipt } from '#commands/receipts';
import type { Receipt } from '#domain/receipts';
import { currentDbUserId } from '#db/database';
import { allContracts } from '#db/reads/credits';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import { showReceipt } from '#ui/receipt-store.ts';
import { clearSelection } from '#ui/selection-store.ts';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { useReturnTo } from '#ui/return-to.ts';
import { PagoBankSection, PagoPartsSection } from './pago-amount-sections.tsx';
import { PART_FIELDS } from './pago-form-parts.tsx';
import { PagoLoanSection } from './pago-loan-section.tsx';
import { PagoReview } from './pago-review.tsx';
import { paymentCaptureSchema } from './payment-capture.ts';
import type { PagoNotice } from './pago-notice.tsx';
import { useCaptureConfirm } from '#ui/use-capture-confirm.ts';

/** The selection the contract detail of /creditos leaves for this form. */
export const CONTRACT_SELECTION = 'contrato';

const PAGO_FORM = outboxForm('pago.create');

export type PagoFixRow = OutboxRowOf<'pago.create'>;

function emptyInput(credito: string, today: string): PaymentInput {
  return {
    credito,
    fecha_pago: today,
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

/** The notice /pagos shows once the payment is sent, or saved to be sent. */
function noticeOf(row: PagoFixRow, outcome: 'sent' | 'queued'): PagoNotice {
  if (outcome === 'queued') return { kind: 'queued' };
  return {
    kind: 'created',
    id: row.serverId ?? '',
    credito: row.payload.body.credito,
    paid: row.result?.estatus_nuevo === 'PA',
  };
}

export interface PagoFormProps {
  fixRow: PagoFixRow | null;
  /** The folio to start with (the contract the detail of /creditos selected). */
  initialCredito: string;
  today: string;
}

export function PagoForm({ fixRow, initialCredito, today }: PagoFormProps) {
  const { t } = useTranslation();
  const confirmWords = useCaptureConfirm('pago');
  const navigate = useNavigate();
  // Opened from the community visit: back to it once saved (or cancelled).
  const returnTo = useReturnTo();
  const user = useStore(sessionStore, (s) => s.user);
  const role = useStore(sessionStore, (s) => s.role);
  const server = useServerErrors();
  const schema = useMemo(() => paymentCaptureSchema(fixRow?.recordId ?? null), [fixRow]);
  const [initial] = useState<PaymentInput>(() =>
    fixRow ? inputOf(fixRow.payload.body) : emptyInput(initialCredito, today),
  );
  const form = useForm<PaymentInput, unknown, PaymentValues>({
    resolver: zodResolver(schema),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const userId = currentDbUserId();
  const contracts = useLiveQuery(async () => (userId === null ? [] : allContracts()), [userId]);

  const receiptShown = useRef<Promise<void>>(Promise.resolve());
  const { outcome, sending, save, fixing } = useOutboxForm(PAGO_FORM, {
    fixRow,
    // The member's receipt, on screen at once (offline too); it names the refused one it replaces.
    onQueued: (payload, mutationId) => {
      const contract = contracts?.find((c) => c.id === payload.body.credito);
      receiptShown.current = new Promise((shown) => {
        const show = (receipt: Receipt) => {
          showReceipt(receipt);
          shown();
        };
        void pagoReceiptDraft(payload, mutationId, contract, role)
          .then((draft) => draft && issueReceipt(draft, show))
          .finally(shown);
      });
    },
    onRefused: server.setServerErrors,
    onSettled: (row, settled) => {
      clearSelection(CONTRACT_SELECTION);
      // The list behind waits for the receipt: rendering both at once keeps the member waiting.
      void receiptShown.current.then(() =>
        navigate(returnTo ?? '/pagos', { state: { pagoNotice: noticeOf(row, settled) } }),
      );
    },
    errors: { isCreate: true },
  });

  function fillWithDebt(debt: Debt) {
    const parts: Record<(typeof PART_FIELDS)[number], number> = {
      abono_capital: debt.capital_por_pagar,
      interes_ord: debt.interes_ordinario_deuda,
      interes_mor: debt.interes_moratorio_deuda,
    };
    for (const name of PART_FIELDS) {
      form.setValue(name, centsToDecimalString(parts[name]), {
        shouldTouch: true,
        shouldValidate: true,
        shouldDirty: true,
      });
      server.clearField(name);
    }
  }

  const author = {
    autor: user?.id ?? 0,
    nombre_autor: [user?.first_name, user?.last_name].filter(Boolean).join(' '),
  };
  return (
    <Form
      {...confirmWords}
      id="pago-form"
      form={form}
      onSubmit={async (values) => {
        const receipt = await allocateReceipt(author.autor, fixing?.payload.body.recibo ?? null);
        await save({ body: pagoBodyOf({ ...values, ...receipt }), author });
      }}
      review={(values) => (
        <PagoReview values={values} contract={contracts?.find((c) => c.id === values.credito)} />
      )}
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
          <PagoLoanSection
            contracts={contracts}
            today={today}
            sending={sending}
            onFill={fillWithDebt}
            onPicked={server.clearField}
          />
        </div>
        <div className="pago-column">
          <PagoPartsSection sending={sending} />
          <PagoBankSection sending={sending} today={today} />
        </div>
      </div>
      <div className="pago-actions">
        <Button variant="ghost" onClick={() => navigate(returnTo ?? '/pagos')} disabled={sending}>
          {t('pagos.form.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={sending} data-testid="pago-save">
          {t('pagos.form.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * /credito-activar (docs/business-rules.md#contracts): signing
 * date, rate type, execution status, bank date and reference. The date and rate type lock once the
 * contract has a start date; the execution status changes only while it is PC (to CO, or to
 * CA for the manager). Sent through the outbox; on success back to /creditos (or
 * /fondos-comunes for a shared fund) with 'Credito {id} actualizado correctamente'.
 */
import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'zustand';
import { codeLabelKey, RATE_TYPES, type ExecutionStatus } from '#domain/codes';
import { todayIn } from '#domain/dates';
import {
  activationSchema,
  type ActivationInput,
  type ActivationValues,
} from '#domain/forms/activation';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { DateField, FormBanner, SelectField, TextField } from '#ui/form-field.tsx';
import { contratoRecordId } from '#commands/creditos';
import { outboxForm } from '#commands/outbox';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { canActivate } from './contract-actions.ts';
import { contractBefore } from './contract-correction.ts';
import { actionFacts } from './contract-detail-modal.tsx';
import type { CreditRow } from './contract-figures.ts';
import { ContractHeader, ContractPage, type ContractPageContext } from './contract-page.tsx';
import { clearSelectedContract } from './use-contract.ts';

const ACTIVATE_FORM = outboxForm('contrato.activate');

type ActivationContext = ContractPageContext<'contrato.activate'>;

export interface CreditoActivarScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

function initialValues(row: CreditRow, fixRow: ActivationContext['fixRow']): ActivationInput {
  if (fixRow) {
    const { values } = fixRow.payload;
    return {
      fecha_inicio: values.fecha_inicio,
      tipo_tasa: values.tipo_tasa,
      estatus_ejecucion: values.estatus_ejecucion ?? row.estatus_ejecucion,
      fecha_banco: values.fecha_banco ?? '',
      referencia_banco: values.referencia_banco ?? '',
    };
  }
  const r = row.record;
  return {
    fecha_inicio: r.fecha_inicio ?? '',
    tipo_tasa: r.tipo_tasa ?? '',
    estatus_ejecucion: r.estatus_ejecucion,
    fecha_banco: r.fecha_banco ?? '',
    referencia_banco: r.referencia_banco ?? '',
  };
}

function ActivationForm({ row, pending, fixRow }: ActivationContext) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const role = useStore(sessionStore, (s) => s.role);
  const server = useServerErrors();
  const schema = useMemo(() => activationSchema(), []);
  const form = useForm<ActivationInput, unknown, ActivationValues>({
    resolver: zodResolver(schema),
    defaultValues: initialValues(row, fixRow),
    mode: 'onTouched',
  });
  const listRoute = row.record.fondo_comun ? '/fondos-comunes' : '/creditos';
  // Accepted, or saved to be sent later: back to the list, which says how it went.
  const { outcome, fixing, sending, save } = useOutboxForm(ACTIVATE_FORM, {
    fixRow,
    onRefused: server.setServerErrors,
    onSettled: (_done, settled) => {
      clearSelectedContract();
      const text =
        settled === 'sent' ? t('creditos.activate.success', { id: row.id }) : t('creditos.queued');
      navigate(listRoute, { state: { notice: { text, tone: settled } } });
    },
    recordId: contratoRecordId(row.id),
  });

  const started = row.record.fecha_inicio !== null;
  const executionLocked = row.record.estatus_ejecucion !== 'PC';
  const executionOptions: ExecutionStatus[] = executionLocked
    ? [row.record.estatus_ejecucion]
    : can(role, 'contratos', 'cancel')
      ? ['PC', 'CO', 'CA']
      : ['PC', 'CO'];

  const allowed = fixRow !== null || canActivate(actionFacts(row));
  const f = (key: string) => t(`creditos.activate.fields.${key}`);

  return (
    <>
      <ContractHeader row={row} pending={pending} />
      {allowed ? (
        <Form
          form={form}
          serverErrors={server}
          id="activation-form"
          className="form card credito-form"
          onSubmit={(values) =>
            save({
              id: row.id,
              fondoComun: row.record.fondo_comun,
              values,
              before: contractBefore(fixing, row.record),
            })
          }
        >
          <FormBanner messages={outcome === 'rejected' ? [t('creditos.rejected')] : []} />
          <DateField
            name="fecha_inicio"
            label={f('fecha_inicio')}
            required
            max={todayIn()}
            readOnly={started}
            hint={started ? t('creditos.activate.locked') : undefined}
          />
          <SelectField
            name="tipo_tasa"
            label={f('tipo_tasa')}
            required
            readOnly={started}
            placeholder={t('creditos.choose')}
            options={RATE_TYPES.map((code) => ({
              value: code,
              labelKey: codeLabelKey('rateTypes', code),
            }))}
          />
          <SelectField
            name="estatus_ejecucion"
            label={f('estatus_ejecucion')}
            readOnly={executionLocked}
            options={executionOptions.map((code) => ({
              value: code,
              labelKey: codeLabelKey('executionStatuses', code),
            }))}
          />
          <DateField name="fecha_banco" label={f('fecha_banco')} max={todayIn()} />
          <TextField
            name="referencia_banco"
            label={f('referencia_banco')}
            autoComplete="off"
            normalizeOnBlur={(value) => value.trim()}
          />
          <div className="credito-form-actions">
            <Button variant="ghost" onClick={() => navigate(listRoute)} disabled={sending}>
              {t('creditos.cancel')}
            </Button>
            <Button type="submit" variant="primary" busy={sending} data-testid="activate-save">
              {t('creditos.activate.submit')}
            </Button>
          </div>
        </Form>
      ) : (
        <p className="form-banner" role="alert" data-testid="activate-not-allowed">
          {t('creditos.activate.notAllowed')}
        </p>
      )}
    </>
  );
}

export function CreditoActivarScreen({ titleKey }: CreditoActivarScreenProps) {
  return (
    <ContractPage titleKey={titleKey} route="/credito-activar" kind="contrato.activate">
      {(context) => <ActivationForm {...context} />}
    </ContractPage>
  );
}

/**
 * /condonacion (docs/business-rules.md#waiver): manager only, for
 * a contract that is current or overdue with execution CO. Shows what the waiver does and the
 * pending amounts, takes a justification (required, ≤100), asks confirmation, then shows the
 * success with a finish button. The server allows it only when the pending capital is exactly
 * 0, so with capital still owed the screen says so and does not offer the waiver.
 */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { TEXTAREA_MAX } from '#domain/codes';
import { formatCurrency } from '#domain/format';
import { waiverSchema, type WaiverInput, type WaiverValues } from '#domain/forms/waiver';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner, TextAreaField } from '#ui/form-field.tsx';
import type { OutboxRowOf } from '#commands/command-map';
import { contratoRecordId } from '#commands/creditos';
import { outboxForm } from '#commands/outbox';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { canWaive } from './contract-actions.ts';
import { contractBefore, useCorrection, useLateRefusal } from './contract-correction.ts';
import { actionFacts, ContractFiguresList } from './contract-detail-modal.tsx';
import { ContractHeader, ContractPage, type ContractPageContext } from './contract-page.tsx';
import { SaveResult, showsResultInPlace } from './save-result.tsx';

const WAIVE_FORM = outboxForm('condonacion.create');

type WaiverContext = ContractPageContext<'condonacion.create'>;

export interface CondonacionScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** Why this contract cannot be waived here, or null when it can. */
export function waiverBlock(
  row: WaiverContext['row'],
  role: Parameters<typeof can>[0],
): 'onlyManager' | 'notRunning' | 'capitalPending' | null {
  if (!can(role, 'condonaciones', 'create')) return 'onlyManager';
  if (!canWaive(actionFacts(row))) return 'notRunning';
  if ((row.capital_por_pagar ?? 0) !== 0) return 'capitalPending';
  return null;
}

function WaiverForm({
  row,
  pending,
  fixRow,
  reopen,
}: WaiverContext & { reopen: (write: OutboxRowOf<'condonacion.create'>) => void }) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const server = useServerErrors();
  const form = useForm<WaiverInput, unknown, WaiverValues>({
    resolver: zodResolver(waiverSchema),
    defaultValues: {
      credito: row.id,
      justificacion: fixRow ? fixRow.payload.values.justificacion : '',
    },
    mode: 'onTouched',
  });
  const write = useOutboxForm(WAIVE_FORM, {
    fixRow,
    onRefused: server.setServerErrors,
    onSettled: showsResultInPlace,
    recordId: contratoRecordId(row.id),
  });
  const { outcome, fixing, sending, save } = write;
  useLateRefusal(write, reopen);
  // The block is judged on the contract as the page opened: once waived it is CN, which is
  // the success, not a reason to refuse.
  const [block] = useState(() =>
    fixRow ? (can(role, 'condonaciones', 'create') ? null : 'onlyManager') : waiverBlock(row, role),
  );

  if (outcome === 'sent' || outcome === 'queued') {
    return (
      <>
        <ContractHeader row={row} pending={pending} />
        <SaveResult
          outcome={outcome}
          text={t('creditos.waive.success', { id: row.id })}
          fondoComun={row.record.fondo_comun}
        />
      </>
    );
  }

  return (
    <>
      <ContractHeader row={row} pending={pending} />
      <section className="card credito-panel" aria-labelledby="waiver-amounts">
        <p className="credito-message" data-testid="waiver-message">
          {t('creditos.waive.message', { id: row.id })}
        </p>
        <h2 id="waiver-amounts" className="credito-section-title">
          {t('creditos.waive.pendingAmounts')}
        </h2>
        <ContractFiguresList row={row} />
      </section>
      {block ? (
        <p className="form-banner" role="alert" data-testid="waiver-blocked">
          {block === 'capitalPending'
            ? t('server.credits.waiverCapitalPending', {
                capital: formatCurrency(row.capital_por_pagar),
              })
            : t(`creditos.waive.${block}`)}
        </p>
      ) : (
        <Form
          form={form}
          serverErrors={server}
          id="waiver-form"
          className="form card credito-form"
          confirm={t('creditos.waive.confirm', { id: row.id })}
          onSubmit={(values) =>
            save({ id: row.id, values, before: contractBefore(fixing, row.record) })
          }
        >
          <FormBanner messages={outcome === 'rejected' ? [t('creditos.rejected')] : []} />
          <TextAreaField
            name="justificacion"
            label={t('creditos.waive.justificacion')}
            required
            maxLength={TEXTAREA_MAX}
          />
          <div className="credito-form-actions">
            <Button type="submit" variant="danger" busy={sending} data-testid="waiver-save">
              {t('creditos.waive.submit')}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}

function WaiverPage(context: WaiverContext) {
  const { fixRow, formKey, reopen } = useCorrection(context.fixRow);
  return <WaiverForm key={formKey} {...context} fixRow={fixRow} reopen={reopen} />;
}

export function CondonacionScreen({ titleKey }: CondonacionScreenProps) {
  return (
    <ContractPage titleKey={titleKey} route="/condonacion" kind="condonacion.create">
      {(context) => <WaiverPage {...context} />}
    </ContractPage>
  );
}

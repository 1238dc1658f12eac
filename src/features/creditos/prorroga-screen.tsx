/**
 * /prorroga (docs/business-rules.md#contracts): manager only,
 * once per contract, for a contract that is current or overdue with execution CO. Months 1–14 and a
 * justification (required, ≤100); the current and the new due date are previewed as the months
 * are typed; confirmation; then the new due date (the server's, or the expected one while the
 * extension waits to be sent) with a finish button.
 */
import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { EXTENSION_MONTHS_MAX, TEXTAREA_MAX } from '#domain/codes';
import { addMonths } from '#domain/dates';
import {
  extensionSchema,
  type ExtensionInput,
  type ExtensionValues,
} from '#domain/forms/extension';
import { can } from '#domain/permissions';
import { sessionStore } from '#api/session-store';
import { Button } from '#ui/button.tsx';
import { DateText } from '#ui/date-text.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner, NumberField, TextAreaField } from '#ui/form-field.tsx';
import type { OutboxRowOf } from '#commands/command-map';
import { contratoRecordId } from '#commands/creditos';
import { outboxForm } from '#commands/outbox';
import { useServerErrors } from '#ui/server-errors.tsx';
import { useOutboxForm } from '#ui/use-outbox-form.ts';
import { canExtend } from './contract-actions.ts';
import { contractBefore, useCorrection, useLateRefusal } from './contract-correction.ts';
import { actionFacts } from './contract-detail-modal.tsx';
import { ContractHeader, ContractPage, type ContractPageContext } from './contract-page.tsx';
import { SaveResult, showsResultInPlace } from './save-result.tsx';

const EXTEND_FORM = outboxForm('contrato.extend');

type ExtensionContext = ContractPageContext<'contrato.extend'>;

export interface ProrrogaScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

/** Months typed so far, when they are a whole number in 1–14. */
export function validMonths(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value : '';
  if (!/^\s*\d{1,2}\s*$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= EXTENSION_MONTHS_MAX ? n : null;
}

/** The due date with `months` of extension: start + term + extension. */
export function extendedDueDate(
  record: { fecha_inicio: string | null; plazo: number },
  months: number,
): string | null {
  return record.fecha_inicio ? addMonths(record.fecha_inicio, record.plazo + months) : null;
}

function DuePreview({
  row,
  control,
}: {
  row: ContractPageContext['row'];
  control: Control<ExtensionInput>;
}) {
  const { t } = useTranslation();
  const months = validMonths(useWatch({ control, name: 'prorroga' }));
  const next = months === null ? null : extendedDueDate(row.record, months);
  return (
    <dl className="detail-list credito-due-preview" data-testid="extension-preview">
      <div data-figure="current">
        <dt>{t('creditos.extend.currentDue')}</dt>
        <dd>
          <DateText iso={row.fecha_vencimiento} />
        </dd>
      </div>
      <div data-figure="new">
        <dt>{t('creditos.extend.newDue')}</dt>
        <dd>{next ? <DateText iso={next} /> : '—'}</dd>
      </div>
    </dl>
  );
}

function ExtensionForm({
  row,
  pending,
  fixRow,
  reopen,
}: ExtensionContext & { reopen: (write: OutboxRowOf<'contrato.extend'>) => void }) {
  const { t } = useTranslation();
  const role = useStore(sessionStore, (s) => s.role);
  const server = useServerErrors();
  const fixValues = fixRow ? fixRow.payload.values : null;
  const form = useForm<ExtensionInput, unknown, ExtensionValues>({
    resolver: zodResolver(extensionSchema),
    defaultValues: {
      prorroga: fixValues ? String(fixValues.prorroga) : '',
      prorroga_justificacion: fixValues?.prorroga_justificacion ?? '',
    },
    mode: 'onTouched',
  });
  const write = useOutboxForm(EXTEND_FORM, {
    fixRow,
    onRefused: server.setServerErrors,
    onSettled: showsResultInPlace,
    recordId: contratoRecordId(row.id),
  });
  const { outcome, row: outboxRow, fixing, sending, save } = write;
  useLateRefusal(write, reopen);
  // Judged on the contract as the page opened: once extended, "an extension exists" is the
  // success, not a reason to refuse.
  const [block] = useState(() =>
    !can(role, 'contratos', 'extend')
      ? 'onlyManager'
      : fixRow || canExtend(actionFacts(row))
        ? null
        : row.record.prorroga > 0
          ? 'exists'
          : 'notRunning',
  );

  if ((outcome === 'sent' || outcome === 'queued') && outboxRow) {
    const answer = outcome === 'sent' ? outboxRow.result : null;
    const months = outboxRow.payload.values.prorroga;
    const due = answer?.fecha_vencimiento ?? extendedDueDate(row.record, months);
    return (
      <>
        <ContractHeader row={row} pending={pending} />
        <SaveResult
          outcome={outcome}
          text={t('creditos.extend.success', { id: row.id })}
          fondoComun={row.record.fondo_comun}
        >
          <p className="credito-new-due" data-testid="extension-new-due">
            {t('creditos.extend.newDue')}: <DateText iso={due} />
          </p>
        </SaveResult>
      </>
    );
  }

  return (
    <>
      <ContractHeader row={row} pending={pending} />
      {block ? (
        <p className="form-banner" role="alert" data-testid="extension-blocked">
          {block === 'exists'
            ? t('creditos.extend.exists', { meses: row.record.prorroga })
            : t(`creditos.extend.${block}`)}
        </p>
      ) : (
        <Form
          form={form}
          serverErrors={server}
          id="extension-form"
          className="form card credito-form"
          confirm={t('creditos.extend.confirm', { id: row.id })}
          onSubmit={(values) =>
            save({ id: row.id, values, before: contractBefore(fixing, row.record) })
          }
        >
          <FormBanner messages={outcome === 'rejected' ? [t('creditos.rejected')] : []} />
          <NumberField
            name="prorroga"
            label={t('creditos.extend.prorroga')}
            hint={t('creditos.extend.monthsHint', { max: EXTENSION_MONTHS_MAX })}
            required
            integer
          />
          <DuePreview row={row} control={form.control} />
          <TextAreaField
            name="prorroga_justificacion"
            label={t('creditos.extend.justificacion')}
            required
            maxLength={TEXTAREA_MAX}
          />
          <div className="credito-form-actions">
            <Button type="submit" variant="primary" busy={sending} data-testid="extension-save">
              {t('creditos.extend.submit')}
            </Button>
          </div>
        </Form>
      )}
    </>
  );
}

function ExtensionPage(context: ExtensionContext) {
  const { fixRow, formKey, reopen } = useCorrection(context.fixRow);
  return <ExtensionForm key={formKey} {...context} fixRow={fixRow} reopen={reopen} />;
}

export function ProrrogaScreen({ titleKey }: ProrrogaScreenProps) {
  return (
    <ContractPage titleKey={titleKey} route="/prorroga" kind="contrato.extend">
      {(context) => <ExtensionPage {...context} />}
    </ContractPage>
  );
}

/**
 * The words of the visit sheet's member rows, looked up once per sheet and language instead of
 * once per row: a sheet of a hundred members would otherwise subscribe a hundred times over to
 * the language and look the same labels up again for every card (docs/community-visit.md#measured).
 */
import type { TFunction } from 'i18next';
import {
  codeLabelKey,
  type EvaluationStatus,
  type Lang,
  type Process,
  type RequestStatus,
} from '#domain/codes';
import { formatCurrency, formatDate } from '#domain/format';
import { translateMessage } from '#i18n/translate-message';
import type { VisitMark } from '#domain/forms/visit-mark';
import type { VisitRefusal } from './visit-model.ts';

export interface RowText {
  lang: Lang;
  /** Money in cents, "—" when there is none. */
  money: (cents: number | null | undefined) => string;
  date: (iso: string) => string;
  pending: string;
  sent: string;
  debt: string;
  dueThisMonth: string;
  daysOverdue: string;
  savings: string;
  loanTitle: (folio: number) => string;
  loanDue: string;
  loanLate: (days: number) => string;
  loanThisMonth: string;
  collections: string;
  product: (code: Process) => string;
  kilos: (kilos: string) => string;
  request: (folio: number | string) => string;
  requestState: (estatus: RequestStatus, evaluacion: EvaluationStatus) => string;
  refused: (n: number) => string;
  refusedKind: (kind: VisitRefusal['kind']) => string;
  collect: string;
  contribution: string;
  collection: string;
  mark: Record<VisitMark, string>;
  markAction: Record<VisitMark, string>;
  promiseDate: string;
  promiseSave: string;
  /** An encoded domain message as text. */
  message: (text: string) => string;
}

export function rowText(t: TFunction, lang: Lang): RowText {
  const each = (prefix: string): Record<VisitMark, string> => ({
    ausente: t(`${prefix}.ausente`),
    promesa: t(`${prefix}.promesa`),
    visitado: t(`${prefix}.visitado`),
  });
  return {
    lang,
    money: (cents) => (cents == null ? '—' : formatCurrency(cents, lang)),
    date: (iso) => formatDate(iso, lang),
    pending: t('visita.pending'),
    sent: t('visita.sent'),
    debt: t('visita.figures.debt'),
    dueThisMonth: t('visita.figures.dueThisMonth'),
    daysOverdue: t('visita.figures.daysOverdue'),
    savings: t('visita.figures.savings'),
    loanTitle: (folio) => t('visita.loan.title', { folio }),
    loanDue: t('visita.loan.due'),
    loanLate: (n) => t('visita.loan.late', { n }),
    loanThisMonth: t('visita.loan.thisMonth'),
    collections: t('visita.collections'),
    product: (code) => t(codeLabelKey('processes', code)),
    kilos: (kilos) => t('visita.kilos', { kilos }),
    request: (folio) => t('visita.request', { folio }),
    requestState: (estatus, evaluacion) =>
      estatus === 'AP'
        ? `${t(codeLabelKey('requestStatuses', estatus))} · ${t(codeLabelKey('evaluationStatuses', evaluacion))}`
        : t(codeLabelKey('requestStatuses', estatus)),
    refused: (n) => t('visita.refused', { n }),
    refusedKind: (kind) => t(`visita.kind.${kind}`),
    collect: t('visita.actions.collect'),
    contribution: t('visita.actions.contribution'),
    collection: t('visita.actions.collection'),
    mark: each('visita.mark'),
    markAction: each('visita.markAction'),
    promiseDate: t('visita.promiseDate'),
    promiseSave: t('visita.promiseSave'),
    message: (text) => translateMessage(t, text),
  };
}

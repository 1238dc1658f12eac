/**
 * The shell of a delivery capture form that stays open for the next item (a collection, a
 * contribution or withdrawal): the form with its confirmation, the "correcting" hint, the
 * save status (./capture-save-status.tsx, brought into view by the caller through
 * `statusRef`), the banner, the caller's fields, then "Save" (or "Resend" while correcting)
 * and the way back — to the visit it came from, else to the list (`/<section>`). Its texts
 * are the section's: `<section>.form.fixing|save|resend|toList`.
 */
import type { ReactNode, RefObject } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '#ui/button.tsx';
import {
  CaptureSaveStatus,
  type CaptureSaveStatusProps,
} from '#components/capture-save-status.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';

export interface DeliveryFormShellProps<I extends FieldValues, V> {
  id: string;
  className: string;
  form: UseFormReturn<I, unknown, V>;
  onSubmit: (values: V) => void | Promise<void>;
  server: ServerErrorsApi;
  /** The confirmation's words (useCaptureConfirm) and, if any, its own question. */
  confirmTitle: string;
  confirmLabel: string;
  confirm?: string;
  review: (values: V) => ReactNode;
  /** A refused item is being corrected. */
  fixing: boolean;
  sending: boolean;
  statusRef: RefObject<HTMLDivElement | null>;
  status: Omit<CaptureSaveStatusProps, 'holding'>;
  /** The visit this capture came from, if any. */
  returnTo: string | null;
  children: ReactNode;
}

export function DeliveryFormShell<I extends FieldValues, V>({
  statusRef,
  ...props
}: DeliveryFormShellProps<I, V>) {
  const { t } = useTranslation();
  const { fixing, sending, returnTo, status } = props;
  const text = (key: string) => t(`${status.section}.form.${key}`);
  return (
    <Form
      confirmTitle={props.confirmTitle}
      confirmLabel={props.confirmLabel}
      form={props.form}
      onSubmit={props.onSubmit}
      serverErrors={props.server}
      className={props.className}
      id={props.id}
      confirm={props.confirm ?? true}
      review={props.review}
    >
      {fixing ? (
        <p className="field-hint" data-testid={`${status.testId}-fixing`}>
          {text('fixing')}
        </p>
      ) : null}
      <div ref={statusRef} className="save-status-anchor">
        {/* Only a refusal reads `holding`, and the form holds a refused item exactly while
            fixing it. */}
        <CaptureSaveStatus {...status} holding={fixing} />
      </div>
      <FormBanner />
      {props.children}
      <div className="form-actions">
        <Button
          type="submit"
          variant="primary"
          busy={sending}
          data-testid={`${status.testId}-save`}
        >
          {fixing ? text('resend') : text('save')}
        </Button>
        <Link className="btn btn-ghost" to={returnTo ?? `/${status.section}`}>
          {returnTo ? t('visita.backToVisit') : text('toList')}
        </Link>
      </div>
    </Form>
  );
}

/**
 * A form of the kit: provides the react-hook-form instance and its server errors to the
 * fields, validates on submit, then asks "¿Los datos son correctos?" before
 * calling `onSubmit` with the parsed values. The confirmation stays open, busy, until
 * `onSubmit` settles; `onSubmit` handles its own failure (setServerErrors / showError).
 */
import { useState, type ReactNode } from 'react';
import { FormProvider, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { ConfirmDialog } from '#ui/confirm-dialog.tsx';
import { ServerErrorsProvider, type ServerErrorsApi } from '#ui/server-errors.tsx';

export interface FormProps<Values extends FieldValues, Output> {
  // The context type is whatever the caller's useForm chose; it is only passed through.
  form: UseFormReturn<Values, unknown, Output>;
  onSubmit: (values: Output) => void | Promise<void>;
  serverErrors?: ServerErrorsApi;
  /** Ask for confirmation first (default); a string replaces the question. */
  confirm?: boolean | string;
  /** What the confirmation shows of the values about to be saved. */
  review?: (values: Output) => ReactNode;
  /** Already translated: the confirmation's title and main button (see useCaptureConfirm). */
  confirmTitle?: string;
  confirmLabel?: string;
  id?: string;
  className?: string;
  /**
   * Where the browser sends the form if it is submitted before the app's script handles it (a
   * prerendered page): a POST, so nothing typed ends up in an address.
   */
  nativeAction?: string;
  children: ReactNode;
}

export function Form<Values extends FieldValues, Output = Values>(
  props: FormProps<Values, Output>,
) {
  const { form, onSubmit, serverErrors, confirm = true } = props;
  // Wrapped in an object so a falsy parsed value still counts as "waiting for confirmation".
  const [pending, setPending] = useState<{ values: Output } | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(values: Output) {
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const submit = form.handleSubmit(async (values) => {
    serverErrors?.clearAll();
    if (confirm) setPending({ values });
    else await send(values);
  });

  return (
    <FormProvider {...form}>
      <ServerErrorsProvider value={serverErrors ?? null}>
        <form
          id={props.id}
          className={props.className ?? 'form'}
          noValidate
          onSubmit={submit}
          {...(props.nativeAction === undefined
            ? {}
            : { method: 'post', action: props.nativeAction })}
        >
          {props.children}
        </form>
        <ConfirmDialog
          open={pending !== null}
          message={typeof confirm === 'string' ? confirm : undefined}
          title={props.confirmTitle}
          confirmLabel={props.confirmLabel}
          busy={busy}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            if (pending) void send(pending.values);
          }}
        >
          {pending && props.review ? props.review(pending.values) : null}
        </ConfirmDialog>
      </ServerErrorsProvider>
    </FormProvider>
  );
}

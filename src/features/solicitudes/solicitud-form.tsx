/**
 * The request form as the user sees it: the fields, the save's
 * status lines and the buttons. The save itself belongs to the form's mode
 * (solicitud-form-saves.tsx: a new request, or the correction of a rejected one, which needs a
 * comment); the save asks for confirmation first.
 */
import { useMemo } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  creditRequestSchema,
  type CreditRequestInput,
  type CreditRequestValues,
} from '#domain/forms/credit-request';
import { renegotiationSchema } from '#domain/forms/renegotiation';
import { issueAt } from '#domain/rules';
import { Button } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';
import type { CaptureOutcome } from '#ui/use-capture-hold.ts';
import { knownDuplicate } from './request-duplicate.ts';
import { SolicitudFormFields } from './solicitud-form-fields.tsx';
import { SolicitudReview } from './solicitud-review.tsx';
import type { SolicitudMember } from './use-solicitudes-data.ts';

export interface SolicitudFormProps {
  initial: CreditRequestInput;
  members: readonly SolicitudMember[];
  /** The correction of a rejected request: a comment is required (docs/business-rules.md#credit-requests). */
  resubmit: boolean;
  server: ServerErrorsApi;
  outcome: CaptureOutcome;
  sending: boolean;
  onSave: (values: CreditRequestValues) => Promise<void>;
  onCancel: () => void;
  /** The request being corrected (its folio, or the client id of a refused capture). */
  except: number | string | null;
}

/**
 * The request schema, plus the comment a resubmission must carry and the server's duplicate
 * rule over the phone's copy (docs/business-rules.md#credit-requests).
 */
function useRequestResolver(commentRequired: boolean, except: number | string | null) {
  return useMemo(() => {
    const schema = creditRequestSchema().superRefine(async (values, ctx) => {
      const duplicate = await knownDuplicate(values, except);
      if (duplicate !== null) issueAt(ctx, 'root', duplicate);
    });
    const base: Resolver<CreditRequestInput, unknown, CreditRequestValues> = zodResolver(schema);
    if (!commentRequired) return base;
    const withComment: Resolver<CreditRequestInput, unknown, CreditRequestValues> = async (
      values,
      context,
      options,
    ) => {
      const result = await base(values, context, options);
      const comment = renegotiationSchema.safeParse({
        comentarios_promotor: values.comentarios_promotor,
      });
      if (comment.success) return result;
      return {
        values: {},
        errors: {
          ...result.errors,
          comentarios_promotor: {
            type: 'custom',
            message: comment.error.issues[0]?.message ?? 'validation.required',
          },
        },
      };
    };
    return withComment;
  }, [commentRequired, except]);
}

export function SolicitudForm(props: SolicitudFormProps) {
  const { resubmit, sending } = props;
  const { t } = useTranslation();
  const resolver = useRequestResolver(resubmit, props.except);
  const form = useForm<CreditRequestInput, unknown, CreditRequestValues>({
    resolver,
    defaultValues: props.initial,
    mode: 'onTouched',
  });
  const duplicate = form.formState.errors.root?.message;

  return (
    <Form
      id="solicitud-form"
      form={form}
      onSubmit={props.onSave}
      review={(values) => <SolicitudReview values={values} members={props.members} />}
      serverErrors={props.server}
      className="form solicitud-form"
    >
      <FormSaveLines
        rejected={props.outcome === 'rejected'}
        sending={sending}
        rejectedText={t('solicitudes.rejected')}
        sendingText={t('solicitudes.sending')}
        testId="solicitud-status"
      />
      <FormBanner messages={duplicate ? [duplicate] : []} />
      <SolicitudFormFields members={props.members} commentRequired={resubmit} readOnly={sending} />
      <div className="form-actions solicitud-form-actions">
        <Button variant="ghost" onClick={props.onCancel} disabled={sending}>
          {t('solicitudes.form.cancel')}
        </Button>
        <Button type="submit" variant="primary" busy={sending} data-testid="solicitud-save">
          {t(resubmit ? 'solicitudes.form.saveResubmit' : 'solicitudes.form.save')}
        </Button>
      </div>
    </Form>
  );
}

/**
 * The frame both review desks decide in (the coordinator's control desk and the manager's
 * evaluation): a card with its title, the save lines of the queued decision, the form's banner,
 * the desk's own fields, then one submit button per decision. A decision button records which
 * decision it is before the form validates, so the desk's schema (the server's own) checks the
 * fields that decision needs; the confirmation names the decision being sent.
 */
import { useState, type ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button, type ButtonProps } from '#ui/button.tsx';
import { Form } from '#ui/form.tsx';
import { FormBanner } from '#ui/form-field.tsx';
import { FormSaveLines } from '#ui/form-save-lines.tsx';
import type { ServerErrorsApi } from '#ui/server-errors.tsx';

/** One decision button, already translated. */
export interface DecisionChoice<D extends string> {
  value: D;
  label: string;
  variant: NonNullable<ButtonProps['variant']>;
  testId: string;
}

/**
 * The decision being sent: set by its button just before the submit validates (through
 * `record`, which writes it into the form's decision field).
 */
export function useDecision<D extends string>(
  initial: D | null,
  record: (value: D) => void,
): [D | null, (value: D) => () => void] {
  const [decision, setDecision] = useState<D | null>(initial);
  const choose = (value: D) => () => {
    setDecision(value);
    record(value);
  };
  return [decision, choose];
}

export interface ReviewDecisionFormProps<I extends FieldValues, V, D extends string> {
  id: string;
  form: UseFormReturn<I, unknown, V>;
  title: string;
  rejectedText: string;
  sendingText: string;
  /** The confirmation's question for the decision chosen. */
  confirm: string;
  server: ServerErrorsApi;
  /** May decide now (role, state, nothing pending): else no decision buttons. */
  editable: boolean;
  sending: boolean;
  rejected: boolean;
  decision: D | null;
  choices: readonly DecisionChoice<D>[];
  onChoose: (value: D) => () => void;
  onDecide: (values: V) => Promise<void>;
  /** The desk's fields. */
  children: ReactNode;
}

export function ReviewDecisionForm<I extends FieldValues, V, D extends string>(
  props: ReviewDecisionFormProps<I, V, D>,
) {
  const { editable, sending, decision, choices } = props;
  return (
    <Form
      id={props.id}
      form={props.form}
      onSubmit={props.onDecide}
      serverErrors={props.server}
      confirm={props.confirm}
      className="form review-form card"
    >
      <h2 className="review-card-title">{props.title}</h2>
      <FormSaveLines
        rejected={props.rejected}
        sending={sending}
        rejectedText={props.rejectedText}
        sendingText={props.sendingText}
        testId="review-status"
      />
      <FormBanner />
      {props.children}
      {editable ? (
        <div className={choices.length === 3 ? 'review-actions is-three' : 'review-actions'}>
          {choices.map((choice) => (
            <Button
              key={choice.value}
              type="submit"
              variant={choice.variant}
              onClick={props.onChoose(choice.value)}
              busy={sending && decision === choice.value}
              disabled={sending}
              data-testid={choice.testId}
            >
              {choice.label}
            </Button>
          ))}
        </div>
      ) : null}
    </Form>
  );
}

/**
 * The control desk's four questions (all four ticked to approve,
 * docs/business-rules.md#credit-requests; their wording is in `mesaControl.questions.*`). One group
 * with one message: the approval rule, or what the server said about any question.
 */
import { useController, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTROL_DESK_QUESTIONS } from '#domain/forms/control-desk';
import { useMessageText } from '#ui/message-text.ts';
import { useServerErrorsContext } from '#ui/server-errors.tsx';

type Question = (typeof CONTROL_DESK_QUESTIONS)[number];

function QuestionBox({ name, readOnly }: { name: Question; readOnly: boolean }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ name });
  // The ref travels apart from the values read during render (as in #ui/field-shell).
  const { ref: inputRef, ...control } = field;
  const server = useServerErrorsContext();
  const invalid = Boolean(fieldState.error) || Boolean(server?.fieldError(name)?.length);
  const id = `mesa-${name}`;
  return (
    <li className={`mesa-question${invalid ? ' is-invalid' : ''}`}>
      <input
        id={id}
        ref={inputRef}
        name={control.name}
        type="checkbox"
        className="checkbox"
        checked={control.value === true}
        disabled={readOnly}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          control.onChange(event.target.checked);
          server?.clearField(name);
        }}
        onBlur={control.onBlur}
      />
      <label htmlFor={id}>{t(`mesaControl.questions.${name}`)}</label>
    </li>
  );
}

export function MesaControlQuestions({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const { formState } = useFormContext();
  const server = useServerErrorsContext();
  const messages = new Set<string>();
  for (const q of CONTROL_DESK_QUESTIONS) {
    for (const text of server?.fieldError(q) ?? []) messages.add(messageText(text));
    const error = formState.errors[q]?.message;
    if (typeof error === 'string' && formState.isSubmitted) messages.add(messageText(error));
  }
  const message = [...messages].join(' ');
  return (
    <fieldset
      className={`mesa-questions${message ? ' is-invalid' : ''}`}
      aria-describedby={message ? 'mesa-questions-message' : undefined}
      data-testid="mesa-questions"
    >
      <legend className="field-label">{t('mesaControl.questions.legend')}</legend>
      <ol>
        {CONTROL_DESK_QUESTIONS.map((q) => (
          <QuestionBox key={q} name={q} readOnly={readOnly} />
        ))}
      </ol>
      {message ? (
        <p id="mesa-questions-message" className="field-message">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}

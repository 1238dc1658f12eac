/**
 * The status lines of a form whose write goes through the outbox: refused by the server (an
 * alert; the reasons are under the fields) or on the wire (a spinner). Texts come translated.
 */
import { Spinner } from '#ui/spinner.tsx';

export interface FormSaveLinesProps {
  rejected: boolean;
  sending: boolean;
  rejectedText: string;
  sendingText: string;
  /** `data-testid` of either line. */
  testId?: string;
}

export function FormSaveLines(props: FormSaveLinesProps) {
  const { rejected, sending, rejectedText, sendingText, testId } = props;
  return (
    <>
      {rejected ? (
        <p className="form-status is-rejected" role="alert" data-testid={testId}>
          {rejectedText}
        </p>
      ) : null}
      {sending ? (
        <p className="form-status" role="status" data-testid={testId}>
          <Spinner inline /> {sendingText}
        </p>
      ) : null}
    </>
  );
}

/**
 * The status line of a capture form that stays open for the next item (collections,
 * contributions/withdrawals): on the wire, created with the server's number, saved on the
 * phone to be sent, or refused — with the reasons under the fields while the form still holds
 * the item, else with a button that opens it for correction.
 */
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button.tsx';
import { Spinner } from '#ui/spinner.tsx';
import type { CaptureOutcome, CaptureRow } from '#ui/use-capture-hold.ts';

export interface CaptureSaveStatusProps {
  outcome: CaptureOutcome;
  row: CaptureRow | undefined;
  /** Whether the form still holds the item (its reasons are under the fields). */
  holding: boolean;
  onFix: (mutationId: string) => void;
  /** i18n section with `sending`, `created` ({{id}}), `queued`, `rejected`, `rejectedLater`, `fix`. */
  section: string;
  /** `data-testid` prefix: `<prefix>-status` and `<prefix>-fix`. */
  testId: string;
  className: string;
}

export function CaptureSaveStatus(props: CaptureSaveStatusProps) {
  const { outcome, row, holding, onFix, section, testId, className } = props;
  const { t } = useTranslation();
  if (outcome === null || !row) return null;
  if (outcome === 'sending')
    return (
      <p
        className="form-status"
        role="status"
        data-testid={`${testId}-status`}
        data-outcome={outcome}
      >
        <Spinner inline /> {t(`${section}.sending`)}
      </p>
    );
  const text =
    outcome === 'sent'
      ? t(`${section}.created`, { id: row.serverId ?? '' })
      : outcome === 'queued'
        ? t(`${section}.queued`)
        : holding
          ? t(`${section}.rejected`)
          : t(`${section}.rejectedLater`);
  return (
    <div
      className={`form-status ${className} is-${outcome}`}
      role={outcome === 'rejected' ? 'alert' : 'status'}
      data-testid={`${testId}-status`}
      data-outcome={outcome}
    >
      <span>{text}</span>
      {outcome === 'rejected' && !holding ? (
        <Button variant="secondary" onClick={() => onFix(row.id)} data-testid={`${testId}-fix`}>
          {t(`${section}.fix`)}
        </Button>
      ) : null}
    </div>
  );
}

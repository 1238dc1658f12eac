/**
 * The outcome of a decision on the control desk or the evaluation (its success
 * alert): accepted by the server, saved on the device to be sent later, or refused (the
 * messages are under the fields). A link leads back to the requests list.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SaveOutcome } from '#sync/save-outcome';

export function ReviewOutcomeAlert({
  outcome,
  text,
}: {
  outcome: Exclude<SaveOutcome, null | 'sending'>;
  /** Already translated. */
  text: string;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // The decision buttons may be far down (a phone): bring the outcome into view.
  useEffect(() => {
    const box = ref.current;
    if (box && typeof box.scrollIntoView === 'function') box.scrollIntoView({ block: 'nearest' });
  }, [outcome]);
  return (
    <div
      ref={ref}
      className={`review-alert is-${outcome}`}
      role={outcome === 'rejected' ? 'alert' : 'status'}
      data-testid="review-alert"
      data-outcome={outcome}
    >
      <span>{text}</span>
      {outcome === 'rejected' ? null : (
        <Link className="btn btn-secondary" to="/solicitudes" data-testid="review-back">
          {t('mesaControl.backToList')}
        </Link>
      )}
    </div>
  );
}

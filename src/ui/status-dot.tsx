import { useTranslation } from 'react-i18next';
import { codeLabelKey, type MemberStatus } from '#domain/codes';

/**
 * Member status per area: AC green, NP grey, BA red. The status is also
 * named in text for screen readers and a shape differs per status, so colour is not the
 * only cue.
 */
export function StatusDot({ status, showLabel }: { status: MemberStatus; showLabel?: boolean }) {
  const { t } = useTranslation();
  const label = t(codeLabelKey('memberStatuses', status));
  return (
    <span className={`status-dot-wrap status-${status}`}>
      <span className="status-dot" role="img" aria-label={label} title={label} />
      {showLabel ? <span className="status-dot-label">{label}</span> : null}
    </span>
  );
}

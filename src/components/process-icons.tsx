/**
 * Process choice of a member: coffee, honey, soap, salaries. A process
 * the member is active in (AC) can be chosen; NP and BA are shown greyed and cannot; the
 * chosen one (SEL) is highlighted.
 */
import { useTranslation } from 'react-i18next';
import {
  codeLabelKey,
  PROCESSES,
  type MemberStatus,
  type Process,
  type ProcessIconState,
} from '#domain/codes';
import { ProcessArt } from '#components/process-icon-art.tsx';

export function processIconState(
  process: Process,
  value: Process | null | undefined,
  statuses: Partial<Record<Process, MemberStatus>>,
): ProcessIconState {
  if (value === process) return 'SEL';
  return statuses[process] ?? 'NP';
}

/** One pictogram in a state, with its process and state named for screen readers. */
export function ProcessIcon({ process, state }: { process: Process; state: ProcessIconState }) {
  const { t } = useTranslation();
  const label = `${t(codeLabelKey('processes', process))}: ${t(codeLabelKey('processIconStates', state))}`;
  return (
    <span className={`process-icon state-${state}`} role="img" aria-label={label} title={label}>
      <ProcessArt process={process} />
    </span>
  );
}

export interface ProcessIconsProps {
  /** The chosen process, if any. */
  value: Process | null | undefined;
  /** The member's status per process; a missing one counts as NP. */
  statuses: Partial<Record<Process, MemberStatus>>;
  onChange?: (process: Process) => void;
  readOnly?: boolean;
  /** Accessible name of the group, already translated. */
  label?: string;
}

export function ProcessIcons({ value, statuses, onChange, readOnly, label }: ProcessIconsProps) {
  const { t } = useTranslation();
  const interactive = Boolean(onChange) && !readOnly;
  return (
    <div className="process-icons" role="group" aria-label={label ?? t('ui.process.group')}>
      {PROCESSES.map((process) => {
        const state = processIconState(process, value, statuses);
        const name = t(codeLabelKey('processes', process));
        if (!interactive) {
          return (
            <span key={process} className="process-choice is-static">
              <ProcessIcon process={process} state={state} />
              <span className="process-name">{name}</span>
            </span>
          );
        }
        const choosable = state === 'AC' || state === 'SEL';
        return (
          <button
            key={process}
            type="button"
            className={`process-choice state-${state}`}
            aria-pressed={state === 'SEL'}
            disabled={!choosable}
            aria-label={`${name}: ${t(codeLabelKey('processIconStates', state))}`}
            onClick={() => {
              if (state === 'AC') onChange?.(process);
            }}
          >
            <span className={`process-icon state-${state}`} aria-hidden="true">
              <ProcessArt process={process} />
            </span>
            <span className="process-name" aria-hidden="true">
              {name}
            </span>
          </button>
        );
      })}
    </div>
  );
}

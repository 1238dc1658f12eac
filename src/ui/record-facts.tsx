/**
 * A record's facts in a detail dialog (payment, collection…): label over value, in as many
 * columns as the dialog's width allows. Styled once in styles.css (`.record-facts`).
 */
import type { ReactNode } from 'react';

export function RecordFacts({ testId, children }: { testId?: string; children: ReactNode }) {
  return (
    <dl className="record-facts" data-testid={testId}>
      {children}
    </dl>
  );
}

export function RecordFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="record-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

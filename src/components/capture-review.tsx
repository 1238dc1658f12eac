/**
 * What a capture's confirmation shows before it is saved, one layout for
 * payments, acopios, movements and credit requests: the member (key and name), then label/value
 * rows (contract or process, date, …), each amount with its label, the total and the total in
 * words in the interface language — large type and high contrast, so the promoter and the
 * member can check it together at 360 px in the sun.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Cents } from '#domain/money';
import { AmountInWords } from '#components/amount-in-words.tsx';
import { Currency } from '#ui/money.tsx';

export interface ReviewRow {
  /** Already translated. */
  label: string;
  value: ReactNode;
}

export interface ReviewAmount {
  /** Already translated. */
  label: string;
  cents: Cents;
}

export interface CaptureReviewProps {
  /** The member as the phone knows it; undefined when it is not on this phone. */
  member: { clave_socio: number; full_name: string } | undefined;
  /** The key typed, shown when the member is not on this phone. */
  memberKey?: string | number;
  rows: readonly ReviewRow[];
  /** The parts of the total; one part that is the total itself is left out. */
  amounts?: readonly ReviewAmount[];
  total: ReviewAmount;
  testId: string;
}

export function CaptureReview(props: CaptureReviewProps) {
  const { t } = useTranslation();
  const { member, total, testId } = props;
  const memberText = member
    ? `${member.clave_socio} ${member.full_name}`
    : `${props.memberKey ?? ''} ${t('ui.review.notOnPhone')}`.trim();
  return (
    <div className="capture-review-box" data-testid={testId}>
      <dl className="capture-review">
        <div>
          <dt>{t('ui.review.member')}</dt>
          <dd data-testid={`${testId}-member`}>{memberText}</dd>
        </div>
        {props.rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
        {(props.amounts ?? []).map((amount) => (
          <div key={amount.label}>
            <dt>{amount.label}</dt>
            <dd>
              <Currency cents={amount.cents} />
            </dd>
          </div>
        ))}
        <div className="capture-review-total">
          <dt>{total.label}</dt>
          <dd data-testid={`${testId}-total`}>
            <Currency cents={total.cents} />
          </dd>
        </div>
      </dl>
      <AmountInWords cents={total.cents} testId={`${testId}-words`} />
    </div>
  );
}

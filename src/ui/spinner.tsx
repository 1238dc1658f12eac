import { useTranslation } from 'react-i18next';

/** Busy indicator announced to screen readers; `label` is already translated. */
export function Spinner({ label, inline }: { label?: string; inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <span role="status" className={inline ? 'spinner is-inline' : 'spinner'}>
      <span className="spinner-ring" aria-hidden="true" />
      <span className="sr-only">{label ?? t('ui.spinner.loading')}</span>
    </span>
  );
}

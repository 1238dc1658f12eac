import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What a screen shows when it has nothing yet; texts are already translated. */
export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p className="empty-state-title">{title ?? t('ui.empty.title')}</p>
      {children ? <div className="empty-state-body">{children}</div> : null}
    </div>
  );
}

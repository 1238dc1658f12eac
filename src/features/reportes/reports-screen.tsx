/** Reports (/reportes): spec part 1 §2 — only an under-construction text. */
import { useTranslation } from 'react-i18next';

export function ReportsScreen() {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1 className="screen-title">{t('routes.reportes')}</h1>
      <p className="screen-lead">{t('app.underConstruction')}</p>
    </section>
  );
}

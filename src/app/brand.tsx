/** The app's mark and name in the top bar. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand">
      <img src="/favicon.svg" alt="" width={32} height={32} className="brand-mark" />
      <span className="brand-name">{t('app.name')}</span>
    </Link>
  );
}

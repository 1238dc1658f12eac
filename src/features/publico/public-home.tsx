/** Public home (/): name, tagline, the one-line presentation and the way in. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function PublicHome() {
  const { t } = useTranslation();
  return (
    <section className="screen public-hero">
      <img className="public-hero-mark" src="/favicon.svg" alt="" width={96} height={96} />
      <h1 className="public-hero-title">{t('app.name')}</h1>
      <p className="public-hero-tagline">{t('public.tagline')}</p>
      <p className="screen-lead">{t('public.homeLead')}</p>
      <Link className="btn btn-primary" to="/acceso">
        {t('public.goToLogin')}
      </Link>
    </section>
  );
}

/**
 * About us (/conocenos): the territory, the cooperative, coffee, soap,
 * microfinance, honey, collaboration and the platform — a short, plain text each, with an index
 * of the sections at the top (in-page links) for a long read on a phone.
 */
import { useTranslation } from 'react-i18next';
import './publico.css';

export const ABOUT_SECTIONS = [
  'territory',
  'cooperative',
  'coffee',
  'soap',
  'microfinance',
  'honey',
  'collaboration',
  'platform',
] as const;

export interface ConocenosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function ConocenosScreen({ titleKey }: ConocenosScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="screen public-page about-page">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('public.aboutLead')}</p>
      <nav className="about-index" aria-label={t('public.about.indexLabel')}>
        <ul>
          {ABOUT_SECTIONS.map((key) => (
            <li key={key}>
              <a href={`#conocenos-${key}`}>{t(`public.about.${key}.title`)}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="about-sections">
        {ABOUT_SECTIONS.map((key) => (
          <section
            key={key}
            id={`conocenos-${key}`}
            className={`about-section is-${key}`}
            aria-labelledby={`conocenos-${key}-title`}
          >
            <h2 id={`conocenos-${key}-title`} className="about-section-title">
              {t(`public.about.${key}.title`)}
            </h2>
            <p>{t(`public.about.${key}.body`)}</p>
          </section>
        ))}
      </div>
    </section>
  );
}

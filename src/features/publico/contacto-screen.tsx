/**
 * Contact (/contacto): how to reach the cooperative — the promoter of one's region or the
 * office — and what to do about a forgotten password (the login's help link leads here; the
 * coordination sets a new one). No address, phone or e-mail is printed that the cooperative
 * has not given.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import './publico.css';

const WAYS = ['community', 'office', 'password'] as const;

export interface ContactoScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function ContactoScreen({ titleKey }: ContactoScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="screen public-page contact-page">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('public.contactLead')}</p>
      <ul className="contact-ways">
        {WAYS.map((key) => (
          <li key={key} id={`contacto-${key}`} className="card contact-way">
            <h2 className="contact-way-title">{t(`public.contact.${key}.title`)}</h2>
            <p>{t(`public.contact.${key}.body`)}</p>
          </li>
        ))}
      </ul>
      <Link className="btn btn-secondary" to="/acceso">
        {t('public.goToLogin')}
      </Link>
    </section>
  );
}

/**
 * Forms links (/formatos): four external links — current forms, operations
 * manuals, training material, infographics — from the run-time configuration
 * (`VITE_FORMS_*_URL`). A link that is not configured shows as unavailable instead of
 * disappearing, so everyone knows the four exist. They open in a new tab and need a connection.
 */
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '#api/config';
import { useOnline } from '#ui/use-online.ts';
import { usePublicConfig } from './use-public-config.ts';
import './formatos.css';

export const FORM_LINKS = [
  { key: 'current', config: 'formsCurrentUrl' },
  { key: 'manuals', config: 'formsManualsUrl' },
  { key: 'training', config: 'formsTrainingUrl' },
  { key: 'infographics', config: 'formsInfographicsUrl' },
] as const satisfies readonly { key: string; config: keyof PublicConfig }[];

export interface FormatosScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function FormatosScreen({ titleKey }: FormatosScreenProps) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const online = useOnline();
  return (
    <section className="screen formatos-screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t('formatos.lead')}</p>
      {online ? null : (
        <p className="formatos-offline" role="note">
          {t('formatos.offline')}
        </p>
      )}
      <ul className="formatos-links">
        {FORM_LINKS.map((link) => {
          const url = config[link.config];
          return (
            <li key={link.key} className={`card formatos-link${url ? '' : ' is-unavailable'}`}>
              <h2 className="formatos-link-title">{t(`formatos.links.${link.key}.title`)}</h2>
              <p className="formatos-link-text">{t(`formatos.links.${link.key}.text`)}</p>
              {url ? (
                <a
                  className="btn btn-primary"
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  data-testid={`formatos-${link.key}`}
                >
                  {t('formatos.open')}
                  <span className="sr-only"> {t('formatos.newTab')}</span>
                </a>
              ) : (
                <p className="formatos-unavailable" data-testid={`formatos-${link.key}`}>
                  {t('formatos.unavailable')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

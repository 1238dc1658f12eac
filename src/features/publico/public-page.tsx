/** Minimal public page (/conocenos, /mapa, /contacto): a title and one line for now. */
import { useTranslation } from 'react-i18next';

export interface PublicPageProps {
  titleKey: string;
  leadKey: string;
}

export function PublicPage({ titleKey, leadKey }: PublicPageProps) {
  const { t } = useTranslation();
  return (
    <section className="screen public-page">
      <h1 className="screen-title">{t(titleKey)}</h1>
      <p className="screen-lead">{t(leadKey)}</p>
    </section>
  );
}

/** Placeholder for the control desk: shows the screen title until its issue builds the screen. */
import { useTranslation } from 'react-i18next';

export interface MesaControlScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function MesaControlScreen({ titleKey }: MesaControlScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
    </section>
  );
}

/** Placeholder for the contract activation: shows the screen title until its issue builds the screen. */
import { useTranslation } from 'react-i18next';

export interface CreditoActivarScreenProps {
  /** i18n key of the route's title (`routes.*`). */
  titleKey: string;
}

export function CreditoActivarScreen({ titleKey }: CreditoActivarScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="screen">
      <h1 className="screen-title">{t(titleKey)}</h1>
    </section>
  );
}

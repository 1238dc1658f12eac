/** Home (/inicio): greets the user by first name; the dashboard of spec part 2 comes later. */
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { sessionStore } from '#api/session-store';

export function HomeScreen() {
  const { t } = useTranslation();
  const firstName = useStore(sessionStore, (s) => s.user?.first_name.trim() ?? '');
  return (
    <section className="screen">
      <h1 className="screen-title">
        {firstName ? t('app.greeting', { name: firstName }) : t('app.greetingNoName')}
      </h1>
    </section>
  );
}

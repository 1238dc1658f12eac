/**
 * The cooperative's calendar embedded on the home screen (URL `VITE_CALENDAR_URL` from the
 * run-time configuration; the server's CSP allows exactly that host as a frame). Hidden when
 * none is configured or the phone is offline: an embed without signal is an empty box.
 */
import { useTranslation } from 'react-i18next';
import { useOnline } from '#ui/use-online.ts';

export function CalendarEmbed({ url }: { url: string | null }) {
  const { t } = useTranslation();
  const online = useOnline();
  if (!url || !online) return null;
  return (
    <section className="card home-card calendar-card" aria-labelledby="home-calendar-title">
      <h2 id="home-calendar-title" className="home-card-title">
        {t('inicio.calendar.title')}
      </h2>
      <iframe
        className="calendar-frame"
        src={url}
        title={t('inicio.calendar.frameTitle')}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        data-testid="calendar-embed"
      />
    </section>
  );
}

/**
 * The weather forecast card of the home screen: one row per day with its condition and its
 * highest and lowest temperature. It asks the configured service in the background and shows
 * only once an answer came: without a service, offline, or when the service fails it stays
 * hidden, and it never holds the rest of the screen.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '#api/config';
import { isoToUtcMs } from '#domain/dates';
import type { ForecastDay } from '#domain/weather';
import { useLang } from '#ui/use-lang.ts';
import { useOnline } from '#ui/use-online.ts';
import { fetchForecastDays, weatherRequestUrl } from './weather-request.ts';

/** Days shown: the service gives five or six, the last one often partial. */
const MAX_DAYS = 5;

function useForecast(config: PublicConfig): ForecastDay[] | null {
  const online = useOnline();
  const url = weatherRequestUrl(config);
  const [answer, setAnswer] = useState<{ url: string; days: ForecastDay[] } | null>(null);
  useEffect(() => {
    if (!url || !online) return;
    let active = true;
    fetchForecastDays(url, config.timezone)
      .then((days) => {
        if (active) setAnswer({ url, days });
      })
      .catch(() => {
        // A failing service hides the card; nothing else depends on it.
        if (active) setAnswer(null);
      });
    return () => {
      active = false;
    };
  }, [url, online, config.timezone]);
  if (!url || !online || !answer || answer.url !== url) return null;
  return answer.days.slice(0, MAX_DAYS);
}

const ICON_PATHS: Record<string, ReactNode> = {
  Clear: (
    <>
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 2.5v2.5M12 19v2.5M2.5 12H5M19 12h2.5M5.3 5.3l1.8 1.8M16.9 16.9l1.8 1.8M5.3 18.7l1.8-1.8M16.9 7.1l1.8-1.8" />
    </>
  ),
  Rain: (
    <>
      <path d="M7 15.5a4.5 4.5 0 1 1 1.2-8.8A5.5 5.5 0 0 1 18.5 9a3.3 3.3 0 0 1-.5 6.5z" />
      <path d="M8.5 18.5l-1 2.5M12.5 18.5l-1 2.5M16.5 18.5l-1 2.5" />
    </>
  ),
  Thunderstorm: (
    <>
      <path d="M7 15.5a4.5 4.5 0 1 1 1.2-8.8A5.5 5.5 0 0 1 18.5 9a3.3 3.3 0 0 1-.5 6.5z" />
      <path d="M12.5 14l-2 4h3l-2 4" />
    </>
  ),
  Clouds: <path d="M7 18a4.5 4.5 0 1 1 1.2-8.8A5.5 5.5 0 0 1 18.5 11.5 3.3 3.3 0 0 1 18 18z" />,
};
ICON_PATHS.Drizzle = ICON_PATHS.Rain;

function ConditionIcon({ condition }: { condition: string }) {
  return (
    <svg
      className="weather-icon"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {ICON_PATHS[condition] ?? ICON_PATHS.Clouds}
    </svg>
  );
}

export function WeatherCard({ config }: { config: PublicConfig }) {
  const { t } = useTranslation();
  const lang = useLang();
  const days = useForecast(config);
  if (!days || days.length === 0) return null;
  const dayLabel = new Intl.DateTimeFormat(lang === 'en' ? 'en' : 'es', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <section className="card home-card weather-card" aria-labelledby="home-weather-title">
      <h2 id="home-weather-title" className="home-card-title">
        {t('inicio.weather.title')}
      </h2>
      <ul className="weather-days" data-testid="weather-days">
        {days.map((day) => (
          <li key={day.date} className="weather-day">
            <span className="weather-date">{dayLabel.format(isoToUtcMs(day.date))}</span>
            <ConditionIcon condition={day.condition} />
            <span className="weather-condition">
              {t(`inicio.weather.conditions.${day.condition}`, { defaultValue: day.condition })}
            </span>
            <span className="weather-temps">
              {t('inicio.weather.temps', {
                high: Math.round(day.high),
                low: Math.round(day.low),
              })}
            </span>
          </li>
        ))}
      </ul>
      <p className="home-card-note">{t('inicio.weather.note')}</p>
    </section>
  );
}

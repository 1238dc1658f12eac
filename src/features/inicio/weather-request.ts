/**
 * The forecast request to the configured weather service (README "Configuration":
 * `VITE_WEATHER_URL` + `VITE_WEATHER_KEY`), an OpenWeatherMap-style forecast endpoint: the
 * fixed location, metric units and the key are added as `lat`, `lon`, `units=metric` and
 * `appid`. The answer is grouped into days by `#domain/weather`. One answer is kept for a while
 * per page, so going back to the home screen does not ask again.
 */
import type { PublicConfig } from '#api/config';
import { forecastDays, forecastSlots, WEATHER_LOCATION, type ForecastDay } from '#domain/weather';

/** A slow weather service must not keep the card waiting for long. */
export const WEATHER_TIMEOUT_MS = 8000;
const KEEP_MS = 30 * 60 * 1000;

let kept: { url: string; at: number; days: ForecastDay[] } | null = null;

/** The request URL, or null when no weather service is configured. */
export function weatherRequestUrl(config: Pick<PublicConfig, 'weatherUrl' | 'weatherKey'>) {
  if (!config.weatherUrl) return null;
  let url: URL;
  try {
    url = new URL(config.weatherUrl);
  } catch {
    return null;
  }
  const [lat, lng] = WEATHER_LOCATION;
  url.searchParams.set('lat', String(lat));
  url.searchParams.set('lon', String(lng));
  url.searchParams.set('units', 'metric');
  if (config.weatherKey) url.searchParams.set('appid', config.weatherKey);
  return url.toString();
}

/** The forecast's days; throws when the service fails or answers something else. */
export async function fetchForecastDays(url: string, timeZone: string): Promise<ForecastDay[]> {
  if (kept && kept.url === url && Date.now() - kept.at < KEEP_MS) return kept.days;
  const response = await fetch(url, {
    signal: AbortSignal.timeout(WEATHER_TIMEOUT_MS),
    // The key travels in the URL: tell the service nothing about the page.
    referrerPolicy: 'no-referrer',
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`weather ${response.status}`);
  const slots = forecastSlots(await response.json());
  if (!slots || slots.length === 0) throw new Error('weather: no forecast');
  const days = forecastDays(slots, timeZone);
  kept = { url, at: Date.now(), days };
  return days;
}

/** Forget the kept answer (tests; a changed configuration is a new URL anyway). */
export function forgetForecast(): void {
  kept = null;
}

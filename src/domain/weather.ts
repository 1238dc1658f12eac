/**
 * The home screen's weather forecast: the configured service is
 * asked for one fixed location in metric units and answers forecast slots (an
 * OpenWeatherMap-style 5-day / 3-hour forecast: `list[]` of `dt` seconds, `main.temp_min`,
 * `main.temp_max`, `weather[0].main`). The slots are grouped into days of the cooperative's
 * calendar, each with its highest and lowest temperature and its most frequent condition.
 * Pure: the request itself lives in the home feature.
 */
import { z } from 'zod';
import { builtOnce } from './built-once';
import { MAP_CENTER } from './constants';
import type { IsoDate } from './dates';
import { present } from './guards';

/** The fixed location of the forecast: the cooperative's centre [lat, lng]. */
export const WEATHER_LOCATION: readonly [number, number] = MAP_CENTER;

/** One forecast slot: its instant and its temperatures in °C. */
export interface ForecastSlot {
  /** Epoch milliseconds. */
  at: number;
  low: number;
  high: number;
  /** The service's condition group ("Rain", "Clouds", "Clear"…). */
  condition: string;
}

export interface ForecastDay {
  date: IsoDate;
  high: number;
  low: number;
  /** The condition of most slots of the day (on a tie, the one seen first). */
  condition: string;
}

// Built when a forecast arrives (online only), not when the home screen loads.
const forecastSchemas = builtOnce(() => ({
  slot: z.object({
    dt: z.number(),
    main: z.object({
      temp: z.number(),
      temp_min: z.number().optional(),
      temp_max: z.number().optional(),
    }),
    weather: z.array(z.object({ main: z.string() })).min(1),
  }),
  answer: z.object({ list: z.array(z.unknown()) }),
}));

/** The slots of a service answer; unreadable slots are skipped; null when it is no forecast. */
export function forecastSlots(raw: unknown): ForecastSlot[] | null {
  const schemas = forecastSchemas();
  const answer = schemas.answer.safeParse(raw);
  if (!answer.success) return null;
  const slots: ForecastSlot[] = [];
  for (const item of answer.data.list) {
    const parsed = schemas.slot.safeParse(item);
    if (!parsed.success) continue;
    const { dt, main, weather } = parsed.data;
    slots.push({
      at: dt * 1000,
      low: main.temp_min ?? main.temp,
      high: main.temp_max ?? main.temp,
      condition: present(weather[0], "the slot's weather").main,
    });
  }
  return slots;
}

function dateIn(timeZone: string): (at: number) => IsoDate {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at) => {
    const parts = format.formatToParts(new Date(at));
    const get = (type: string): string => parts.find((p) => p.type === type)?.value ?? '';
    return `${get('year')}-${get('month')}-${get('day')}`;
  };
}

function mostFrequent(conditions: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const c of conditions) counts.set(c, (counts.get(c) ?? 0) + 1);
  let best = '';
  let bestCount = 0;
  // Map iteration follows first appearance, so a tie keeps the condition seen first.
  for (const [condition, n] of counts)
    if (n > bestCount) {
      best = condition;
      bestCount = n;
    }
  return best;
}

/** Slots grouped into calendar days of `timeZone`, in date order. */
export function forecastDays(slots: readonly ForecastSlot[], timeZone: string): ForecastDay[] {
  const dayOf = dateIn(timeZone);
  const byDay = new Map<IsoDate, ForecastSlot[]>();
  for (const slot of [...slots].sort((a, b) => a.at - b.at)) {
    const date = dayOf(slot.at);
    const list = byDay.get(date);
    if (list) list.push(slot);
    else byDay.set(date, [slot]);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, list]) => ({
      date,
      high: Math.max(...list.map((s) => s.high)),
      low: Math.min(...list.map((s) => s.low)),
      condition: mostFrequent(list.map((s) => s.condition)),
    }));
}

/**
 * The home screen's forecast grouping: a recorded service answer
 * (tests/fixtures/weather-forecast.json, 3-hour slots from 18:00 on 9 March to 06:00 on
 * 11 March, cooperative time UTC−6, one unreadable slot) becomes one row per calendar day with
 * its highest and lowest temperature and its most frequent condition.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { forecastDays, forecastSlots } from '#domain/weather';

const fixture: unknown = JSON.parse(
  readFileSync(new URL('../fixtures/weather-forecast.json', import.meta.url), 'utf8'),
);

describe('weather forecast grouping', () => {
  it('reads every readable slot and skips the unreadable one', () => {
    const slots = forecastSlots(fixture);
    expect(slots).toHaveLength(13);
    expect(slots![0]).toEqual({
      at: Date.UTC(2026, 2, 10, 0, 0),
      low: 24.1,
      high: 25,
      condition: 'Clouds',
    });
  });

  it('groups into the days of the cooperative with high, low and most frequent condition', () => {
    const days = forecastDays(forecastSlots(fixture)!, 'America/Mexico_City');
    expect(days).toEqual([
      // 18:00 Clouds, 21:00 Rain: a tie keeps the condition seen first.
      { date: '2026-03-09', high: 25, low: 21, condition: 'Clouds' },
      // Rain ×3, Clouds ×1, Clear ×4: the majority wins even though Rain came first.
      { date: '2026-03-10', high: 30.4, low: 17.6, condition: 'Clear' },
      { date: '2026-03-11', high: 20, low: 18.5, condition: 'Thunderstorm' },
    ]);
  });

  it('the same slots fall on other days in another time zone (UTC)', () => {
    const days = forecastDays(forecastSlots(fixture)!, 'UTC');
    expect(days.map((d) => d.date)).toEqual(['2026-03-10', '2026-03-11']);
    expect(days[0]).toMatchObject({ high: 30.4, low: 17.6 });
  });

  it('order of the slots does not matter', () => {
    const slots = forecastSlots(fixture)!;
    const shuffled = [...slots].reverse();
    expect(forecastDays(shuffled, 'America/Mexico_City')).toEqual(
      forecastDays(slots, 'America/Mexico_City'),
    );
  });

  it('an answer that is not a forecast (e.g. a bad key) gives null; an empty one no days', () => {
    expect(forecastSlots({ cod: 401, message: 'Invalid API key' })).toBeNull();
    expect(forecastSlots('nope')).toBeNull();
    expect(forecastDays(forecastSlots({ list: [] })!, 'America/Mexico_City')).toEqual([]);
  });
});

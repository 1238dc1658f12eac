/**
 * The service worker keeps map tiles for offline use (sw/sw.ts): which requests count as tiles.
 * Common raster templates must match; the app's own files and API, other services (weather,
 * calendar) and non-GET requests must not.
 */
import { describe, expect, it } from 'vitest';
import { isTileRequest } from '../../sw/tile-requests.ts';

const OWN = 'https://comonsit.example.org';
const tile = (href: string, method = 'GET') => isTileRequest(new URL(href), method, OWN);

describe('service worker: map tile requests', () => {
  it.each([
    'https://a.tile.openstreetmap.org/10/245/454.png',
    'https://tile.opentopomap.org/13/1963/3635.png',
    'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/12/908/1963',
    'https://tiles.example.net/styles/v1/base/15/7854/14543@2x.jpg?key=abc',
    'http://192.168.1.20:8081/tiles/0/0/0.webp',
  ])('%s is a tile', (href) => expect(tile(href)).toBe(true));

  it.each([
    // The app itself: precached files, navigations and the API are handled elsewhere.
    `${OWN}/tiles/10/245/454.png`,
    `${OWN}/api/comunidades/num-socios/`,
    // Other external services.
    'https://api.openweathermap.org/data/2.5/forecast?lat=17.1&lon=-92.05&units=metric',
    'https://calendar.google.com/calendar/embed?src=x',
    // Not an XYZ triple: a zoom beyond 24, or only two numbers.
    'https://tiles.example.net/31/1/1.png',
    'https://tiles.example.net/10/245.png',
  ])('%s is not a tile', (href) => expect(tile(href)).toBe(false));

  it('only GET requests are cached', () => {
    expect(tile('https://a.tile.openstreetmap.org/10/245/454.png', 'POST')).toBe(false);
  });
});

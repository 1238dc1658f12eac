/**
 * Which requests are map tiles, for the service worker's tile cache (sw.ts). Tile URLs come
 * from the run-time configuration, unknown when the worker starts (and the worker may start
 * offline), so a tile is recognised by its shape instead: a GET to another origin whose path
 * ends in the XYZ triple of a raster template — `/{z}/{x}/{y}.png`, `/{z}/{y}/{x}`,
 * `/{z}/{x}/{y}@2x.jpg` … The app's own files and API are never tiles. Pure, so it is tested.
 */

/** Zoom (0–24), then two tile numbers; an optional retina suffix and image extension. */
const TILE_PATH =
  /\/(?:[0-9]|1[0-9]|2[0-4])\/\d{1,8}\/\d{1,8}(?:@[1-4](?:\.\d+)?x)?(?:\.(?:png|jpe?g|webp|avif))?$/i;

export const TILE_CACHE_NAME = 'map-tiles';
/** About 20–40 MB of raster tiles: a promoter's region at every zoom it looked at, and more. */
export const TILE_CACHE_MAX_ENTRIES = 2500;
/** Tiles change rarely; a month keeps a region usable through long stays without signal. */
export const TILE_CACHE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export function isTileRequest(url: URL, method: string, ownOrigin: string): boolean {
  if (method !== 'GET') return false;
  if (url.origin === ownOrigin) return false;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return TILE_PATH.test(url.pathname);
}

/**
 * Loads MapLibre GL on demand: the library, its CSS and its worker are separate chunks fetched
 * only by screens that show a map (the dynamic imports below), then kept for the page's life.
 * The worker is bundled by Vite as its own file and its URL handed to MapLibre, because
 * MapLibre's own guess (a file next to the library) does not exist in a bundled build.
 */
import type * as MapLibreModule from 'maplibre-gl';

export type MapLibre = typeof MapLibreModule;

let loading: Promise<MapLibre> | null = null;

export function loadMapLibre(): Promise<MapLibre> {
  loading ??= Promise.all([
    import('maplibre-gl'),
    import('maplibre-gl/dist/maplibre-gl-worker.mjs?worker&url'),
    import('maplibre-gl/dist/maplibre-gl.css'),
  ])
    .then(([lib, worker]) => {
      lib.setWorkerUrl(worker.default);
      return lib;
    })
    .catch((error: unknown) => {
      // A failed chunk load (offline before the app was cached) may work on the next try.
      loading = null;
      throw error;
    });
  return loading;
}

/** Whether this browser can draw WebGL at all (headless or old phones may not). */
export function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * `GET /api/config/` (public, no bearer): the run-time configuration of the optional external
 * services (tiles, weather, calendar, analytics, forms links). The last good answer is kept in
 * localStorage so maps and links still work offline; unknown or missing keys degrade to null.
 */
import { z } from 'zod';
import { requestJson } from './http';

const optional = z.string().nullable().catch(null);

export const publicConfigSchema = z.object({
  tileUrl: optional.default(null),
  tileSatelliteUrl: optional.default(null),
  tileTopoUrl: optional.default(null),
  weatherUrl: optional.default(null),
  weatherKey: optional.default(null),
  calendarUrl: optional.default(null),
  analyticsId: optional.default(null),
  formsCurrentUrl: optional.default(null),
  formsManualsUrl: optional.default(null),
  formsTrainingUrl: optional.default(null),
  formsInfographicsUrl: optional.default(null),
  timezone: z.string().catch('America/Mexico_City').default('America/Mexico_City'),
});
export type PublicConfig = z.output<typeof publicConfigSchema>;

export const CONFIG_STORAGE_KEY = 'comonsit.config';

/** Every service off: what the app uses before the first successful answer. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = publicConfigSchema.parse({});

export function cachedConfig(): PublicConfig | null {
  try {
    const raw = localStorage.getItem(CONFIG_STORAGE_KEY);
    if (!raw) return null;
    const parsed = publicConfigSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function fetchConfig(): Promise<PublicConfig> {
  return requestJson('get', 'config/', publicConfigSchema);
}

let loading: Promise<PublicConfig> | null = null;

/**
 * The fresh config when the server answers (and cache it), else the cached one, else defaults.
 * Screens that ask at the same moment (the map's tiles, the home) share one request.
 */
export function loadConfig(): Promise<PublicConfig> {
  loading ??= fetchAndKeepConfig().finally(() => {
    loading = null;
  });
  return loading;
}

async function fetchAndKeepConfig(): Promise<PublicConfig> {
  try {
    const config = await fetchConfig();
    try {
      localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
    } catch {
      // Storage full or blocked: the fresh value still serves this page.
    }
    return config;
  } catch {
    return cachedConfig() ?? DEFAULT_PUBLIC_CONFIG;
  }
}

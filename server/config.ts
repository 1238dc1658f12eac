/**
 * Environment → configuration (the README's "Configuration"). The optional
 * external services are read here, at run time, and handed to the PWA by GET /api/config/, so
 * changing a tile or weather URL needs a restart, never a rebuild.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** What the PWA may know; served as is by GET /api/config/. Unset services are null. */
export interface PublicConfig {
  tileUrl: string | null;
  tileSatelliteUrl: string | null;
  tileTopoUrl: string | null;
  weatherUrl: string | null;
  weatherKey: string | null;
  calendarUrl: string | null;
  analyticsId: string | null;
  formsCurrentUrl: string | null;
  formsManualsUrl: string | null;
  formsTrainingUrl: string | null;
  formsInfographicsUrl: string | null;
  timezone: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; null → embedded PGlite in `dataDir/pgdata`. */
  databaseUrl: string | null;
  jwtSecret: string;
  timezone: string;
  /** Built PWA served with an SPA fallback when the folder exists. */
  distDir: string;
  /**
   * How many reverse proxies stand in front (TRUST_PROXY; 0 = none, the default). The client's
   * address is the X-Forwarded-For entry just left of theirs, counted from the right: what a
   * client writes into the header itself stays to the left and is never believed
   * (docs/security.md "Behind a proxy").
   */
  trustProxy: number;
  /** Largest accepted request body in bytes. */
  bodyLimit: number;
  /** The field inbox flags a phone silent for more than this many days (FIELD_SILENT_DAYS). */
  fieldSilentDays: number;
  /** …or holding a refused write for more than this many days (FIELD_REFUSED_DAYS). */
  fieldRefusedDays: number;
  public: PublicConfig;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function port(env: Env): number {
  const raw = optional(env, 'PORT');
  if (raw === null) return 8080;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new ConfigError(`PORT must be 0–65535, got "${raw}"`);
  return n;
}

/** A whole number of days 1–365 from `name`, else `fallback`. */
function days(env: Env, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === null) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 365)
    throw new ConfigError(`${name} must be a whole number of days 1–365, got "${raw}"`);
  return n;
}

/**
 * TRUST_PROXY: how many proxies to trust. "true" is refused: trusting every hop would take the
 * client's own X-Forwarded-For, and a new header per request would evade every per-client limit.
 */
function proxies(env: Env): number {
  const raw = optional(env, 'TRUST_PROXY');
  if (raw === null || raw === 'false') return 0;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 10)
    throw new ConfigError(
      `TRUST_PROXY must be how many reverse proxies stand in front of the server (0–10), got "${raw}"`,
    );
  return n;
}

function timezone(env: Env): string {
  const tz = optional(env, 'COOP_TIMEZONE') ?? 'America/Mexico_City';
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
  } catch {
    throw new ConfigError(`COOP_TIMEZONE is not a known time zone: "${tz}"`);
  }
  return tz;
}

function httpUrl(env: Env, name: string): string | null {
  const value = optional(env, name);
  if (value !== null && !/^https?:\/\/[^/\s]+/i.test(value)) {
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

/** JWT_SECRET, else a random secret generated once and kept in the data directory. */
function jwtSecret(env: Env, dataDir: string): string {
  const given = optional(env, 'JWT_SECRET');
  if (given !== null) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept.length >= 32) return kept;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function publicConfigFromEnv(env: Env, tz: string): PublicConfig {
  return {
    tileUrl: httpUrl(env, 'VITE_TILE_URL'),
    tileSatelliteUrl: httpUrl(env, 'VITE_TILE_SATELLITE_URL'),
    tileTopoUrl: httpUrl(env, 'VITE_TILE_TOPO_URL'),
    weatherUrl: httpUrl(env, 'VITE_WEATHER_URL'),
    weatherKey: optional(env, 'VITE_WEATHER_KEY'),
    calendarUrl: httpUrl(env, 'VITE_CALENDAR_URL'),
    analyticsId: optional(env, 'VITE_ANALYTICS_ID'),
    formsCurrentUrl: httpUrl(env, 'VITE_FORMS_CURRENT_URL'),
    formsManualsUrl: httpUrl(env, 'VITE_FORMS_MANUALS_URL'),
    formsTrainingUrl: httpUrl(env, 'VITE_FORMS_TRAINING_URL'),
    formsInfographicsUrl: httpUrl(env, 'VITE_FORMS_INFOGRAPHICS_URL'),
    timezone: tz,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(optional(env, 'DATA_DIR') ?? './data');
  const tz = timezone(env);
  return {
    port: port(env),
    host: optional(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: optional(env, 'DATABASE_URL'),
    jwtSecret: jwtSecret(env, dataDir),
    timezone: tz,
    distDir: path.resolve(optional(env, 'DIST_DIR') ?? './dist'),
    trustProxy: proxies(env),
    bodyLimit: 1024 * 1024,
    fieldSilentDays: days(env, 'FIELD_SILENT_DAYS', 3),
    fieldRefusedDays: days(env, 'FIELD_REFUSED_DAYS', 2),
    public: publicConfigFromEnv(env, tz),
  };
}

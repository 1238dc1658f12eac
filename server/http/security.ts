/**
 * Security headers on every answer (docs/architecture.md#api-conventions): a CSP that allows only
 * the configured tile, weather and calendar hosts, nosniff, frame-ancestors none, a referrer
 * policy. Built from the same run-time configuration GET /api/config/ hands to the PWA.
 */
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import helmet from '@fastify/helmet';
import { AFTER_PAINT_SCRIPT } from '#domain/prerendered-pages';
import type { PublicConfig } from '#server/config';

/**
 * CSP source of a service URL: scheme + host (+ port). Tile templates may put a placeholder in
 * the host (`https://{s}.tile.example.org/{z}/{x}/{y}.png`); it becomes a `*` wildcard.
 */
export function cspSource(url: string | null): string | null {
  if (!url) return null;
  const match = /^(https?):\/\/([^/?#]+)/i.exec(url.trim());
  // Both groups match at least one character whenever the pattern matches.
  const [, scheme, authority] = match ?? [];
  if (scheme === undefined || authority === undefined) return null;
  const host = authority.replace(/^[^@]*@/, '').replace(/\{[^}]*\}/g, '*');
  // A name (a wildcard only as the first of at least three labels) or an IPv6 address, with
  // an optional port: a bare `*` would let the page reach every host.
  const name = /^(\*\.[A-Za-z0-9-]+\.[A-Za-z0-9.-]+|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*)(:\d+)?$/;
  if (!name.test(host) && !/^\[[0-9A-Fa-f:.]+\](:\d+)?$/.test(host)) return null;
  return `${scheme.toLowerCase()}://${host.toLowerCase()}`;
}

function sources(...urls: (string | null)[]): string[] {
  return [...new Set(urls.map(cspSource).filter((s): s is string => s !== null))];
}

const AFTER_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(AFTER_PAINT_SCRIPT).digest('base64')}'`;

export function cspDirectives(config: PublicConfig): Record<string, string[]> {
  const tiles = sources(config.tileUrl, config.tileSatelliteUrl, config.tileTopoUrl);
  const weather = sources(config.weatherUrl);
  const calendar = sources(config.calendarUrl);
  return {
    defaultSrc: ["'self'"],
    // The prerendered pages' one inline script, which starts the app after their first paint.
    scriptSrc: ["'self'", AFTER_PAINT_SCRIPT_SOURCE],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...tiles],
    connectSrc: ["'self'", ...tiles, ...weather],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: calendar.length > 0 ? calendar : ["'none'"],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: PublicConfig,
): Promise<void> {
  await app.register(helmet, {
    // No helmet defaults: `upgrade-insecure-requests` would break a plain-http LAN install.
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // Tile servers (e.g. OpenStreetMap's usage policy) want to know the referring site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
  });
}

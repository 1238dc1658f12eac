/**
 * Serves the built PWA from `distDir` when it exists, with an SPA fallback: any GET that is
 * not `/api/…` and not a file answers index.html, so deep links (/socios) work on reload.
 * sw.js and index.html are revalidated on every load (a new release reaches phones at once);
 * hashed files under /assets/ never change, so they are cached for a year.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @fastify/static 9 hands setHeaders a response with `setHeader` (not a Fastify reply). */
function cacheHeaders(res: SetHeadersResponse, filePath: string): void {
  const normalised = filePath.split(path.sep).join('/');
  res.setHeader('Cache-Control', normalised.includes('/assets/') ? IMMUTABLE : 'no-cache');
}

/** True when the dist folder holds a built app. */
export function hasBuiltPwa(distDir: string): boolean {
  return existsSync(path.join(distDir, 'index.html'));
}

export async function registerStaticPwa(app: FastifyInstance, distDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: distDir,
    cacheControl: false,
    setHeaders: cacheHeaders,
    // `/` answers index.html through setHeaders (no-cache); other routes use the fallback.
    index: 'index.html',
    wildcard: true,
  });
}

/** GET of a client-side route: the app shell. Paths that look like files stay 404. */
export function sendAppShell(reply: FastifyReply, urlPath: string): boolean {
  const last = urlPath.split('/').pop() ?? '';
  if (last.includes('.')) return false;
  reply.header('Cache-Control', 'no-cache');
  void reply.sendFile('index.html', { cacheControl: false });
  return true;
}

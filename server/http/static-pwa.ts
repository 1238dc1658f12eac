/**
 * Serves the built PWA from `distDir` when it exists, with an SPA fallback: any GET that is
 * not `/api/…` and not a file answers index.html, so deep links (/socios) work on reload.
 * sw.js and index.html are revalidated on every load (a new release reaches phones at once);
 * hashed files under /assets/ never change, so they are cached for a year. The public pages the
 * build rendered (`PRERENDERED_PAGES`) are sent as that HTML, in the visitor's language
 * (the app's language cookie, else Accept-Language), so a first visit paints before any script;
 * the other public routes get `PUBLIC_SHELL_FILE`, the shell without the session start's hints.
 * Text files go out as the build's precompressed copy the browser accepts (brotli, else gzip).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic, { type SetHeadersResponse } from '@fastify/static';
import {
  langOfCookieHeader,
  PRERENDERED_DIR,
  PRERENDERED_PAGES,
  PUBLIC_SHELL_FILE,
} from '#domain/prerendered-pages';
import { isOneOf } from '#domain/guards';
import { PUBLIC_ROUTES } from '#domain/permissions';
import { pickLanguage } from '#server/i18n';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** @fastify/static 9 hands setHeaders a response with `setHeader` (not a Fastify reply). */
function cacheHeaders(res: SetHeadersResponse, filePath: string): void {
  const normalised = filePath.split(path.sep).join('/');
  res.setHeader('Cache-Control', normalised.includes('/assets/') ? IMMUTABLE : 'no-cache');
  // The answer depends on Accept-Encoding (a precompressed copy or the plain file).
  res.setHeader('Vary', 'Accept-Encoding');
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
    // The build wrote brotli 11 and gzip 9 copies (scripts/vite-precompress.ts): the one the
    // browser accepts is sent as is, smaller than compressing each answer on the fly.
    preCompressed: true,
    // `/` is a page like the others: the fallback answers it (prerendered, in a language).
    index: false,
    wildcard: true,
  });
  // `/` is a page like the others (the static files' own answer to it is a 403 for a folder).
  app.get('/', (request, reply) => {
    sendAppShell(request, reply, distDir, '/');
    return reply;
  });
  // The prerendered login form posts here only when sent before the app's script took it over
  // (a first visit on a slow link): nothing of it is read, and the page comes back to be sent
  // again. Its own scope: no other route accepts form bodies.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', (_request, _body, done) => {
      done(null, null);
    });
    scope.post('/acceso', (_request, reply) =>
      reply.code(303).header('Location', '/acceso').send(),
    );
  });
}

/** A client-side route as the app names it: no trailing slash but on `/`. */
const routeOf = (urlPath: string) => (urlPath.length > 1 ? urlPath.replace(/\/$/, '') : urlPath);

/** The page's prerendered file in the visitor's language, relative to dist, if it was built. */
function prerenderedFile(
  distDir: string,
  urlPath: string,
  headers: FastifyRequest['headers'],
): string | null {
  const file = PRERENDERED_PAGES[routeOf(urlPath)];
  if (file === undefined) return null;
  const lang = langOfCookieHeader(headers.cookie) ?? pickLanguage(headers['accept-language']);
  const relative = path.posix.join(PRERENDERED_DIR, lang, file);
  return existsSync(path.join(distDir, relative)) ? relative : null;
}

/** The app shell for a route: without the session's hints on a public route, if built. */
function shellFile(distDir: string, urlPath: string): string {
  const route = routeOf(urlPath);
  return isOneOf(PUBLIC_ROUTES, route) && existsSync(path.join(distDir, PUBLIC_SHELL_FILE))
    ? PUBLIC_SHELL_FILE
    : 'index.html';
}

/** GET of a client-side route: its prerendered page, else the app shell. Files stay 404. */
export function sendAppShell(
  request: FastifyRequest,
  reply: FastifyReply,
  distDir: string,
  urlPath: string,
): boolean {
  const last = urlPath.split('/').pop() ?? '';
  if (last.includes('.')) return false;
  reply.header('Cache-Control', 'no-cache');
  const page = prerenderedFile(distDir, urlPath, request.headers);
  reply.header(
    'Vary',
    page !== null ? 'Accept-Language, Cookie, Accept-Encoding' : 'Accept-Encoding',
  );
  void reply.sendFile(page ?? shellFile(distDir, urlPath), { cacheControl: false });
  return true;
}

/**
 * The app's write routes, as `defineWriteRoute` declared them (method and full URL pattern):
 * what the batch push may dispatch to. Only these routes carry the Idempotency-Key store, so a
 * write of a batch can never reach a route where a resent batch would act twice (the login,
 * the batch itself, any read).
 */
import { normaliseApiUrl } from './url.ts';

/** One path segment of a write: unreserved URL characters only (no `%`, `?`, `#`). */
const SEGMENT_RE = /^[A-Za-z0-9\-._~]+$/;

interface Pattern {
  method: string;
  /** Literal segments, or null where the route takes a parameter (`:id`). */
  segments: (string | null)[];
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export class WriteRouteTable {
  readonly #patterns: Pattern[] = [];

  /** `url` as Fastify registered it, prefix included, e.g. `/api/pagos/:id`. */
  add(method: string, url: string): void {
    this.#patterns.push({
      method,
      segments: segmentsOf(url).map((s) => (s.startsWith(':') ? null : s)),
    });
  }

  /** Whether `method path` (a concrete `/api/...` path, any trailing `/` or `.json`) is a write. */
  matches(method: string, path: string): boolean {
    if (!path.startsWith('/api/') || path.includes('..')) return false;
    const segments = segmentsOf(normaliseApiUrl(path));
    if (!segments.every((s) => SEGMENT_RE.test(s))) return false;
    return this.#patterns.some(
      (p) =>
        p.method === method &&
        p.segments.length === segments.length &&
        p.segments.every((s, i) => s === null || s === segments[i]),
    );
  }
}

/**
 * `?volver=` on a capture form: the screen the form was opened from and goes back to once the
 * capture is saved (the community visit opens the payment, contribution and collection forms
 * this way, docs/community-visit.md). Only an address of the app itself is taken — a path
 * starting with one `/` — so a link can never send the user elsewhere.
 */
import { useSearchParams } from 'react-router-dom';

export const RETURN_PARAM = 'volver';

export function safeReturnPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//')) return null;
  return /^[\w\-/?=&%.,]*$/.test(value) ? value : null;
}

/** The path to go back to after a capture, if the form was opened with a valid one. */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get(RETURN_PARAM));
}

/** `path` with `?volver=<from>` (or `&volver=`) added. */
export function withReturn(path: string, from: string): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}${RETURN_PARAM}=${encodeURIComponent(from)}`;
}

/**
 * `/api/x.json`, `/api/x/` and `/api/x` are one route (docs/architecture.md#api-conventions):
 * the URL is normalised before routing, so routes are registered once, bare.
 */
export function normaliseApiUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q);
  if (path !== '/api' && !path.startsWith('/api/')) return url;
  let p = path.replace(/\/+$/, '');
  // `/registros-contables.json/` exists in the spec: strip the slash, then the suffix.
  if (p.endsWith('.json')) p = p.slice(0, -'.json'.length).replace(/\/+$/, '');
  return `${p || '/api'}${query}`;
}

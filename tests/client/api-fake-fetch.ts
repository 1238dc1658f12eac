/**
 * A scripted `fetch` for client tests: routes "METHOD /api/path" to handlers and records every
 * request (method, path, headers, JSON body) so tests assert what the API would have received.
 */
import { vi } from 'vitest';

export interface SeenRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

export type Handler = (request: SeenRequest) => Response | Promise<Response>;

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function installFakeFetch(handlers: Record<string, Handler>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: SeenRequest = {
      method: request.method,
      path: url.pathname + url.search,
      headers: request.headers,
      body: text ? (JSON.parse(text) as unknown) : null,
    };
    seen.push(entry);
    const handler = handlers[`${request.method} ${url.pathname}`];
    if (!handler) return json({ detail: `no fake for ${request.method} ${url.pathname}` }, 404);
    return handler(entry);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    fetchMock,
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path === path),
  };
}

export const ME_BY_ROLE = {
  SO: { id: 6, username: 'socio', first_name: 'Juana', last_name: 'Gómez', role: 'SO' },
  PR: { id: 3, username: 'promotor', first_name: 'Ana', last_name: 'López', role: 'PR' },
  CO: { id: 2, username: 'coordinador', first_name: 'Luis', last_name: 'Pérez', role: 'CO' },
  GE: { id: 1, username: 'gerente', first_name: 'María', last_name: 'Hernández', role: 'GE' },
  VI: { id: 5, username: 'visitante', first_name: 'Pedro', last_name: 'Ruiz', role: 'VI' },
} as const;

export function meAnswer(role: keyof typeof ME_BY_ROLE) {
  return {
    ...ME_BY_ROLE[role],
    phone: '',
    email: '',
    clave_socio: null,
    region: role === 'PR' ? 1 : null,
  };
}

/** Handlers for the eight reference lists, each answering one small row. */
export function referenceHandlers(): Record<string, Handler> {
  return {
    'GET /api/regiones.json': () => json([{ id: 1, nombre_de_region: 'Región 1', poly: null }]),
    'GET /api/comunidades.json': () =>
      json([
        {
          id: 7,
          nombre_de_comunidad: 'Bachajón',
          region: 1,
          nombre_region: 'Región 1',
          ermita: null,
          ermita_name: null,
          inegiLocalidad: null,
          ubicacion: null,
        },
      ]),
    'GET /api/ermitas.json': () => json([]),
    'GET /api/cargos.json': () => json([{ id: 1, nombre_de_cargo: 'Productor' }]),
    'GET /api/cargos-coop.json': () => json([{ id: 1, nombre_cargo_coop: 'Socio' }]),
    'GET /api/empresas.json': () => json([{ id: 1, nombre_empresa: 'Capeltic' }]),
    'GET /api/fuentes.json': () => json([{ id: 1, fuente: 'Propia' }]),
    'GET /api/puestos.json': () => json([{ id: 1, puesto: 'Tostador' }]),
  };
}

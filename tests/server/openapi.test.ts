/**
 * `GET /api/docs/openapi.json`: the OpenAPI document of the whole API, generated from the
 * routes' own zod schemas. Checked with an independent validator of the OpenAPI 3 schema, and
 * against the server's own route table (Fastify's, read by `apiRoutes`), so a route added
 * anywhere that the document misses fails here.
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '#tests/helpers/server-app';
import { apiRoutes } from './security-routes.ts';

interface Content {
  schema: { properties?: Record<string, unknown> };
}
interface Operation {
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, Content> };
  responses: Record<string, { content?: Record<string, Content> }>;
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
let raw: Record<string, unknown>;
beforeAll(async () => {
  t = await makeTestApp({ empty: true });
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
  expect(res.statusCode).toBe(200);
  raw = res.json<Record<string, unknown>>();
  doc = res.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

/** The document's operation for "METHOD /api/x/:id", or undefined. */
function operation(route: string): Operation | undefined {
  const [method, path] = route.split(' ');
  const openApiPath = path!.replace(/:([A-Za-z_]+)/g, '{$1}');
  return doc.paths[openApiPath]?.[method!.toLowerCase()];
}

describe('the OpenAPI document', () => {
  it('is public and a valid OpenAPI 3 document', async () => {
    expect(doc.openapi).toMatch(/^3\./);
    const result = await new Validator().validate(raw);
    expect(result.errors ?? [], JSON.stringify(result.errors ?? []).slice(0, 2000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every /api route the server registers, with its method', () => {
    const routes = apiRoutes(t.app);
    // The route table itself must have been read: the API has dozens of routes.
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => operation(route) === undefined)).toEqual([]);
  });

  it('describes each answer with the schema the server serializes it by', () => {
    // The member's shape is the domain's (#domain/member-shapes), the phone's parser's too.
    const member =
      operation('GET /api/socios/:id')?.responses['200']?.content?.['application/json'];
    expect(Object.keys(member?.schema.properties ?? {})).toContain('nombre_productor');
    // A write documents its body; an export its spreadsheet; every route its refusals.
    expect(operation('POST /api/pagos')?.requestBody?.content['application/json']).toBeDefined();
    expect(Object.keys(operation('GET /api/sociosXLSX')?.responses['200']?.content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(Object.keys(operation('POST /api/pagos')?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '4XX', '500']),
    );
  });

  it('lists the fields of the write bodies a handler checks itself', () => {
    const fields = (route: string) =>
      Object.keys(
        operation(route)?.requestBody?.content['application/json']?.schema.properties ?? {},
      );
    expect(fields('POST /api/solic-creditos')).toEqual(
      expect.arrayContaining(['clave_socio', 'monto_solicitado', 'aval', 'comentarios_promotor']),
    );
    // Every variant's fields: the review's questions, the evaluation's approved figures.
    expect(fields('PATCH /api/solic-creditos/:folio')).toEqual(
      expect.arrayContaining([
        'estatus_solicitud',
        'pregunta_1',
        'estatus_evaluacion',
        'monto_aprobado',
        'tasa_mor_aprobada',
        'comentarios_gerente',
        'chat',
      ]),
    );
    expect(fields('PATCH /api/users/me').sort()).toEqual(['first_name', 'last_name', 'phone']);
    expect(fields('POST /api/mov-bancos')).toEqual(
      expect.arrayContaining([
        'referencia_banco',
        'fecha',
        'cantidad',
        'dataType',
        'selectedItems',
      ]),
    );
  });

  it('asks for the bearer token except on the public routes', () => {
    expect(operation('GET /api/config')?.security).toEqual([]);
    expect(operation('POST /api/token')?.security).toEqual([]);
    expect(operation('GET /api/docs/openapi')?.security).toEqual([]);
    expect(operation('GET /api/socios')?.security).toBeUndefined();
    expect(operation('GET /api/socios')?.tags).toEqual(['socios']);
  });
});

import { z, type ZodType } from 'zod';
import { API_ACCESS, type ApiAccess } from '@/lib/access';
import { CANONICAL_ID, ID_PARAMS } from '@/lib/validation/row-id';

type RouteModule = { path: string; module: Record<string, unknown>; fallback?: boolean };
type Handler = { access?: ApiAccess; bodySchema?: ZodType; querySchema?: ZodType; created?: 'always' | 'when-new' };

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * The paths whose `{id}` is not a row's: a session is named by its UUID (GET /auth/sessions lists
 * them so). Given as digits by its name alone, a client that checks paths against the document
 * could not sign a session out.
 */
const UUID_ID_PATHS: ReadonlySet<string> = new Set(['/api/v1.0/auth/sessions/{id}']);

function paramSchema(path: string, name: string) {
  if (name === 'id' && UUID_ID_PATHS.has(path)) return { type: 'string', format: 'uuid' };
  return ID_PARAMS.includes(name) ? { type: 'string', pattern: CANONICAL_ID.source } : { type: 'string' };
}

function jsonSchema(schema: ZodType) {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  } catch {
    return { type: 'object' };
  }
}

/** OpenAPI 3.1 built from the handlers' own zod schemas and access policies. */
export function buildOpenApi(routes: RouteModule[], serverUrl = '/') {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { path, module, fallback } of routes) {
    // The catch-all that answers 404 to unknown paths is not an operation.
    if (fallback) continue;
    for (const method of METHODS) {
      const handler = module[method] as Handler | undefined;
      if (!handler?.access) continue;
      const guard = API_ACCESS[handler.access];
      // A row's id in the path is plain digits within the id column (other spellings answer 404).
      const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
        name: m[1],
        in: 'path',
        required: true,
        schema: paramSchema(path, m[1]) as { type: string },
      }));
      const query = handler.querySchema ? (jsonSchema(handler.querySchema) as { properties?: Record<string, unknown>; required?: string[] }) : undefined;
      for (const [name, schema] of Object.entries(query?.properties ?? {})) {
        params.push({ name, in: 'query', required: query?.required?.includes(name) ?? false, schema: schema as { type: string } });
      }
      (paths[path] ??= {})[method.toLowerCase()] = {
        operationId: `${method.toLowerCase()}${path.replace(/\/api\/v1\.0/, '').replace(/[^a-zA-Z0-9]+(\w)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        security: guard === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
        'x-roles': typeof guard === 'string' ? guard : [...guard],
        parameters: params,
        ...(handler.bodySchema ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(handler.bodySchema) } } } } : {}),
        responses: {
          ...(handler.created !== 'always' && { '200': { description: handler.created ? 'Already there: `{ data }` is the existing one.' : 'Success: `{ data }`, lists add `pagination` (#/components/schemas/Pagination).' } }),
          ...(handler.created && { '201': { description: 'Created: `{ data }` is the new one.' } }),
          '4XX': { description: 'Failure: `{ errors: [{ message, field? }] }`.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Errors' } } } },
        },
      };
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: 'TNA Portal API', version: '1.0' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'next-auth.session-token' },
      },
      schemas: {
        Pagination: {
          type: 'object',
          description:
            'A list page. Lists that can grow without bound count their matches only up to 1,000 (or to the end of the page asked for, when further): past that, `total` is that cap and `total_is_lower_bound` is true (at least one more row exists; show "1,000+").',
          properties: {
            offset: { type: 'integer' },
            limit: { type: 'integer' },
            total: { type: 'integer' },
            total_is_lower_bound: { type: 'boolean', description: 'true when `total` is a lower bound, not an exact count' },
          },
          required: ['offset', 'limit', 'total'],
        },
        Errors: {
          type: 'object',
          properties: { errors: { type: 'array', items: { type: 'object', properties: { message: { type: 'string' }, field: { type: 'string' } }, required: ['message'] } } },
        },
      },
    },
  };
}

const built = new WeakMap<RouteModule[], { serverUrl: string; document: ReturnType<typeof buildOpenApi> }>();

/**
 * The document, built once per route list and public origin: the schemas do not change while the
 * process lives, and building it from them costs milliseconds of CPU per request.
 */
export function openApiDocument(routes: RouteModule[], serverUrl: string) {
  const known = built.get(routes);
  if (known?.serverUrl === serverUrl) return known.document;
  const document = buildOpenApi(routes, serverUrl);
  built.set(routes, { serverUrl, document });
  return document;
}

// GET /api/v1.0/openapi.json: the API described from the handlers' zod schemas, built once
import { route } from '@/lib/api/route';
import { openApiDocument } from '@/lib/api/openapi';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';
import { publicOrigin } from '@/lib/config';

export const GET = route({
  access: 'public',
  // The public origin, not the request's Host header: the server URL of the document is ours to say.
  handler: () => Response.json(openApiDocument(ROUTE_MODULES, publicOrigin())),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

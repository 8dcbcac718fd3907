// GET /api/v1.0/openapi.json: the API described from the handlers' zod schemas
import { route } from '@/lib/api/route';
import { buildOpenApi } from '@/lib/api/openapi';
import { ROUTE_MODULES } from '@/lib/api/routes.generated';

export const GET = route({
  access: 'public',
  handler: ({ req }) => Response.json(buildOpenApi(ROUTE_MODULES, req.nextUrl.origin)),
});

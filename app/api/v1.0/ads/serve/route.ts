// GET /api/v1.0/ads/serve?placement=: the ads a placement shows this viewer, with impression tokens and click URLs
import { route } from '@/lib/api/route';
import { serveQuerySchema } from '@/lib/ads/schemas';
import { serveAds } from '@/lib/ads/serving';

export const GET = route({
  access: 'authenticated',
  query: serveQuerySchema,
  handler: ({ db, actor, query }) => serveAds(db, actor, query.placement),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// POST /api/v1.0/ads: create an ad (draft or active)
import { route } from '@/lib/api/route';
import { createAdSchema } from '@/lib/ads/schemas';
import { createAd } from '@/lib/ads/services';

export const POST = route({
  access: 'ads',
  body: createAdSchema,
  created: 'always',
  handler: async ({ db, actor, body }) => createAd(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

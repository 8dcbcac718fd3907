// POST /api/v1.0/ads/impression: a served ad was on screen (counted once per showing)
import { route } from '@/lib/api/route';
import { impressionSchema } from '@/lib/ads/schemas';
import { recordImpression } from '@/lib/ads/serving';

export const POST = route({
  access: 'authenticated',
  body: impressionSchema,
  handler: ({ db, actor, body }) => recordImpression(db, actor, body.token),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/ads/{id}: one ad; PATCH: edit it, pause or resume it; DELETE: remove it
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { updateAdSchema } from '@/lib/ads/schemas';
import { deleteAd, getAd, updateAd } from '@/lib/ads/services';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'ads',
  handler: ({ db, actor, params }) => getAd(db, actor, params.id),
});

export const PATCH = route<typeof updateAdSchema, undefined, Params>({
  access: 'ads',
  body: updateAdSchema,
  // If-Match: the ad's updated_at as the form read it (412 when it was saved elsewhere since).
  handler: ({ req, db, actor, params, body }) => updateAd(db, actor, params.id, body, ifMatchOf(req)),
});

export const DELETE = route<undefined, undefined, Params>({
  access: 'ads',
  handler: ({ db, actor, params }) => deleteAd(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/ads/settings: placements, ads per page, repeat cap, home rotation; PATCH: change them
import { route } from '@/lib/api/route';
import { adSettingsSchema } from '@/lib/ads/schemas';
import { getAdSettings, updateAdSettings } from '@/lib/ads/settings';

export const GET = route({
  access: 'ads',
  handler: ({ db, actor }) => getAdSettings(db, actor),
});

export const PATCH = route({
  access: 'ads',
  body: adSettingsSchema,
  handler: ({ db, actor, body }) => updateAdSettings(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

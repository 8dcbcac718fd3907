// GET /api/v1.0/account/preferences: the caller's time zone and profile picture; PATCH: change the time zone
import { route } from '@/lib/api/route';
import { updatePreferencesSchema } from '@/lib/accounts/preference-schemas';
import { getPreferences, updatePreferences } from '@/lib/accounts/preferences';

export const GET = route({
  access: 'authenticated',
  handler: ({ db, actor }) => getPreferences(db, actor!),
});

export const PATCH = route<typeof updatePreferencesSchema>({
  access: 'authenticated',
  body: updatePreferencesSchema,
  handler: ({ db, actor, body }) => updatePreferences(db, actor!, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

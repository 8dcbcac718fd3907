// GET /api/v1.0/jobs/{id}/addons: the add-ons; POST and PATCH: set [{addon_type, subscribed, external_url}]
import { route } from '@/lib/api/route';
import { updateAddonsSchema } from '@/lib/jobs/schemas';
import { listAddons, setAddons } from '@/lib/jobs/targeting';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => listAddons(db, actor, params.id),
});

export const POST = route<typeof updateAddonsSchema, undefined, Params>({
  access: 'companyJobs',
  body: updateAddonsSchema,
  created: 'always',
  handler: async ({ db, actor, params, body }) => setAddons(db, actor, params.id, body.addons),
});

export const PATCH = route<typeof updateAddonsSchema, undefined, Params>({
  access: 'companyJobs',
  body: updateAddonsSchema,
  handler: ({ db, actor, params, body }) => setAddons(db, actor, params.id, body.addons),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

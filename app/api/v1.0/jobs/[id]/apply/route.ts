// POST /api/v1.0/jobs/{id}/apply: a driver applies to a live job (201; 409 twice or when the job is not open)
import { route } from '@/lib/api/route';
import { applyToJob } from '@/lib/drivers/applications';
import { applySchema } from '@/lib/drivers/schemas';

export const POST = route<typeof applySchema, undefined, { id: string }>({
  access: 'drivers',
  body: applySchema,
  created: 'always',
  handler: async ({ db, actor, params, body }) => applyToJob(db, actor!, Number(params.id), body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// POST /api/v1.0/jobs/{id}/tag: tag a job ({tag})
import { route } from '@/lib/api/route';
import { tagSchema } from '@/lib/jobs/schemas';
import { tagJob } from '@/lib/jobs/tags';

export const POST = route<typeof tagSchema, undefined, { id: string }>({
  access: 'companyJobs',
  body: tagSchema,
  created: 'always',
  handler: async ({ db, actor, params, body }) => tagJob(db, actor, params.id, body.tag),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

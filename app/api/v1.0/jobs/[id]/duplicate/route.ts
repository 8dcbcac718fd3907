// POST /api/v1.0/jobs/{id}/duplicate: a new unpublished copy titled '<title> Copy'
import { route } from '@/lib/api/route';
import { duplicateJob } from '@/lib/jobs/services';

export const POST = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  created: 'always',
  handler: async ({ db, actor, params }) => duplicateJob(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

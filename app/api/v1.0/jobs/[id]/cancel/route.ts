// POST /api/v1.0/jobs/{id}/cancel: cancel a posting
import { route } from '@/lib/api/route';
import { cancelJob } from '@/lib/jobs/services';

export const POST = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => cancelJob(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

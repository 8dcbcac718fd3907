// POST /api/v1.0/jobs/{id}/close: close a job (it leaves the public site)
import { route } from '@/lib/api/route';
import { closeJob } from '@/lib/jobs/services';

export const POST = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => closeJob(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

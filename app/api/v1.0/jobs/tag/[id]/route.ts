// DELETE /api/v1.0/jobs/tag/{id}: remove a tag from a job (id of the job's tag)
import { route } from '@/lib/api/route';
import { untagJob } from '@/lib/jobs/tags';

export const DELETE = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => untagJob(db, actor, params.id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

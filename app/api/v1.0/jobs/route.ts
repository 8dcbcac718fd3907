// GET /api/v1.0/jobs: the job list (query string filters); POST: create a job waiting for payment
import { paginated, route } from '@/lib/api/route';
import { createJobSchema, listJobsQuerySchema } from '@/lib/jobs/schemas';
import { searchJobs } from '@/lib/jobs/search';
import { createJob } from '@/lib/jobs/services';

export const GET = route({
  access: 'companyJobs',
  query: listJobsQuerySchema,
  handler: async ({ db, actor, query: { job_type, state, ...rest } }) => {
    const r = await searchJobs(db, actor, { ...rest, filters: { job_type, state } });
    return paginated(r.items, r.pagination);
  },
});

export const POST = route({
  access: 'companyJobs',
  body: createJobSchema,
  created: 'always',
  handler: async ({ db, actor, body }) => createJob(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

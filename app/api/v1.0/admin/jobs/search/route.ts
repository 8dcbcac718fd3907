// POST /api/v1.0/admin/jobs/search: every company's jobs for admins (company_id narrows to one)
import { paginated, route } from '@/lib/api/route';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchJobs } from '@/lib/jobs/search';

export const POST = route({
  access: 'admin',
  body: searchJobsSchema,
  handler: async ({ db, actor, body }) => {
    const r = await searchJobs(db, actor, body);
    return paginated(r.items, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

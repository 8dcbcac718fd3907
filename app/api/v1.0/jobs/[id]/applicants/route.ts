// GET /api/v1.0/jobs/{id}/applicants: a page of the job's applicants (offset, limit)
import { paginated, route } from '@/lib/api/route';
import { searchApplicants } from '@/lib/applications/applicants';
import { pageQuerySchema } from '@/lib/applications/schemas';

export const GET = route<undefined, typeof pageQuerySchema, { id: string }>({
  access: 'companyJobs',
  query: pageQuerySchema,
  handler: async ({ db, actor, params, query }) => {
    const page = await searchApplicants(db, actor, params.id, { filter: [], sort: [], ...query });
    return paginated(page.data, page.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

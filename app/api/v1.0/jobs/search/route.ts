// POST /api/v1.0/jobs/search: the job list with filters, title search, status, sort and pages
import { paginated, route } from '@/lib/api/route';
import { searchJobsSchema } from '@/lib/jobs/schemas';
import { searchJobs } from '@/lib/jobs/search';

export const POST = route({
  access: 'companyJobs',
  body: searchJobsSchema,
  handler: async ({ db, actor, body, req }) => {
    // The spec sends offset, limit, query and company_id in the query string: they win over the body.
    const fromQuery = Object.fromEntries(req.nextUrl.searchParams);
    const input = Object.keys(fromQuery).length ? searchJobsSchema.parse({ ...body, ...fromQuery, filters: body.filters }) : body;
    const r = await searchJobs(db, actor, input);
    return paginated(r.items, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

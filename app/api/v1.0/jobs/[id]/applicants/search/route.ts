// POST /api/v1.0/jobs/{id}/applicants/search: {filter:[{field, operator, value}], sort:[{field, direction}], offset, limit}
import { paginated, route } from '@/lib/api/route';
import { searchApplicants } from '@/lib/applications/applicants';
import { searchApplicantsSchema } from '@/lib/applications/schemas';

export const POST = route<typeof searchApplicantsSchema, undefined, { id: string }>({
  access: 'companyJobs',
  body: searchApplicantsSchema,
  handler: async ({ db, actor, params, body }) => {
    const page = await searchApplicants(db, actor, params.id, body);
    return paginated(page.data, page.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// POST /api/v1.0/companies/search?offset=0&limit=50&statistics=true: the admin company grid (filters and orders in the body)
import { paginated, route } from '@/lib/api/route';
import { searchCompanyList } from '@/lib/admin/company-search';
import { companySearchBodySchema, pageQuerySchema } from '@/lib/admin/schemas';

export const POST = route({
  access: 'admin',
  body: companySearchBodySchema,
  query: pageQuerySchema,
  handler: async ({ db, actor, body, query }) => {
    const r = await searchCompanyList(db, actor!, body, query);
    return paginated(r.data, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

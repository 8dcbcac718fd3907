// GET /api/v1.0/companies/tags: the company's tags (staff name a company_id)
import { z } from 'zod';
import { route } from '@/lib/api/route';
import { listCompanyTags } from '@/lib/jobs/tags';
import { plainNumber } from '@/lib/validation/numbers';

export const GET = route({
  access: 'companyJobs',
  query: z.object({ company_id: plainNumber(z.coerce.number().int().positive().optional()) }),
  handler: ({ db, actor, query }) => listCompanyTags(db, actor, query.company_id),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

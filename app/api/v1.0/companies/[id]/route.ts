// GET /api/v1.0/companies/{id}: a company (own company only, admins any); PATCH: change its profile
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { companyIdParam } from '@/lib/companies/params';
import { updateCompanySchema } from '@/lib/companies/schemas';
import { getCompany, updateCompany } from '@/lib/companies/services';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => getCompany(db, actor!, companyIdParam(params)),
});

export const PATCH = route<typeof updateCompanySchema, undefined, { id: string }>({
  access: 'companySettings',
  body: updateCompanySchema,
  // If-Match: the company's updated_at as the settings form read it (412 when it was saved elsewhere since).
  handler: ({ req, db, actor, params, body }) => updateCompany(db, actor!, companyIdParam(params), body, ifMatchOf(req)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/companies/logo/{id}: where the company's logo is served ({ url }, null when none)
import { route } from '@/lib/api/route';
import { companyIdParam } from '@/lib/companies/params';
import { getLogoUrl } from '@/lib/companies/logo';

export const GET = route<undefined, undefined, { id: string }>({
  access: 'companyJobs',
  handler: ({ db, actor, params }) => getLogoUrl(db, actor!, companyIdParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/admin/companies/{id}: a company for the admin edit form; PATCH: change it (audited)
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { getAdminCompany, updateAdminCompany } from '@/lib/admin/companies';
import { adminCompanyPatchSchema } from '@/lib/admin/schemas';
import { companyIdParam } from '@/lib/companies/params';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'admin',
  handler: ({ db, actor, params }) => getAdminCompany(db, actor, companyIdParam(params)),
});

export const PATCH = route<typeof adminCompanyPatchSchema, undefined, Params>({
  access: 'admin',
  body: adminCompanyPatchSchema,
  handler: ({ db, actor, params, body, ip, req }) => updateAdminCompany(db, actor, companyIdParam(params), body, ip, ifMatchOf(req)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

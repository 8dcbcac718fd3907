// POST /api/v1.0/companies: create the caller's own company (onboarding); the caller becomes its company admin
import { route, withStatus } from '@/lib/api/route';
import { createCompanySchema } from '@/lib/companies/schemas';
import { createCompany } from '@/lib/companies/services';

export const POST = route({
  access: 'companyOnboarding',
  body: createCompanySchema,
  handler: async ({ db, actor, body }) => withStatus(201, await createCompany(db, actor!, body)),
});

// GET /api/v1.0/companies?search=: find a company by name (staff's company picker); POST: create the caller's own company (onboarding); the caller becomes its company admin
import { route } from '@/lib/api/route';
import { companySearchQuerySchema, createCompanySchema } from '@/lib/companies/schemas';
import { searchCompanies } from '@/lib/companies/search';
import { createCompany } from '@/lib/companies/services';

export const GET = route({
  access: 'companySearch',
  query: companySearchQuerySchema,
  handler: ({ db, actor, query }) => searchCompanies(db, actor, query),
});

export const POST = route({
  access: 'companyOnboarding',
  body: createCompanySchema,
  created: 'always',
  handler: async ({ db, actor, body }) => createCompany(db, actor!, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

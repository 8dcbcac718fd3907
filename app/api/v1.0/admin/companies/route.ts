// POST /api/v1.0/admin/companies: an admin creates a company (name, billing email, billing type, plan type, street, phone)
import { route } from '@/lib/api/route';
import { createAdminCompany } from '@/lib/admin/companies';
import { adminCompanySchema } from '@/lib/admin/schemas';

export const POST = route({
  access: 'admin',
  body: adminCompanySchema,
  created: 'always',
  handler: async ({ db, actor, body, ip }) => createAdminCompany(db, actor, body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

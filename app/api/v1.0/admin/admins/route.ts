// POST /api/v1.0/admin/admins: an admin creates another admin (first name, last name, email, password with the sign-up rules)
import { route } from '@/lib/api/route';
import { createAdmin } from '@/lib/admin/admins';
import { createAdminSchema } from '@/lib/admin/schemas';

export const POST = route({
  access: 'admin',
  body: createAdminSchema,
  created: 'always',
  handler: async ({ db, actor, body, ip }) => createAdmin(db, actor, body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

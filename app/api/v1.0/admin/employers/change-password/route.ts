// PATCH /api/v1.0/admin/employers/change-password: an admin sets a company user's password (sign-up rules; sessions end; audited)
import { route } from '@/lib/api/route';
import { changeEmployerPasswordAsAdmin } from '@/lib/admin/employers';
import { adminChangePasswordSchema } from '@/lib/admin/schemas';

export const PATCH = route({
  access: 'admin',
  body: adminChangePasswordSchema,
  handler: ({ db, actor, body, ip }) => changeEmployerPasswordAsAdmin(db, actor, body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/admin/employer/{id}: a company user for the admin's edit form; PATCH: change name, phone, email (audited)
import { route } from '@/lib/api/route';
import { getEmployerForAdmin, updateEmployerAsAdmin } from '@/lib/admin/employers';
import { idParam } from '@/lib/admin/params';
import { adminEmployerPatchSchema } from '@/lib/admin/schemas';

type Params = { id: string };

export const GET = route<undefined, undefined, Params>({
  access: 'admin',
  handler: ({ db, actor, params }) => getEmployerForAdmin(db, actor, idParam(params.id, 'User not found.')),
});

export const PATCH = route<typeof adminEmployerPatchSchema, undefined, Params>({
  access: 'admin',
  body: adminEmployerPatchSchema,
  handler: ({ db, actor, params, body, ip }) => updateEmployerAsAdmin(db, actor, idParam(params.id, 'User not found.'), body, ip),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

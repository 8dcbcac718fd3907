// GET /api/v1.0/employer: the signed-in employer user; PATCH: change their name, phone or email (a new email waits for its link)
import { route } from '@/lib/api/route';
import { updateEmployer, updateEmployerSchema } from '@/lib/accounts/employer-settings';
import { currentEmployer } from '@/lib/auth/employer';

export const GET = route({
  access: 'employer',
  handler: ({ db, actor, bearer }) => currentEmployer(db, actor!, bearer),
});

export const PATCH = route<typeof updateEmployerSchema>({
  access: 'employer',
  body: updateEmployerSchema,
  handler: ({ db, actor, body, ip, bearer }) => updateEmployer(db, actor!, body, { ip, bearer }),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

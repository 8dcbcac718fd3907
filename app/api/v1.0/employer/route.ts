// GET /api/v1.0/employer: the signed-in employer user
import { route } from '@/lib/api/route';
import { currentEmployer } from '@/lib/auth/employer';

export const GET = route({
  access: 'employer',
  handler: ({ db, actor, bearer }) => currentEmployer(db, actor!, bearer),
});

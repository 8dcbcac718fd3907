// POST /api/v1.0/admin/get-admins?offset=&limit=: the admin list (filters, orders created_at ascending by default)
import { paginated, route } from '@/lib/api/route';
import { searchAdmins } from '@/lib/admin/admins';
import { adminSearchBodySchema, pageQuerySchema } from '@/lib/admin/schemas';

export const POST = route({
  access: 'admin',
  body: adminSearchBodySchema,
  query: pageQuerySchema,
  handler: async ({ db, actor, body, query }) => {
    const r = await searchAdmins(db, actor, body, query);
    return paginated(r.data, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

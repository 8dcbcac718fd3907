// GET /api/v1.0/admin/outbox?to=&q=&offset=&limit=: mail in the outbox, newest first (admins)
import { z } from 'zod';
import { paginated, route } from '@/lib/api/route';
import { listOutbox } from '@/lib/mail/outbox';

const query = z.object({
  to: z.string().trim().max(254).optional(),
  q: z.string().trim().max(254).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const GET = route({
  access: 'admin',
  query,
  handler: async ({ db, query }) => {
    const { items, total } = await listOutbox(db, query);
    return paginated(items, { offset: query.offset, limit: query.limit, total });
  },
});

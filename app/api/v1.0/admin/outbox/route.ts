// GET /api/v1.0/admin/outbox?to=&q=&offset=&limit=: mail in the outbox, newest first (super admins, only without SMTP)
import { z } from 'zod';
import { paginated, route } from '@/lib/api/route';
import { AppError } from '@/lib/errors';
import { OUTBOX_UNAVAILABLE, listOutbox, outboxReadable } from '@/lib/mail/outbox';
import { plainNumber } from '@/lib/validation/numbers';

const query = z.object({
  to: z.string().trim().max(254).optional(),
  q: z.string().trim().max(254).optional(),
  offset: plainNumber(z.coerce.number().int().min(0).max(1_000_000).default(0)),
  limit: plainNumber(z.coerce.number().int().min(1).max(100).default(10)),
});

export const GET = route({
  access: 'superAdmin',
  query,
  handler: async ({ db, query, actor }) => {
    if (!outboxReadable()) throw new AppError(404, OUTBOX_UNAVAILABLE);
    // Someone acting as another user reads nobody's mail unmasked.
    const { items, ...counted } = await listOutbox(db, query, { email: actor!.impersonatorId ? '' : actor!.email });
    return paginated(items, { offset: query.offset, limit: query.limit, ...counted });
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

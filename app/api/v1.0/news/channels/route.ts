// GET /api/v1.0/news/channels: channels, newest first (offset, limit); POST: create a channel (news admins)
import { paginated, route } from '@/lib/api/route';
import { createChannel, searchChannels } from '@/lib/news/channels';
import { channelCreateSchema, pageQuerySchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  query: pageQuerySchema,
  handler: async ({ db, actor, query }) => {
    const r = await searchChannels(db, actor, { filters: [], orders: [] }, query);
    return paginated(r.items, r.pagination);
  },
});

export const POST = route({
  access: 'newsAdmin',
  body: channelCreateSchema,
  created: 'always',
  handler: async ({ db, actor, body }) => createChannel(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

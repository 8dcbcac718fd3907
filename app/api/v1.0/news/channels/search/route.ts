// POST /api/v1.0/news/channels/search: channels by filters and orders (created_at descending by default); query offset, limit
import { paginated, route } from '@/lib/api/route';
import { searchChannels } from '@/lib/news/channels';
import { channelSearchSchema, pageQuerySchema } from '@/lib/news/schemas';

export const POST = route({
  access: 'news',
  body: channelSearchSchema,
  query: pageQuerySchema,
  handler: async ({ db, actor, body, query }) => {
    const r = await searchChannels(db, actor, body, query);
    return paginated(r.items, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

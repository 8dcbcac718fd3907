// GET /api/v1.0/members/news: published posts for drivers, newest first (offset, limit)
import { paginated, route } from '@/lib/api/route';
import { listPublishedPosts } from '@/lib/news/readers';
import { pageQuerySchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'members',
  query: pageQuerySchema,
  handler: async ({ db, query }) => {
    const r = await listPublishedPosts(db, query);
    return paginated(r.items, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

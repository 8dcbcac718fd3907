// GET /api/v1.0/admin/news/channels/{id}/posts: a channel's posts for /admin/channels (news admins and contributors)
import { paginated, route } from '@/lib/api/route';
import { listChannelPosts } from '@/lib/news/posts';
import { idParam, postListQuerySchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'adminChannels',
  query: postListQuerySchema,
  handler: async ({ db, actor, params, query }) => {
    const r = await listChannelPosts(db, actor, idParam(params), query);
    return paginated(r.items, r.pagination);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/news/channels/{id}/posts: the channel's posts (offset, limit, status); POST: write a post (news admins, contributors in active channels)
import { paginated, route } from '@/lib/api/route';
import { createPost, listChannelPosts } from '@/lib/news/posts';
import { idParam, postCreateSchema, postListQuerySchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  query: postListQuerySchema,
  handler: async ({ db, actor, params, query }) => {
    const r = await listChannelPosts(db, actor, idParam(params), query);
    return paginated(r.items, r.pagination);
  },
});

export const POST = route({
  access: 'adminChannels',
  body: postCreateSchema,
  created: 'always',
  handler: async ({ db, actor, params, body }) => createPost(db, actor, idParam(params), body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

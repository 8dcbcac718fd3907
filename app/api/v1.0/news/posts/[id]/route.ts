// GET /api/v1.0/news/posts/{id}: one post with its body (the portal's readers and the editor)
import { route } from '@/lib/api/route';
import { getPost } from '@/lib/news/posts';
import { idParam } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  handler: ({ db, actor, params }) => getPost(db, actor, idParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

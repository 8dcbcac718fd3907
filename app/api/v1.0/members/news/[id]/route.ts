// GET /api/v1.0/members/news/{id}: one published post; the reader's view counts once per day
import { route } from '@/lib/api/route';
import { readPublishedPost } from '@/lib/news/readers';
import { idParam } from '@/lib/news/schemas';

export const GET = route({
  access: 'members',
  handler: ({ db, actor, params }) => readPublishedPost(db, actor!, idParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

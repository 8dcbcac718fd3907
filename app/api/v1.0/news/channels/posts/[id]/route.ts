// GET /api/v1.0/news/channels/posts/{id}: one post; PUT: edit it (news admins any, contributors their own); DELETE: cancel it
import { route } from '@/lib/api/route';
import { ifMatchOf } from '@/lib/api/if-match';
import { cancelPost, getPost, updatePost } from '@/lib/news/posts';
import { idParam, postUpdateSchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  handler: ({ db, actor, params }) => getPost(db, actor, idParam(params)),
});

export const PUT = route({
  access: 'adminChannels',
  body: postUpdateSchema,
  // If-Match: the post's updated_at as the editor read it (412 when it was saved elsewhere since).
  handler: ({ req, db, actor, params, body }) => updatePost(db, actor, idParam(params), body, ifMatchOf(req)),
});

export const DELETE = route({
  access: 'adminChannels',
  handler: ({ db, actor, params }) => cancelPost(db, actor, idParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

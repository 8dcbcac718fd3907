// GET /api/v1.0/news/channels/{id}: one channel; PUT: update it; DELETE: deactivate it (news admins)
import { route } from '@/lib/api/route';
import { deactivateChannel, getChannel, updateChannel } from '@/lib/news/channels';
import { channelUpdateSchema, idParam } from '@/lib/news/schemas';

export const GET = route({
  access: 'news',
  handler: ({ db, actor, params }) => getChannel(db, actor, idParam(params)),
});

export const PUT = route({
  access: 'newsAdmin',
  body: channelUpdateSchema,
  handler: ({ db, actor, params, body }) => updateChannel(db, actor, idParam(params), body),
});

export const DELETE = route({
  access: 'newsAdmin',
  handler: ({ db, actor, params }) => deactivateChannel(db, actor, idParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

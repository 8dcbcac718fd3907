// GET /api/v1.0/albums/{id}: one album; POST: rename it and replace its images; DELETE: remove it
import { route } from '@/lib/api/route';
import { deleteAlbum, getAlbum, updateAlbum } from '@/lib/news/albums';
import { albumSchema, idParam } from '@/lib/news/schemas';

export const GET = route({
  access: 'adminChannels',
  handler: ({ db, actor, params }) => getAlbum(db, actor, idParam(params)),
});

export const POST = route({
  access: 'adminChannels',
  body: albumSchema,
  handler: ({ db, actor, params, body }) => updateAlbum(db, actor, idParam(params), body),
});

export const DELETE = route({
  access: 'adminChannels',
  handler: ({ db, actor, params }) => deleteAlbum(db, actor, idParam(params)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

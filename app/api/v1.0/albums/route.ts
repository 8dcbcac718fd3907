// GET /api/v1.0/albums: the writer's albums (offset, limit); POST: a new album of uploaded news images
import { paginated, route } from '@/lib/api/route';
import { createAlbum, listAlbums } from '@/lib/news/albums';
import { albumSchema, pageQuerySchema } from '@/lib/news/schemas';

export const GET = route({
  access: 'adminChannels',
  query: pageQuerySchema,
  handler: async ({ db, actor, query }) => {
    const r = await listAlbums(db, actor, query);
    return paginated(r.items, r.pagination);
  },
});

export const POST = route({
  access: 'adminChannels',
  body: albumSchema,
  created: 'always',
  handler: async ({ db, actor, body }) => createAlbum(db, actor, body),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

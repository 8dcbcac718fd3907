// GET /api/v1.0/news/images/{name}: a news image or thumbnail (public: published posts show them; names are unguessable)
import { route } from '@/lib/api/route';
import { notFound } from '@/lib/errors';
import { imageKeyOfName } from '@/lib/news/images';
import { storedFileResponse } from '@/lib/storage/serve';

export const GET = route({
  access: 'public',
  handler: async ({ params, req }) => {
    const key = imageKeyOfName(String((params as { name?: string }).name ?? ''));
    const res = key ? await storedFileResponse(key, req.headers.get('range'), { 'cache-control': 'public, max-age=31536000, immutable' }) : null;
    if (!res) throw notFound('Image not found.');
    return res;
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// POST /api/v1.0/news/channels/{id}/upload-image: form data `image` → image_url (wider than 720 px stored at 720)
import { route } from '@/lib/api/route';
import { imageFromRequest, uploadChannelImage } from '@/lib/news/images';
import { idParam } from '@/lib/news/schemas';

export const POST = route({
  access: 'adminChannels',
  rawBody: true,
  handler: ({ db, actor, params, req }) => uploadChannelImage(db, actor, idParam(params), () => imageFromRequest(req)),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// POST /api/v1.0/ads/multimedia/upload: an ad image (cropped to 587x226) or video, multipart (stage simple | start | chunk | finish)
import { route } from '@/lib/api/route';
import { uploadAdMedia } from '@/lib/ads/media';
import { uploadFormOf } from '@/lib/storage/video-upload';

export const POST = route({
  access: 'ads',
  rawBody: true,
  handler: async ({ actor, req }) => {
    const form = await uploadFormOf(req, 'Send the file as multipart/form-data.');
    return uploadAdMedia(actor, form);
  },
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

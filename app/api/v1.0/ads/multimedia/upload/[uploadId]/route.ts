// DELETE /api/v1.0/ads/multimedia/upload/{uploadId}: cancel an unfinished chunked ad video upload (its parts go at once)
import { route } from '@/lib/api/route';
import { cancelAdMediaUpload } from '@/lib/ads/media';

export const DELETE = route<undefined, undefined, { uploadId: string }>({
  access: 'ads',
  handler: ({ actor, params }) => cancelAdMediaUpload(actor, params.uploadId),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// DELETE /api/v1.0/ads/multimedia/delete/{id}: an uploaded ad image or video that no ad shows
import { route } from '@/lib/api/route';
import { deleteAdMedia } from '@/lib/ads/media';

export const DELETE = route<undefined, undefined, { file: string }>({
  access: 'ads',
  handler: ({ db, actor, params }) => deleteAdMedia(db, actor, params.file),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

// GET /api/v1.0/ads/media/{file}: an ad's image or video (public: placements show it), with byte ranges
import { route } from '@/lib/api/route';
import { adMediaResponse } from '@/lib/ads/media';

export const GET = route<undefined, undefined, { file: string }>({
  access: 'public',
  handler: ({ params, req }) => adMediaResponse(params.file, req.headers.get('range')),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

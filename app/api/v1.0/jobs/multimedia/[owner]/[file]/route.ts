// GET /api/v1.0/jobs/multimedia/{owner}/{file}: an uploaded job video (public: job pages play it)
import { route } from '@/lib/api/route';
import { videoResponse } from '@/lib/jobs/multimedia';

export const GET = route<undefined, undefined, { owner: string; file: string }>({
  access: 'public',
  handler: ({ params, req }) => videoResponse(params.owner, params.file, req.headers.get('range')),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

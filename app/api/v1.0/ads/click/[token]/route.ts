// GET /api/v1.0/ads/click/{token}: counts a served ad's click once, then redirects to its target
import { route } from '@/lib/api/route';
import { recordClick } from '@/lib/ads/serving';

export const GET = route<undefined, undefined, { token: string }>({
  access: 'public',
  handler: ({ db, params }) => recordClick(db, params.token),
});

// Every method this file does not export answers 405 with the JSON envelope and Allow.
export * from '@/lib/api/other-methods';

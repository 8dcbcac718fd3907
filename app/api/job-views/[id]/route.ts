// GET /api/job-views/{id}: the public job page's view counter, a 1×1 image (the page itself is cached, the same for everyone)
import { recordPageView } from '@/lib/applications/page-view';
import { cachedPublicJob } from '@/lib/cache/public-pages';

export const dynamic = 'force-dynamic';

// A transparent 1×1 GIF.
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

async function countView(_req: Request, { params }: { params: Promise<{ id: string }> }) {
  // Only a live job's views count (its cached lookup costs no query), so a made-up id writes nothing.
  const pub = await cachedPublicJob((await params).id);
  if (pub) await recordPageView(pub.job.id, 'public');
  return new Response(PIXEL, { headers: { 'content-type': 'image/gif', 'cache-control': 'no-store, private' } });
}

// Anyone may load it (the access matrix, __tests__/access/api-matrix.test.ts, calls it as every role).
export const GET = Object.assign(countView, { access: 'public' as const });

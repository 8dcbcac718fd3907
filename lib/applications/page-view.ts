import 'server-only';
import { cookies, headers } from 'next/headers';
import { clientAddress } from '@/lib/api/client-address';
import { getSessionUser } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { limiter, tryConsume } from '@/lib/rate-limit';
import { recordJobView, visitorKey, type ViewSource } from './views';

/**
 * Anonymous views counted per address and job in a day. The visitor cookie is the client's to send,
 * so a script sending a new one each time counted a new visitor each time (found inflating a job's
 * views from 1 to 31 in 30 requests); past this an address's views of the job are not counted.
 */
const ANONYMOUS_VIEWS_PER_ADDRESS = 20;

/** For a job page's server component: counts this request's visitor (signed-in user, or anonymous by a hash of address and browser). */
export async function recordPageView(jobId: number, source: ViewSource) {
  const [h, user] = await Promise.all([headers(), getSessionUser()]);
  const ip = clientAddress((name) => h.get(name));
  if (!user) {
    const perAddress = await limiter('job-view-address', ANONYMOUS_VIEWS_PER_ADDRESS, 24 * 3600);
    if (!(await tryConsume(perAddress, `${ip ?? ''}|${jobId}`))) return;
  }
  const key = visitorKey({ userId: user?.id, visitorId: (await cookies()).get('tna_vid')?.value, ip, userAgent: h.get('user-agent') });
  await recordJobView(await getDb(), jobId, key, source);
}

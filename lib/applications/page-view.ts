import 'server-only';
import { cookies, headers } from 'next/headers';
import { clientAddress } from '@/lib/api/client-address';
import { getSessionUser } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { recordJobView, visitorKey, type ViewSource } from './views';

/** For a job page's server component: counts this request's visitor (signed-in user, or anonymous by a hash of address and browser). */
export async function recordPageView(jobId: number, source: ViewSource) {
  const [h, user] = await Promise.all([headers(), getSessionUser()]);
  const key = visitorKey({
    userId: user?.id,
    visitorId: (await cookies()).get('tna_vid')?.value,
    ip: clientAddress((name) => h.get(name)),
    userAgent: h.get('user-agent'),
  });
  await recordJobView(await getDb(), jobId, key, source);
}

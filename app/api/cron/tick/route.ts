// GET /api/cron/tick: run the scheduled tick (Vercel Cron or any scheduler), Bearer CRON_SECRET
import { timingSafeEqual, createHash } from 'node:crypto';
import { log } from '@/lib/log';
import { getDb } from '@/lib/db/client';
import { tick } from '@/lib/tick';

export const dynamic = 'force-dynamic';

const digest = (s: string) => createHash('sha256').update(s).digest();
const json = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

/**
 * Production requires CRON_SECRET (503 until it is set, so an unprotected tick is never
 * reachable); in development an unset secret leaves the route open for local testing.
 */
async function handle(req: Request) {
  const secret = process.env.CRON_SECRET;
  if (!secret) {
    if (process.env.NODE_ENV === 'production') return json(503, { errors: [{ message: 'CRON_SECRET is not set.' }] });
  } else {
    const given = req.headers.get('authorization') ?? '';
    if (!timingSafeEqual(digest(given), digest(`Bearer ${secret}`))) return json(401, { errors: [{ message: 'Unauthorized' }] });
  }
  try {
    return json(200, { data: await tick(await getDb(), new Date()) });
  } catch (error) {
    log.error('Scheduled tick failed', { error });
    return json(500, { errors: [{ message: 'Internal server error' }] });
  }
}

// 'public' for the access matrix: the gate here is the secret, not a user role.
export const GET = Object.assign(handle, { access: 'public' as const });
export const POST = GET;

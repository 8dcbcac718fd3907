import { createHash } from 'node:crypto';
import type { Database } from '@/lib/db/client';
import { jobViews } from '@/lib/db/schema';
import { portalIsoDay } from '@/lib/validation/portal-day';

export type ViewSource = 'public' | 'portal';

/** The visitor's key: a hash, never the user id, cookie or address itself (one per visitor per day). */
export function visitorKey(parts: { userId?: number | null; visitorId?: string | null; ip?: string | null; userAgent?: string | null }) {
  const basis = parts.userId ? `u:${parts.userId}` : parts.visitorId ? `v:${parts.visitorId}` : `a:${parts.ip ?? ''}|${parts.userAgent ?? ''}`;
  return createHash('sha256').update(basis).digest('base64url').slice(0, 32);
}

/**
 * Counts a view of a job page (public page or Drivers Portal): at most one per visitor per day
 * (the primary key job, day, visitor). Never fails the page: a view that cannot be written is lost.
 */
export async function recordJobView(db: Database, jobId: number, key: string, source: ViewSource, now = new Date()) {
  try {
    await db
      .insert(jobViews)
      // The portal zone's day, as the statistics' daily series counts (lib/applications/statistics.ts).
      .values({ jobId, day: portalIsoDay(now), visitorKey: key, source })
      .onConflictDoNothing();
  } catch (error) {
    console.warn('job view not recorded', jobId, (error as Error).message);
  }
}

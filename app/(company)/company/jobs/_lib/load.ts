import 'server-only';
import { notFound } from 'next/navigation';
import { pageGuardFor } from '@/lib/access';
import type { Actor } from '@/lib/auth/actor';
import { requireSession } from '@/lib/auth/server';
import { getDb, type Database } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getJob } from '@/lib/jobs/detail';
import { rowIdOf } from '@/lib/validation/row-id';

/**
 * The signed-in caller of a jobs page, as the jobs services want it: the request's session, checked
 * against the store once (requireSession), the role table again, and a company user without a
 * company sent to /company-info (spec §2).
 */
export async function pageActor(): Promise<{ db: Database; actor: Actor }> {
  const { actor } = await requireSession(pageGuardFor('/company/jobs'));
  return { db: await getDb(), actor };
}

/** A job the caller may see, or the 404 page (another company's job looks like no job at all). */
export async function loadJobOr404(id: string) {
  const { db, actor } = await pageActor();
  if (rowIdOf(id) === null) notFound();
  try {
    return await getJob(db, actor, id);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
}

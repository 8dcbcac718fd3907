import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { pageGuardFor } from '@/lib/access';
import { actorFromClaims, type Actor } from '@/lib/auth/actor';
import { requireUser } from '@/lib/auth/server';
import { getDb, type Database } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getJob } from '@/lib/jobs/services';

/**
 * The signed-in caller of a jobs page, as the jobs services want it. requireUser checks the role
 * table again and sends a company user without a company to /company-info (spec §2).
 */
export async function pageActor(): Promise<{ db: Database; actor: Actor }> {
  const user = await requireUser(pageGuardFor('/company/jobs'));
  const db = await getDb();
  const actor = await actorFromClaims(db, { userId: user.id, rid: 3, roles: [] });
  if (!actor) redirect('/login');
  return { db, actor };
}

/** A job the caller may see, or the 404 page (another company's job looks like no job at all). */
export async function loadJobOr404(id: string) {
  const { db, actor } = await pageActor();
  try {
    return await getJob(db, actor, id);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
}

import 'server-only';
import { notFound } from 'next/navigation';
import { pageGuardFor } from '@/lib/access';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { AppError } from '@/lib/errors';
import { getJob } from '@/lib/jobs/detail';
import { rowIdOf } from '@/lib/validation/row-id';

/** A company's job for the admin's edit screens (the company wizard's own components), or the 404 page. */
export async function adminJobOr404(id: string) {
  const { actor } = await requireSession(pageGuardFor('/admin/company-list'));
  if (rowIdOf(id) === null) notFound();
  try {
    return await getJob(await getDb(), actor, id);
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 403)) notFound();
    throw error;
  }
}

import { and, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { applicationTags, companyTags } from '@/lib/db/schema';
import { notFound } from '@/lib/errors';
import { TAG_NOT_FOUND } from '@/lib/jobs/tags';
import { loadOwnedApplication, tagsOf } from './applicants';

/** A tag of the job's company, or 404 (another company's tag looks like none). */
async function companyTag(db: Database, companyId: number, tagId: number) {
  const [tag] = await db
    .select({ id: companyTags.id })
    .from(companyTags)
    .where(and(eq(companyTags.id, tagId), eq(companyTags.companyId, companyId)));
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
}

/** POST /jobs/applicants/tag: puts a company tag on an applicant of a job; answers the applicant's tags. */
export async function tagApplicant(db: Database, actor: Actor | null, input: { jobId: number; applicantId: number; tagId: number }) {
  const { job, record } = await loadOwnedApplication(db, actor, input.jobId, input.applicantId);
  await companyTag(db, job.companyId, input.tagId);
  await db.insert(applicationTags).values({ applicationId: record.applicationId, tagId: input.tagId }).onConflictDoNothing();
  const tags = await tagsOf(db, [record.applicationId]);
  return { job_id: job.id, applicant_id: record.userId, tags: tags.get(record.applicationId) ?? [] };
}

/** POST /jobs/{id}/applicants/delete-tags: removes one tag (tagId) or all (cleanAll) from an applicant. */
export async function deleteApplicantTags(
  db: Database,
  actor: Actor | null,
  jobId: number | string,
  input: { applicantId: number; tagId?: number | null; cleanAll: boolean },
) {
  const { job, record } = await loadOwnedApplication(db, actor, jobId, input.applicantId);
  let removed: { tagId: number }[];
  if (input.cleanAll) {
    removed = await db.delete(applicationTags).where(eq(applicationTags.applicationId, record.applicationId)).returning({ tagId: applicationTags.tagId });
  } else {
    await companyTag(db, job.companyId, input.tagId!);
    removed = await db
      .delete(applicationTags)
      .where(and(eq(applicationTags.applicationId, record.applicationId), eq(applicationTags.tagId, sql`${input.tagId}`)))
      .returning({ tagId: applicationTags.tagId });
    if (!removed.length) throw notFound('This applicant does not have that tag.');
  }
  const tags = await tagsOf(db, [record.applicationId]);
  return { job_id: job.id, applicant_id: record.userId, removed: removed.length, tags: tags.get(record.applicationId) ?? [] };
}

import { asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { applications, companyTags, jobAddons, jobAddresses, jobReleasedAddresses, jobTags, type JobRow } from '@/lib/db/schema';
import { loadOwnedJob } from './access';
import { paidForPeriod } from './paid-items';
import { toJobDetail, type JobTag } from './serialize';
import { startOfPortalDayAt } from '@/lib/validation/portal-day';

/** A job's tags, by name. */
function tagsOfJob(db: Database, jobId: number): Promise<JobTag[]> {
  return db
    .select({ id: jobTags.id, tag_id: companyTags.id, tag: companyTags.tag })
    .from(jobTags)
    .innerJoin(companyTags, eq(companyTags.id, jobTags.tagId))
    .where(eq(jobTags.jobId, jobId))
    .orderBy(asc(companyTags.tag));
}

/** Counts a job's matched candidates (lib/applications/candidates.ts, which this domain does not import). */
export type CandidateCounter = (job: JobRow) => Promise<number>;

/**
 * Job detail of a job row (addresses, add-ons, tags loaded alongside). `countCandidates`: fills
 * total_candidates (GET /jobs/{id}); without it the field is null, not counted (a detail answered
 * after a change, the server-rendered pages, which show the count from the statistics).
 */
export async function jobDetail(db: Database, job: JobRow, now = new Date(), countCandidates?: CandidateCounter) {
  const [addresses, addons, tags, [applicants], candidates, released] = await Promise.all([
    db.select().from(jobAddresses).where(eq(jobAddresses.jobId, job.id)).orderBy(asc(jobAddresses.position), asc(jobAddresses.id)),
    db.select().from(jobAddons).where(eq(jobAddons.jobId, job.id)).orderBy(asc(jobAddons.id)),
    tagsOfJob(db, job.id),
    db
      .select({ total: sql<number>`count(*)::int`, today: sql<number>`(count(*) filter (where ${applications.createdAt} >= ${startOfPortalDayAt(now).toISOString()}))::int` })
      .from(applications)
      .where(eq(applications.jobId, job.id)),
    countCandidates ? countCandidates(job) : null,
    // Only a paid job has places paid for its period (lib/jobs/targeting.ts puts them back free).
    job.paymentStatus === 'pending' ? [] : db.select().from(jobReleasedAddresses).where(eq(jobReleasedAddresses.jobId, job.id)),
  ]);
  const releasedPlaces = released.filter((r) => paidForPeriod(job, r)).map((r) => r.placeKey);
  return toJobDetail(job, addresses, addons, tags, now, { total: Number(applicants.total), today: Number(applicants.today) }, candidates, releasedPlaces);
}

/** GET /jobs/{id} */
export async function getJob(db: Database, actor: Actor | null, id: number | string, countCandidates?: CandidateCounter) {
  return jobDetail(db, await loadOwnedJob(db, actor, id), new Date(), countCandidates);
}

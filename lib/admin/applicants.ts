import { desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { countUpTo } from '@/lib/db/count';
import { applications, companies, jobs, users } from '@/lib/db/schema';
import { containsPattern } from './filters';
import { assertAdmin } from './guard';

export type ApplicantLine = {
  id: number;
  appliedAt: string;
  driver: { id: number; name: string; email: string };
  job: { id: number; title: string };
  company: { id: number; name: string };
  stage: string;
  distanceMiles: number | null;
};

/**
 * The admins' applicants list: every driver who applied, newest application first, with the job
 * and its company; `search` matches the driver's name or email, the job title or the company name.
 */
export async function searchApplicants(db: Database, actor: Actor | null, input: { search: string; offset: number; limit: number }) {
  assertAdmin(actor);
  const pattern = containsPattern(input.search);
  const where = input.search
    ? or(ilike(users.firstName, pattern), ilike(users.lastName, pattern), ilike(users.email, pattern), ilike(jobs.title, pattern), ilike(companies.companyName, pattern))
    : undefined;
  const base = () => db.select().from(applications).innerJoin(users, eq(users.id, applications.userId)).innerJoin(jobs, eq(jobs.id, applications.jobId)).innerJoin(companies, eq(companies.id, jobs.companyId));
  // Every application has its driver, job and company (required foreign keys), so without a search
  // the count needs no join: it reads applications_created_idx alone.
  const matching = input.search
    ? db.select({ one: sql`1` }).from(applications).innerJoin(users, eq(users.id, applications.userId)).innerJoin(jobs, eq(jobs.id, applications.jobId)).innerJoin(companies, eq(companies.id, jobs.companyId)).where(where)
    : db.select({ one: sql`1` }).from(applications);
  const [rows, counted] = await Promise.all([
    base().where(where).orderBy(desc(applications.createdAt), desc(applications.id)).limit(input.limit).offset(input.offset),
    countUpTo(db, matching, input),
  ]);
  const lines: ApplicantLine[] = rows.map((r) => ({
    id: r.applications.id,
    appliedAt: r.applications.createdAt.toISOString(),
    driver: { id: r.users.id, name: `${r.users.firstName} ${r.users.lastName}`, email: r.users.email },
    job: { id: r.jobs.id, title: r.jobs.title },
    company: { id: r.companies.id, name: r.companies.companyName },
    stage: r.applications.stage,
    distanceMiles: r.applications.distanceMiles,
  }));
  return { lines, ...counted };
}

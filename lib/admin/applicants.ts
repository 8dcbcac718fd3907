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
  // Only the columns a line shows: whole rows would carry every job's description to each page.
  const columns = {
    id: applications.id,
    createdAt: applications.createdAt,
    stage: applications.stage,
    distanceMiles: applications.distanceMiles,
    driverId: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    jobId: jobs.id,
    jobTitle: jobs.title,
    companyId: companies.id,
    companyName: companies.companyName,
  };
  // Every application has its driver, job and company (required foreign keys), so without a search
  // the count needs no join: it reads applications_created_idx alone.
  const matching = input.search
    ? db.select({ one: sql`1` }).from(applications).innerJoin(users, eq(users.id, applications.userId)).innerJoin(jobs, eq(jobs.id, applications.jobId)).innerJoin(companies, eq(companies.id, jobs.companyId)).where(where)
    : db.select({ one: sql`1` }).from(applications);
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .innerJoin(jobs, eq(jobs.id, applications.jobId))
      .innerJoin(companies, eq(companies.id, jobs.companyId))
      .where(where)
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .limit(input.limit)
      .offset(input.offset),
    countUpTo(db, matching, input),
  ]);
  const lines: ApplicantLine[] = rows.map((r) => ({
    id: r.id,
    appliedAt: r.createdAt.toISOString(),
    driver: { id: r.driverId, name: `${r.firstName} ${r.lastName}`, email: r.email },
    job: { id: r.jobId, title: r.jobTitle },
    company: { id: r.companyId, name: r.companyName },
    stage: r.stage,
    distanceMiles: r.distanceMiles,
  }));
  return { lines, ...counted };
}

import { and, asc, eq, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { companies, companyTags, jobTags, jobs } from '@/lib/db/schema';
import { notFound, unprocessable } from '@/lib/errors';
import { assertJobRole, companyScope, loadOwnedJob, ownJobsCondition } from './access';

export const TAG_NOT_FOUND = 'Tag not found.';
export const COMPANY_NOT_FOUND = 'Company not found.';

/** The company whose tags a caller works on; staff without a company name one. */
function tagCompany(actor: Actor | null, requested?: number) {
  assertJobRole(actor);
  const company = companyScope(actor, requested ?? actor.companyId);
  if (company === undefined) throw unprocessable('Choose a company.', 'company_id');
  return company;
}

const companyExists = async (db: Database, id: number) => (await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id))).length > 0;

/** A company tag by its text, created when new (tags compare without case). */
async function findOrCreateTag(db: Database, companyId: number, tag: string) {
  const [created] = await db.insert(companyTags).values({ companyId, tag }).onConflictDoNothing().returning();
  if (created) return { tag: created, created: true };
  const [existing] = await db
    .select()
    .from(companyTags)
    .where(and(eq(companyTags.companyId, companyId), eq(companyTags.tag, tag)));
  return { tag: existing, created: false };
}

/** GET /companies/tags */
export async function listCompanyTags(db: Database, actor: Actor | null, companyId?: number) {
  const company = tagCompany(actor, companyId);
  const rows = await db
    .select({ id: companyTags.id, tag: companyTags.tag })
    .from(companyTags)
    .where(eq(companyTags.companyId, company))
    .orderBy(asc(companyTags.tag));
  return rows;
}

/** POST /companies/tag: adds a tag to the company's list (answers the existing one when already there). */
export async function createCompanyTag(db: Database, actor: Actor | null, tag: string, companyId?: number) {
  const company = tagCompany(actor, companyId);
  // Staff name the company: one that does not exist is a 404 before the tag's foreign key refuses it.
  if (company !== actor?.companyId && !(await companyExists(db, company))) throw notFound(COMPANY_NOT_FOUND);
  const { tag: row, created } = await findOrCreateTag(db, company, tag);
  return { tag: { id: row.id, tag: row.tag }, created };
}

/** POST /jobs/{id}/tag: tags a job (the tag joins the company's list when new). */
export async function tagJob(db: Database, actor: Actor | null, jobId: number | string, tag: string) {
  const job = await loadOwnedJob(db, actor, jobId);
  const { tag: row } = await findOrCreateTag(db, job.companyId, tag);
  const [link] = await db.insert(jobTags).values({ jobId: job.id, tagId: row.id }).onConflictDoNothing().returning();
  const id =
    link?.id ??
    (await db.select({ id: jobTags.id }).from(jobTags).where(and(eq(jobTags.jobId, job.id), eq(jobTags.tagId, row.id))))[0].id;
  return { id, tag_id: row.id, tag: row.tag, job_id: job.id };
}

/** DELETE /jobs/tag/{id}: removes a tag from a job (the id of the job's tag, as answered by POST /jobs/{id}/tag). */
export async function untagJob(db: Database, actor: Actor | null, jobTagId: number | string) {
  assertJobRole(actor);
  const id = Number(jobTagId);
  if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) throw notFound(TAG_NOT_FOUND);
  const [link] = await db
    .select({ id: jobTags.id })
    .from(jobTags)
    .innerJoin(jobs, eq(jobs.id, jobTags.jobId))
    .where(and(eq(jobTags.id, id), ownJobsCondition(actor) ?? sql`true`));
  if (!link) throw notFound(TAG_NOT_FOUND);
  await db.delete(jobTags).where(eq(jobTags.id, id));
  return { id };
}

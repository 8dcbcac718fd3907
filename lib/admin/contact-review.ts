import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { recordAudit } from '@/lib/audit';
import type { Database } from '@/lib/db/client';
import { companies, jobReviewMessages, jobs, users } from '@/lib/db/schema';
import { enqueueMail, escapeHtml } from '@/lib/mail';
import { notFound, unprocessable } from '@/lib/errors';
import { assertAdmin } from './guard';
import type { ContactReviewJobInput } from './schemas';

export const NO_RECIPIENT = 'This company has no email to write to.';

/**
 * POST /admin/contact_review_job: an admin writes to the company of a posting under review. The
 * message goes to the company's billing email (else the job's employer) through the outbox, and is
 * kept with the job (job_review_messages) beside an audit record.
 */
export async function contactReviewJob(db: Database, actor: Actor | null, input: ContactReviewJobInput, ip?: string) {
  assertAdmin(actor);
  const [job] = await db
    .select({ id: jobs.id, title: jobs.title, companyId: jobs.companyId, companyEmail: companies.email, companyName: companies.companyName, employerEmail: users.email })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .leftJoin(users, eq(users.id, jobs.employerId))
    .where(eq(jobs.id, input.job_id));
  if (!job) throw notFound('Job not found.');
  const to = job.companyEmail ?? job.employerEmail;
  if (!to) throw unprocessable(NO_RECIPIENT, 'job_id');
  return db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    const text = `${input.message}\n\nAbout your job "${job.title}" (#${job.id}). Reply to this email to answer the review team.`;
    const html = `<p>${escapeHtml(input.message).replace(/\n/g, '<br>')}</p><p style="color:#64748b">About your job “${escapeHtml(job.title)}” (#${job.id}).</p>`;
    await enqueueMail(t, { to, subject: input.subject, text, html, kind: 'contact_review_job' });
    const [row] = await tx.insert(jobReviewMessages).values({ jobId: job.id, adminId: actor.userId, subject: input.subject, message: input.message, sentTo: to }).returning();
    await recordAudit(t, { actorUserId: actor.userId, action: 'job.contact_review', subjectType: 'job', subjectId: job.id, companyId: job.companyId, details: { subject: input.subject }, ip });
    return { id: row.id, job_id: job.id, subject: row.subject, message: row.message, sent_to: to, created_at: row.createdAt.toISOString() };
  });
}

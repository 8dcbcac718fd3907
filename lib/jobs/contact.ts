import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '@/lib/db/client';
import { companies, users, type JobRow } from '@/lib/db/schema';

export type JobContact = { email: string; firstName: string | null };

/**
 * Who hears about a job (its billing, an administrator's hold): the employer who posted it while
 * they are still an active member of its company, else the company's email. A deactivated
 * employee, or one taken out of the company, went on getting its job's receipts and renewal mail.
 * `companyEmail` when the caller has read the company already.
 */
export async function jobContact(db: Database, job: Pick<JobRow, 'employerId' | 'companyId'>, companyEmail?: string | null): Promise<JobContact | null> {
  if (job.employerId) {
    const [u] = await db
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.id, job.employerId), eq(users.companyId, job.companyId), eq(users.active, true), isNull(users.deletedAt)));
    if (u) return u;
  }
  const email = companyEmail !== undefined ? companyEmail : (await db.select({ email: companies.email }).from(companies).where(eq(companies.id, job.companyId)))[0]?.email;
  return email ? { email, firstName: null } : null;
}

import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { jobs } from './jobs';

/**
 * What an admin wrote to a job's company about a posting under review (POST
 * /admin/contact_review_job): mailed to the company and kept with the job.
 */
export const jobReviewMessages = pgTable(
  'job_review_messages',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    adminId: integer().references(() => users.id, { onDelete: 'set null' }),
    subject: text().notNull(),
    message: text().notNull(),
    sentTo: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('job_review_messages_job_idx').on(t.jobId, t.createdAt)],
);

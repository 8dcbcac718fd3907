import { sql } from 'drizzle-orm';
import { getDb, queryRows } from '@/lib/db/client';
import { enqueueTemplates } from '@/lib/mail';

/*
 * Scheduled work queues mail by the thousand in one go (the applicant digest: a batch of 250 jobs
 * times every user of each job's company). A statement carries at most 65,535 parameters, five a
 * mail: 15,000 mails in one insert failed, and the digest step failed on that batch at every tick.
 */
it('queues more mails than one statement can carry, every one of them, in one transaction', async () => {
  const db = await getDb();
  const letters = Array.from({ length: 15_000 }, (_, i) => ({
    to: `Many${i}@Digest.test`,
    params: { firstName: 'Ann', jobTitle: 'Night Driver', count: 2, names: ['Bo B.', 'Cy C.'], applicantsUrl: 'http://localhost:3000/company/jobs/1/applicants' },
  }));
  await db.transaction((tx) => enqueueTemplates(tx, 'new_applicants', letters));
  const [{ n, distinct, last }] = await queryRows<{ n: number; distinct: number; last: number }>(
    db,
    sql`select count(*)::int as n, count(distinct to_address)::int as distinct, count(*) filter (where to_address = 'many14999@digest.test')::int as last
      from email_outbox where to_address like 'many%@digest.test' and kind = 'new_applicants'`,
  );
  expect({ n, distinct, last }).toEqual({ n: 15_000, distinct: 15_000, last: 1 });
});

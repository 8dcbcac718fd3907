import { sql } from 'drizzle-orm';
import { publicUrl } from '@/lib/config';
import { inBatches, type BatchOptions } from '@/lib/db/batches';
import { queryRows, type Database } from '@/lib/db/client';
import { intArray } from '@/lib/db/int-array';
import { enqueueTemplates } from '@/lib/mail';

/*
 * The company hears of new applications in a digest: at most one mail per job per hour, to each
 * active user of the company, through the outbox. Run by the scheduled tick (lib/tick/steps.ts).
 * An application is in a digest once: notified_at is set when its digest is queued, in the same
 * transaction as the digest's mails.
 *
 * In batches (lib/db/batches.ts, issue 16): the jobs with applications not yet told, a batch of
 * them at a time in job order, each batch's mails and notified_at in one short transaction. All at
 * once, 20,000 jobs with new applications (a busy day at 100,000 jobs, or a day of the tick not
 * running) took one step 31 s, a statement per job and per mail, past the step's budget; what the
 * budget does not reach waits for the next tick, its applications still untold.
 */

export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
const NAMES_SHOWN = 5;

/** A job with applications not yet told; `ids` null while its last digest is less than an hour old. */
type Untold = { job_id: number; title: string | null; company_id: number | null; ids: number[] | null; names: string[] | null };
type Recipient = { company_id: number; email: string; first_name: string };

/** Queues the digests that are due at `now`; answers how many jobs and mails. */
export async function sendApplicantDigests(db: Database, now = new Date(), options: BatchOptions = {}) {
  const at = now.toISOString();
  const since = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  let after = 0;
  let jobs = 0;
  let mails = 0;
  await inBatches(async (limit) => {
    // The next jobs with applications not yet told (applications_unnotified_idx, in job order),
    // and for those whose last digest is an hour old or more, the applications to tell.
    const untold = await queryRows<Untold>(
      db,
      sql`with untold as (
          select distinct a.job_id from applications a
          where a.notified_at is null and a.job_id > ${after} and a.created_at <= ${at}
          order by a.job_id limit ${limit}
        )
        select t.job_id, d.title, d.company_id, d.ids, d.names
        from untold t
        left join lateral (
          select j.title, j.company_id, array_agg(a.id order by a.id) as ids,
            (array_agg(u.first_name || ' ' || left(u.last_name, 1) || '.' order by a.id))[1:${NAMES_SHOWN}] as names
          from jobs j
          join applications a on a.job_id = j.id and a.notified_at is null and a.created_at <= ${at}
          join users u on u.id = a.user_id
          where j.id = t.job_id
            and not exists (select 1 from applications n where n.job_id = t.job_id and n.notified_at > ${since})
          group by j.title, j.company_id
        ) d on true
        order by t.job_id`,
    );
    if (untold.length) after = untold[untold.length - 1].job_id;
    const due = untold.filter((u): u is Untold & { ids: number[]; company_id: number; title: string } => !!u.ids?.length && u.company_id != null);
    if (!due.length) return untold;
    const companies = [...new Set(due.map((d) => d.company_id))];
    const recipients = await queryRows<Recipient>(
      db,
      sql`select company_id, email, first_name from users
        where company_id = any(${intArray(companies)}) and active and deleted_at is null order by id`,
    );
    const letters = due.flatMap((job) =>
      recipients
        .filter((r) => r.company_id === job.company_id)
        .map((r) => ({
          to: r.email,
          params: {
            firstName: r.first_name,
            jobTitle: job.title,
            count: job.ids.length,
            names: job.names ?? [],
            applicantsUrl: publicUrl(`/company/jobs/${job.job_id}/applicants`).toString(),
          },
        })),
    );
    const ids = due.flatMap((d) => d.ids.map(Number));
    await db.transaction(async (tx) => {
      await enqueueTemplates(tx, 'new_applicants', letters);
      await tx.execute(sql`update applications set notified_at = ${at} where id = any(${intArray(ids)}) and notified_at is null`);
    });
    jobs += due.length;
    mails += letters.length;
    return untold;
  }, options);
  return { jobs, mails };
}

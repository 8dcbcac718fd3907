import { sql } from 'drizzle-orm';
import { publicUrl } from '@/lib/config';
import { queryRows, type Database } from '@/lib/db/client';
import { enqueueTemplate } from '@/lib/mail';

/*
 * The company hears of new applications in a digest: at most one mail per job per hour, to each
 * active user of the company, through the outbox. Run by the scheduled tick (lib/tick/steps.ts).
 * An application is in a digest once: notified_at is set when its digest is queued, in the same
 * transaction of the tick step.
 */

export const DIGEST_INTERVAL_MS = 60 * 60 * 1000;
const NAMES_SHOWN = 5;

type Due = { job_id: number; title: string; company_id: number; ids: number[]; names: string[] };

/** Queues the digests that are due at `now`; answers how many jobs and mails. */
export async function sendApplicantDigests(db: Database, now = new Date()) {
  const since = new Date(now.getTime() - DIGEST_INTERVAL_MS).toISOString();
  // Jobs with applications not yet told, whose last digest is an hour old or more (the partial
  // index applications_unnotified_idx finds the first; the job's own rows answer the second).
  const due = await queryRows<Due>(
    db,
    sql`select a.job_id, j.title, j.company_id, array_agg(a.id order by a.id) as ids,
        (array_agg(u.first_name || ' ' || left(u.last_name, 1) || '.' order by a.id))[1:${NAMES_SHOWN}] as names
      from applications a
      join jobs j on j.id = a.job_id
      join users u on u.id = a.user_id
      where a.notified_at is null and a.created_at <= ${now.toISOString()}
        and not exists (select 1 from applications n where n.job_id = a.job_id and n.notified_at > ${since})
      group by a.job_id, j.title, j.company_id
      order by a.job_id`,
  );
  let mails = 0;
  for (const job of due) {
    const recipients = await queryRows<{ email: string; first_name: string }>(
      db,
      sql`select email, first_name from users where company_id = ${job.company_id} and active and deleted_at is null order by id`,
    );
    for (const r of recipients) {
      await enqueueTemplate(db, r.email, 'new_applicants', {
        firstName: r.first_name,
        jobTitle: job.title,
        count: job.ids.length,
        names: job.names ?? [],
        applicantsUrl: publicUrl(`/company/jobs/${job.job_id}/applicants`).toString(),
      });
      mails++;
    }
    await db.execute(sql`update applications set notified_at = ${now.toISOString()} where id in (${sql.join(job.ids.map((id) => sql`${id}`), sql`, `)})`);
  }
  return { jobs: due.length, mails };
}

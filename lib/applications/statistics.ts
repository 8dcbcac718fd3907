import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import type { Database } from '@/lib/db/client';
import { applications, invoiceLines, invoices, jobViews } from '@/lib/db/schema';
import { loadOwnedJob } from '@/lib/jobs/access';
import { jobStatistics } from '@/lib/jobs/services';
import { isoDayPlus, portalIsoDay, startOfPortalDay } from '@/lib/validation/portal-day';
import { portalIsoDaySql } from '@/lib/db/portal-day-sql';
import { candidateCount } from './candidates';

export const STATISTICS_DAYS = 30;

/**
 * The last `days` calendar days in the portal's zone (the days the lists print), oldest first, each
 * with 0 until counted. In UTC, an application made at 9 pm Eastern counted for the next day, and
 * "today" began at 7 pm.
 */
function daySeries(now: Date, days: number) {
  const today = portalIsoDay(now);
  return Array.from({ length: days }, (_, i) => isoDayPlus(today, i - (days - 1)));
}

/**
 * GET /jobs/{id}/statistics (issue 10): the posting counts, plus views of the public and portal
 * job pages (one per visitor per day), applications per day, candidates and the cost per applicant,
 * over the last 30 days. The cost is what the company was charged for the job: its approved orders
 * (posting, renewals, add-ons; card or invoice), not its add-ons alone, which showed $100 an
 * applicant for a $600 posting with three.
 */
export async function jobActivityStatistics(db: Database, actor: Actor | null, id: number | string, now = new Date()) {
  const job = await loadOwnedJob(db, actor, id);
  const base = await jobStatistics(db, actor, job.id, now);
  const days = daySeries(now, STATISTICS_DAYS);
  const since = startOfPortalDay(days[0]);
  const today = startOfPortalDay(days[days.length - 1]);
  const [viewRows, appRows, [totals], [addons], [charged], candidates] = await Promise.all([
    db
      .select({ day: jobViews.day, source: jobViews.source, n: count() })
      .from(jobViews)
      .where(and(eq(jobViews.jobId, job.id), gte(jobViews.day, days[0])))
      .groupBy(jobViews.day, jobViews.source),
    db
      .select({ day: portalIsoDaySql(applications.createdAt), n: count() })
      .from(applications)
      .where(and(eq(applications.jobId, job.id), gte(applications.createdAt, since)))
      .groupBy(sql`1`),
    db
      .select({ total: count(), today: sql<number>`count(*) filter (where ${applications.createdAt} >= ${today})`.mapWith(Number) })
      .from(applications)
      .where(eq(applications.jobId, job.id)),
    // What the job's add-ons were bought for, every period (the posting's and each renewal's add-on
    // lines of its approved orders): the add-ons' current prices counted each once, renewals or not,
    // and kept counting one switched off.
    db
      .select({ cents: sql<number>`coalesce(sum(${invoiceLines.amountCents}), 0)`.mapWith(Number) })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoices.jobId, job.id), eq(invoices.status, 'APPROVED'), eq(invoiceLines.kind, 'addon'))),
    db
      .select({ cents: sql<number>`coalesce(sum(${invoices.amountCents}), 0)`.mapWith(Number) })
      .from(invoices)
      .where(and(eq(invoices.jobId, job.id), eq(invoices.status, 'APPROVED'))),
    candidateCount(db, job),
  ]);
  const [viewTotal] = await db.select({ n: count() }).from(jobViews).where(eq(jobViews.jobId, job.id));
  const views = new Map<string, { public: number; portal: number }>();
  for (const r of viewRows) {
    const v = views.get(r.day) ?? { public: 0, portal: 0 };
    v[r.source] += Number(r.n);
    views.set(r.day, v);
  }
  const apps = new Map(appRows.map((r) => [r.day, Number(r.n)]));
  const totalApplicants = Number(totals.total);
  return {
    ...base,
    total_applicants: totalApplicants,
    today_applicants: totals.today,
    total_candidates: candidates,
    views: Number(viewTotal.n),
    paid_addons_cost: addons.cents / 100,
    total_cost: charged.cents / 100,
    cost_per_applicant: totalApplicants ? Math.round(charged.cents / totalApplicants) / 100 : null,
    daily: days.map((day) => ({
      day,
      views_public: views.get(day)?.public ?? 0,
      views_portal: views.get(day)?.portal ?? 0,
      applications: apps.get(day) ?? 0,
    })),
  };
}

import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '@/lib/auth/actor';
import { changeWatch, type Database } from '@/lib/db/client';
import { JOBS_CHANNEL, rememberWhileUnchanged } from '@/lib/db/change-watch';
import { COUNT_CAP, cappedCount } from '@/lib/db/count';
import { literalInt, queryPage } from '@/lib/db/page';
import { toStateCode, type JobSortField, type JobStatus } from './codes';
import { companyScope } from './access';
import type { SearchJobs } from './schemas';
import { lifecycle, nextBoostDayChange, type JobTag } from './serialize';
import { startOfPortalDayAt } from '@/lib/validation/portal-day';

type SummaryRow = {
  id: number;
  company_id: number;
  employer_id: number | null;
  title: string;
  job_type: string;
  suspended: boolean;
  approved: boolean;
  active: boolean;
  payment_status: 'pending' | 'paid' | 'invoiced';
  posting_date: Date | null;
  expiration_date: Date | null;
  next_billing_date: Date | null;
  renewable: boolean;
  auto_renew: boolean;
  boost_active: boolean;
  boost_ends_at: Date | null;
  renewal_canceled_at: Date | null;
  renewal_cancellation_reason: string | null;
  closed_at: Date | null;
  cancelled_at: Date | null;
  expired_at: Date | null;
  cost_cents: number | string;
  created_at: Date;
  city: string | null;
  state: string | null;
  address_count: number;
  tags: JobTag[] | null;
  total_applicants: number;
  today_applicants: number;
};

/**
 * Unpublished jobs have no posting date: they sort as of their creation, so a new draft shows first.
 * Each order is exactly the key of an index (with and without company_id first, schema/jobs.ts),
 * so a page reads its rows in order instead of sorting every match: the first two expressions are
 * never null (created_at and title are required), so they need no `nulls last`; expiration dates
 * are null on drafts, which stay last in both directions through an index for each direction.
 */
const SORT_SQL: Record<JobSortField, Record<'asc' | 'desc', string>> = {
  posting_date: { asc: 'coalesce(j.posting_date, j.created_at) asc, j.id asc', desc: 'coalesce(j.posting_date, j.created_at) desc, j.id desc' },
  title: { asc: 'lower(j.title) asc, j.id asc', desc: 'lower(j.title) desc, j.id desc' },
  expiration_date: { asc: 'j.expiration_date asc nulls last, j.id asc', desc: 'j.expiration_date desc nulls last, j.id desc' },
};

/**
 * The SQL condition of one derived status over `jobs j`: the same three flags as
 * deriveJobStatus, so a filter returns exactly the jobs the list shows with that status. (The
 * spec's "'Active' means approved" let closed and cancelled jobs, approved but not active, into
 * Active.) Each is an equality on the columns of jobs_company_status_idx.
 */
export function statusCondition(status: JobStatus): SQL {
  if (status === 'active') return sql`(j.approved = true and j.active = true and j.suspended = false)`;
  if (status === 'canceled') return sql`(j.approved = true and j.active = false and j.suspended = false)`;
  return sql`(j.approved = false or j.suspended = true)`;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const date = (v: Date | string | null) => (v == null ? null : new Date(v));

/**
 * POST /jobs/search and GET /jobs: the job list of one company (a company user's own, always),
 * or of every company for staff. The page in one statement (the first address and the tags from
 * lateral subqueries over the page's rows), the total from a count that stops at its cap.
 *
 * The statement's answer is remembered by the process until any table it reads changes
 * (lib/db/change-watch.ts): a list is read far more often than its jobs change, and the statement
 * was most of a call's cost (issue 16). Only today's date enters the SQL (the applicants since
 * midnight in the portal's zone, the day the lists print), so it is part of the key; every other date-dependent field (status, days left) is
 * worked out from `now` on each call, from the remembered rows.
 */
export async function searchJobs(db: Database, actor: Actor | null, input: SearchJobs, now = new Date()) {
  const companyId = companyScope(actor!, input.company_id);
  const today = startOfPortalDayAt(now);
  const key = JSON.stringify([companyId ?? null, input, today.getTime()]);
  const page = await rememberWhileUnchanged(changeWatch(db), JOBS_CHANNEL, key, async () => {
    const value = await readPage(db, companyId, input, today);
    return { value, until: Number.POSITIVE_INFINITY, weight: value.rows.length + 1 };
  });
  const { rows: _rows, shown: _shown, ...counted } = page as Page;
  return { items: summariesOf(page as Page, now), pagination: { offset: input.offset, limit: input.limit, ...counted } };
}

type Page = Awaited<ReturnType<typeof readPage>> & {
  /** The summaries made from the remembered rows, and the span of time in which they hold. */
  shown?: { from: number; until: number; items: readonly JobSummary[] };
};

/**
 * The page's summaries as of `now`, made once per remembered page and reused while they hold: only
 * a running boost's days left depend on the time (status and dates do not), so they hold until the
 * first of those steps down. Frozen: every caller gets the same objects (they only serialize them).
 */
function summariesOf(page: Page, now: Date): JobSummary[] {
  const at = now.getTime();
  if (page.shown && at >= page.shown.from && at < page.shown.until) return page.shown.items as JobSummary[];
  const items = Object.freeze(page.rows.map((r) => deepFreeze(toSummary(r, now))));
  const until = Math.min(...page.rows.map((r) => nextBoostDayChange(r.boost_active, r.boost_ends_at, now)));
  page.shown = { from: at, until, items };
  return items as JobSummary[];
}

function deepFreeze<T extends object>(summary: T): T {
  for (const value of Object.values(summary)) {
    if (Array.isArray(value)) value.forEach((element) => Object.freeze(element));
    if (value && typeof value === 'object') Object.freeze(value);
  }
  return Object.freeze(summary);
}

async function readPage(db: Database, companyId: number | undefined, input: SearchJobs, today: Date) {
  const where: SQL[] = [];
  if (companyId !== undefined) where.push(sql`j.company_id = ${companyId}`);
  const status = input.status ?? input.filters.status;
  if (status) where.push(statusCondition(status));
  const query = input.query?.trim();
  if (query) where.push(sql`j.title ilike ${'%' + escapeLike(query) + '%'}`);
  const f = input.filters;
  if (f.job_type) {
    const types = Array.isArray(f.job_type) ? f.job_type : [f.job_type];
    // Compared as the enum (the values are codes the schema checked): a cast of the column to text
    // would hide it from any index on it.
    if (types.length) where.push(sql`j.job_type in (${sql.join(types.map((type) => sql`${type}::job_type`), sql`, `)})`);
  }
  if (f.auto_renew !== undefined) where.push(sql`j.auto_renew = ${f.auto_renew}`);
  if (f.boost_active !== undefined) where.push(sql`j.boost_active = ${f.boost_active}`);
  if (f.posting_date_from) where.push(sql`j.posting_date >= ${f.posting_date_from.toISOString()}`);
  if (f.posting_date_to) where.push(sql`j.posting_date <= ${f.posting_date_to.toISOString()}`);
  if (f.state) {
    // A state code or name; compared as the enum so job_addresses_state_idx finds the addresses (the
    // column cast to text read every address of every listed job). A name that is no US state matches
    // no job, as it did, rather than failing the cast.
    const state = toStateCode(f.state);
    where.push(state ? sql`exists (select 1 from job_addresses s where s.job_id = j.id and s.state = ${state}::us_state)` : sql`false`);
  }
  const whereSql = where.length ? sql.join([sql`where`, sql.join(where, sql` and `)], sql` `) : sql``;
  const direction = input.sort.direction === 'asc' ? 'asc' : 'desc';
  const order = sql.raw(SORT_SQL[input.sort.field][direction]);

  // The page is chosen first (filter, sort through its index, limit); only its rows get their first
  // address and tags, so the cost follows the page size rather than the company's job count.
  // The total is counted in the same statement (one round trip instead of two: each statement sent
  // to PostgreSQL cost about as much CPU in the app as the rest of the call, issue 16); with an
  // empty page the outer join still answers one row, carrying the count.
  const counting = cappedCount(sql`select 1 from jobs j ${whereSql}`, input);
  // Each row's applicants are counted up to the cap and one more (the one that says "at least"): a
  // count of every application read all 99,900 of a popular job for each page it was on (1.9 ms a
  // row). Today's applicants stay exact: a range of applications_job_created_idx, one day's worth.
  const applicantsCap = literalInt(COUNT_CAP + 1);
  // Midnight is written into the text too (a new statement once a day): as a parameter, the generic
  // plan of the prepared first page guessed a third of each job's applications for "today" and was
  // never chosen, so every call was planned anew (lib/db/page.ts; __tests__/lib/db/first-page-plans).
  const todayLiteral = sql.raw(`'${today.toISOString()}'::timestamptz`);
  const answered = await queryPage<Partial<SummaryRow> & { matched: number }>(db, input, (limitOffset) => sql`
    with page as (
      select j.id, j.company_id, j.employer_id, j.title, j.job_type, j.suspended, j.approved, j.active, j.payment_status,
        j.posting_date, j.expiration_date, j.next_billing_date, j.renewable, j.auto_renew, j.boost_active, j.boost_ends_at,
        j.renewal_canceled_at, j.renewal_cancellation_reason, j.closed_at, j.cancelled_at, j.expired_at, j.cost_cents, j.created_at
      from jobs j
      ${whereSql}
      order by ${order}
      ${limitOffset}
    ),
    counted as (${counting.query})
    select c.n as matched, j.* from counted c left join lateral (
    select j.*, a.city, a.state::text as state, coalesce(a.address_count, 0)::int as address_count, t.tags,
      ap.total_applicants, td.today_applicants
    from page j
    left join lateral (
      select fa.city, fa.state, count(*) over () as address_count from job_addresses fa
      where fa.job_id = j.id order by fa.position, fa.id limit 1
    ) a on true
    left join lateral (
      select json_agg(json_build_object('id', jt.id, 'tag_id', ct.id, 'tag', ct.tag)) as tags
      from job_tags jt join company_tags ct on ct.id = jt.tag_id where jt.job_id = j.id
    ) t on true
    left join lateral (
      select count(*)::int as total_applicants from (select 1 from applications ap where ap.job_id = j.id limit ${applicantsCap}) ap
    ) ap on true
    left join lateral (
      select count(*)::int as today_applicants from applications ap where ap.job_id = j.id and ap.created_at >= ${todayLiteral}
    ) td on true
    ) j on true
    order by ${order}
  `);
  return counting.read<SummaryRow>(answered);
}

/**
 * A job's tags by name. Sorted here, not by `json_agg(… order by tag)`: an ordered aggregate sets
 * up a sort for every job on the page, even one without tags, and that was about 40 µs a row, as
 * much as the rest of the page's execution (explain analyze, issue 16).
 */
const byTagName = (tags: JobTag[] | null) =>
  // A copy: the rows may be remembered for the next call (searchJobs).
  [...(tags ?? [])].sort((a, b) => {
    // Case-insensitive, as the citext column sorts everywhere else (lib/jobs/tags.ts).
    const x = a.tag.toLowerCase();
    const y = b.tag.toLowerCase();
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });

/**
 * Job summary (jobs spec §3). The applicant counts come from lateral counts over the page's rows
 * (applications_job_created_idx), like the tags; the total stops at COUNT_CAP and then says so
 * (`total_applicants_is_lower_bound`, as a list's `total_is_lower_bound`).
 */
function toSummary(r: SummaryRow, now: Date) {
  return {
    id: r.id,
    company_id: r.company_id,
    employer_id: r.employer_id,
    title: r.title,
    job_type: r.job_type,
    // Counted up to 1,000 (readPage): past it the count is "at least", shown as "1,000+".
    total_applicants: Math.min(r.total_applicants ?? 0, COUNT_CAP),
    total_applicants_is_lower_bound: (r.total_applicants ?? 0) > COUNT_CAP,
    today_applicants: r.today_applicants ?? 0,
    ...lifecycle(
      {
        suspended: r.suspended,
        approved: r.approved,
        active: r.active,
        paymentStatus: r.payment_status,
        postingDate: date(r.posting_date),
        expirationDate: date(r.expiration_date),
        nextBillingDate: date(r.next_billing_date),
        renewable: r.renewable,
        autoRenew: r.auto_renew,
        boostActive: r.boost_active,
        boostEndsAt: date(r.boost_ends_at),
        renewalCanceledAt: date(r.renewal_canceled_at),
        renewalCancellationReason: r.renewal_cancellation_reason,
        closedAt: date(r.closed_at),
        cancelledAt: date(r.cancelled_at),
        expiredAt: date(r.expired_at),
      },
      now,
    ),
    city: r.city,
    state: r.state,
    address_count: r.address_count,
    cost: Number(r.cost_cents) / 100,
    tags: byTagName(r.tags),
    // Not counted in lists: a count per row is a radius search per job (about 50 ms each at
    // 100,000 drivers). GET /jobs/{id} and /jobs/{id}/statistics answer it. Null, not a false 0.
    total_candidates: null as number | null,
    created_at: new Date(r.created_at).toISOString(),
  };
}
export type JobSummary = ReturnType<typeof toSummary>;

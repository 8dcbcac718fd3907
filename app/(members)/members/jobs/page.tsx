import { totalLabel } from '@/lib/paging/total';
import type { Metadata } from 'next';
import Link from 'next/link';
import { AdSlot } from '@/components/ads/ad-slot';
import { PortalJobList } from '@/components/drivers/job-card';
import { Pager } from '@/components/drivers/pager';
import { Alert, EmptyState, PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { searchPortalJobs } from '@/lib/drivers/jobs';
import { RADIUS_CHOICES, driverJobSearchSchema } from '@/lib/drivers/schemas';
import { WEEKLY_PAY_HINT } from '@/lib/drivers/weekly-pay';
import { HOME_TIME, JOB_TYPES } from '@/lib/jobs/codes';
import { searchParam, searchParamsProblem, type SearchParamValue } from '@/lib/validation/search-params';

export const metadata: Metadata = { title: 'Find jobs' };

type Search = Promise<Record<string, SearchParamValue>>;
const FILTERS = ['q', 'job_type', 'home_time', 'min_pay', 'radius'] as const;

/** How the results are ordered, said under the count (the match percentage is not the order: the home page ranks by match). */
const ORDER_BY_BOOST = 'Boosted jobs first, then newest. The match % is how well a job fits your profile; your best matches are on your home page.';
const ORDER_BY_DISTANCE = 'Nearest first. The match % is how well a job fits your profile.';

const selectCls = 'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/** Every active job, searched with a plain GET form (works without JavaScript); pages of 10. */
export default async function MembersJobsPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser(pageGuardFor('/members/jobs'));
  const q = await searchParams;
  const raw = Object.fromEntries(FILTERS.map((k) => [k, searchParam(q[k])]).filter(([, v]) => v !== ''));
  const parsed = driverJobSearchSchema.safeParse({ ...raw, offset: searchParam(q.offset) || undefined });
  // A value the API refuses (NUL) is dropped above; like any invalid filter, it is said and the search is unfiltered.
  const problem = searchParamsProblem(q, [...FILTERS, 'offset'])?.message ?? (parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the search filters.'));
  const input = parsed.success && !problem ? parsed.data : driverJobSearchSchema.parse({});
  const result = await searchPortalJobs(await getDb(), user.id, input);
  const value = (k: (typeof FILTERS)[number]) => (raw[k] as string | undefined) ?? '';
  // A radius the search took that the list does not offer (a link with 75 or 3,000 miles): offered
  // too, so that the field says what the results are, and searching again keeps it.
  const radii: readonly number[] = input.radius != null && !(RADIUS_CHOICES as readonly number[]).includes(input.radius) ? [...RADIUS_CHOICES, input.radius].sort((a, b) => a - b) : RADIUS_CHOICES;

  return (
    <>
      <PageHeader title="Find jobs" subtitle={result.hasHome ? 'Search every open driving job; distances are from your home ZIP.' : 'Search every open driving job. Set your home ZIP in your profile to see distances.'} />
      {/* Keyed by the search: a link to another search (Clear) shows its own values, not the last form's.
          Laid out by the form's own width (a container: the side navigation, open or collapsed, changes
          it): one column on a phone; two from 28rem; from 48rem four in two rows (Keywords, Job type,
          Home time / Min. weekly pay, Distance, Search); one row from 72rem. items-end: the inputs and
          the Search button of a row sit on one line even if a label wraps. The pay hint is a row of its
          own (in its column it was five lines tall and pushed the Search button down). */}
      <form key={new URLSearchParams(raw as Record<string, string>).toString()} method="get" action="/members/jobs" className="@container mb-6 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" role="search">
        <div className="grid grid-cols-1 items-end gap-3 @md:grid-cols-2 @3xl:grid-cols-4 @6xl:grid-cols-[minmax(12rem,2fr)_minmax(11.5rem,1fr)_minmax(9rem,1fr)_minmax(9.5rem,1fr)_minmax(10.5rem,1fr)_auto]">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 @md:col-span-2 @6xl:col-span-1">
            Keywords
            <input name="q" defaultValue={value('q')} placeholder="Job title" className={selectCls} />
          </label>
          <CodeSelect label="Job type" name="job_type" value={value('job_type')} options={JOB_TYPES} />
          <CodeSelect label="Home time" name="home_time" value={value('home_time')} options={HOME_TIME} />
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Min. weekly pay ($)
            <input name="min_pay" type="number" min={0} step={50} inputMode="numeric" defaultValue={value('min_pay')} aria-describedby="min-pay-hint" className={selectCls} />
          </label>
          {/* Right under the pay field on a phone; a full-width row from two columns up: above the
              buttons' row in two columns, under everything once the buttons share the fields' row. */}
          <p id="min-pay-hint" className="-mt-1.5 text-xs text-slate-500 @md:order-1 @md:col-span-full @md:mt-0">
            {WEEKLY_PAY_HINT}
          </p>
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Distance from home
            {/* Wide enough for "Within 250 miles" wherever the grid puts it. */}
            <select name="radius" defaultValue={value('radius')} className={`${selectCls} min-w-[10.5rem]`}>
              <option value="">Anywhere</option>
              {radii.map((r) => (
                <option key={r} value={r}>
                  Within {r.toLocaleString('en-US')} miles
                </option>
              ))}
            </select>
          </label>
          {/* A transparent border: as tall as the bordered inputs beside it (42 px, not 40). */}
          <div className="flex items-center gap-2 @md:order-2 @md:col-span-2 @3xl:order-none @6xl:col-span-1">
            <button type="submit" className="flex-1 rounded-lg border border-transparent bg-brand-600 px-5 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 @md:flex-none">
              Search
            </button>
            <Link href="/members/jobs" className="rounded-lg border border-transparent px-3 py-2.5 text-sm font-medium text-slate-600 hover:text-brand-700">
              Clear
            </Link>
          </div>
        </div>
      </form>

      {problem && <Alert type="error">{problem}</Alert>}
      {result.radiusIgnored && (
        <Alert type="warning">
          Add your home ZIP code in <Link href="/members/settings?tab=profile" className="font-semibold underline">your profile</Link> to search by distance.
        </Alert>
      )}
      {/* The results' heading: the cards' titles are h3, under it (not straight under the page's h1). */}
      <h2 className="mb-1 mt-4 text-sm font-normal text-slate-500" aria-live="polite">
        {totalLabel(result.pagination.total, result.pagination.total_is_lower_bound)} {result.pagination.total === 1 ? 'job' : 'jobs'} found
      </h2>
      {result.items.length > 0 && (
        <p className="mb-3 text-xs text-slate-500">
          {result.order === 'distance' ? ORDER_BY_DISTANCE : ORDER_BY_BOOST}
        </p>
      )}
      {/* No ad over an empty result: "No jobs match your search" was pushed below the fold by it. */}
      {result.items.length > 0 && <AdSlot placement="job_search" className="mb-4 max-w-2xl" />}
      {result.items.length ? (
        <PortalJobList jobs={result.items} label="Jobs" />
      ) : result.pagination.total > 0 ? (
        // An old link or a hand-typed offset past the end: the jobs exist, this page of them does not.
        <EmptyState title="This page is past the last result">
          <Link href={`/members/jobs?${new URLSearchParams(raw as Record<string, string>).toString()}`} className="font-semibold text-brand-700 underline">
            Back to the first page
          </Link>
        </EmptyState>
      ) : (
        <EmptyState title="No jobs match your search">Try fewer filters or a wider distance.</EmptyState>
      )}
      <Pager path="/members/jobs" params={raw as Record<string, string>} {...result.pagination} />
    </>
  );
}

function CodeSelect({ label, name, value, options }: { label: string; name: string; value: string; options: readonly { value: string; label: string }[] }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={selectCls}>
        <option value="">Any</option>
        {options.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </select>
    </label>
  );
}

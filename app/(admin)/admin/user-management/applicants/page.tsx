import type { Metadata } from 'next';
import Link from 'next/link';
import { TablePager } from '@/components/ui/table-pager';
import { EmptyState } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { APPLICANT_SEARCH_MIN, applicantSearchProblem, searchApplicants } from '@/lib/admin/applicants';
import { requireSession } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { capitalised, usDate } from '@/lib/subscriptions/labels';
import { pageOffsetOf } from '@/lib/validation/row-id';
import { searchParam, type SearchParamValue } from '@/lib/validation/search-params';

export const metadata: Metadata = { title: 'Applicants' };

const PAGE = 50;
const th = 'px-4 py-3';

/** Every driver who applied, with job and company, newest first; a plain GET form searches (works without script). */
export default async function ApplicantsPage({ searchParams }: { searchParams: Promise<{ q?: SearchParamValue; offset?: SearchParamValue }> }) {
  const { actor } = await requireSession(pageGuardFor('/admin/user-management'));
  const sp = await searchParams;
  // A search the API would refuse (NUL) is no search, as an unreadable offset is the first page.
  const search = searchParam(sp.q).trim().slice(0, 120);
  const offset = pageOffsetOf(sp.offset);
  // Too short a search is said so beside the field, and nothing is listed: the service would refuse
  // it (a part of a word is found from APPLICANT_SEARCH_MIN characters).
  const problem = applicantSearchProblem(search);
  const { lines, total, total_is_lower_bound } = problem
    ? { lines: [], total: 0, total_is_lower_bound: false }
    : await searchApplicants(await getDb(), actor, { search, offset, limit: PAGE });
  const href = (next: number) => `/admin/user-management/applicants?${new URLSearchParams({ ...(search ? { q: search } : {}), offset: String(next) })}`;
  return (
    <section aria-labelledby="applicants-title" className="rounded-2xl border border-slate-200 bg-white shadow-sm">
      <form method="get" className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <h2 id="applicants-title" className="text-lg font-semibold text-slate-900">
          Applicants
        </h2>
        <span className="flex items-end gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
            Search
            <input
              type="search"
              name="q"
              defaultValue={search}
              minLength={APPLICANT_SEARCH_MIN}
              placeholder="Driver, email, job or company"
              aria-describedby="applicants-search-hint"
              aria-invalid={problem ? true : undefined}
              className="rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
            <span id="applicants-search-hint" className={problem ? 'text-xs font-normal text-red-700' : 'text-xs font-normal text-slate-500'} role={problem ? 'alert' : undefined}>
              {problem ?? `At least ${APPLICANT_SEARCH_MIN} characters: a part of a name, email, job title or company.`}
            </span>
          </label>
          <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
            Search
          </button>
        </span>
      </form>
      {problem ? (
        <div className="p-5">
          <EmptyState title="Search with a longer term">{problem}</EmptyState>
        </div>
      ) : lines.length === 0 && offset > 0 ? (
        // Past the last page (an old link, an edited address): say so, and lead back.
        <div className="p-5">
          <EmptyState title="No applicants on this page" action={<Link href={href(0)} className="font-semibold text-brand-700 hover:underline">Back to the first page</Link>} />
        </div>
      ) : lines.length === 0 ? (
        <div className="p-5">
          <EmptyState title={search ? 'No applicant matches this search' : 'No applications yet'}>Drivers who apply to any company’s job appear here.</EmptyState>
        </div>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full min-w-[48rem] text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className={th}>Driver</th>
                  <th scope="col" className={th}>Job</th>
                  <th scope="col" className={th}>Company</th>
                  <th scope="col" className={th}>Stage</th>
                  <th scope="col" className={th}>Applied</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {lines.map((l) => (
                  <tr key={l.id} data-testid="applicant-row">
                    <td className="px-4 py-2.5">
                      <span className="font-medium text-slate-900">{l.driver.name}</span>
                      <span className="block text-xs text-slate-500">{l.driver.email}</span>
                    </td>
                    <td className="px-4 py-2.5 text-slate-700">
                      <Link className="hover:underline" href={`/admin/company-list/${l.job.id}/job-content`}>
                        {l.job.title}
                      </Link>
                    </td>
                    <td className="px-4 py-2.5 text-slate-700">{l.company.name}</td>
                    <td className="px-4 py-2.5 text-slate-700">{capitalised(l.stage)}</td>
                    <td className="whitespace-nowrap px-4 py-2.5 text-slate-500">{usDate(l.appliedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <TablePager offset={offset} limit={PAGE} total={total} totalIsLowerBound={total_is_lower_bound} href={href} />
        </>
      )}
    </section>
  );
}

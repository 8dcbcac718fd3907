'use client';

import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Alert, EmptyState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api/client';
import { JOB_PAGE_SIZE } from '@/lib/jobs/codes';
import { useJobList, type JobListResult } from '@/lib/jobs/hooks';
import { LinkButton } from '../controls';
import { useJobActions } from '../job-actions';
import { JobRows } from './job-rows';
import { Pagination } from './pagination';
import { SORT_OPTIONS, STATUS_OPTIONS, paramsToSearch, type JobListParams } from './params';
import { useLeavingPage } from '@/components/ui/use-leaving-page';
import { useJobListControls } from '@/components/shell/alt/job-list-controls';
import { SearchIcon } from '@/components/ui/search-icon';
import { totalLabel } from '@/lib/paging/total';

export const SEARCH_DEBOUNCE_MS = 300;

type Props = { initialParams: JobListParams; initialData?: JobListResult };

/** The posted jobs of the company: search, filter, sort, pages of 10, row actions. */
export function JobList({ initialParams, initialData }: Props) {
  // In the alternate layout the header holds the search, filter and sort (null otherwise): the
  // list follows them through the same debounce and state as its own controls.
  const header = useJobListControls();
  const [params, setParams] = useState<JobListParams>(() =>
    header ? { ...initialParams, query: header.text.trim(), status: header.status, sort: header.sort } : initialParams,
  );
  const [ownText, setOwnText] = useState(initialParams.query);
  const text = header ? header.text : ownText;
  const setText = header ? header.setText : setOwnText;
  const setStatus = (status: JobListParams['status']) => (header ? header.setStatus(status) : setParams((p) => ({ ...p, status, page: 1 })));
  const setSort = (sort: JobListParams['sort']) => (header ? header.setSort(sort) : setParams((p) => ({ ...p, sort, page: 1 })));
  // The header's filter or sort changed: the list follows, back on page 1 (adjusted while rendering,
  // as React advises for state that follows other state).
  const [seen, setSeen] = useState({ status: header?.status, sort: header?.sort });
  if (header && (seen.status !== header.status || seen.sort !== header.sort)) {
    setSeen({ status: header.status, sort: header.sort });
    setParams((p) => ({ ...p, status: header.status, sort: header.sort, page: 1 }));
  }
  const sameAsFirstPaint = JSON.stringify(params) === JSON.stringify(initialParams);
  const list = useJobList(params, sameAsFirstPaint ? initialData : undefined);
  const { dialogs, ask } = useJobActions();

  // Debounced search: the query follows the box 300 ms after typing stops, back on page 1.
  useEffect(() => {
    const t = setTimeout(() => setParams((p) => (p.query === text.trim() ? p : { ...p, query: text.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  // The address follows the list (a reload or a shared link shows the same page), unless a link
  // was just clicked: replacing the address then would cancel that navigation.
  const leaving = useLeavingPage();
  useEffect(() => {
    if (leaving.current) return;
    const url = `${window.location.pathname}${paramsToSearch(params)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, '', url);
  }, [params, leaving]);

  const jobs = list.data?.data ?? [];
  const total = list.data?.pagination?.total ?? 0;
  const totalIsLowerBound = list.data?.pagination?.total_is_lower_bound ?? false;
  const filtered = !!(params.query || params.status);
  // Past a capped count at least one more job exists than were counted: one page more is offered.
  const pages = Math.max(1, Math.ceil(total / JOB_PAGE_SIZE) + (totalIsLowerBound ? 1 : 0));

  return (
    <div className="flex flex-col gap-4">
      {!header && (
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <SearchIcon />
          <input
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search by job"
            aria-label="Search by job"
            className="w-full rounded-lg border border-slate-300 bg-white py-2.5 pl-9 pr-3 text-sm shadow-sm outline-none transition focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          />
        </div>
        <div className="grid grid-cols-2 gap-3 sm:flex">
          <select
            aria-label="Filter by status"
            value={params.status}
            onChange={(e) => setStatus(e.target.value as JobListParams['status'])}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          >
            {STATUS_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <select
            aria-label="Sort"
            value={params.sort}
            onChange={(e) => setSort(e.target.value as JobListParams['sort'])}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      )}

      <div aria-live="polite" className="sr-only">
        {list.isFetching ? 'Loading jobs' : `${totalLabel(total, totalIsLowerBound)} ${total === 1 ? 'job' : 'jobs'}`}
      </div>

      {list.isError && !list.data ? (
        <Alert type="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <span>We could not load your jobs. {errorMessage(list.error)}</span>
            <Button variant="secondary" onClick={() => list.refetch()}>
              Try again
            </Button>
          </div>
        </Alert>
      ) : !list.data ? (
        <ListSkeleton />
      ) : jobs.length === 0 ? (
        params.page > 1 ? (
          <EmptyState title="No jobs on this page" action={<Button variant="secondary" onClick={() => setParams((p) => ({ ...p, page: 1 }))}>Back to the first page</Button>} />
        ) : filtered ? (
          <EmptyState
            title="No jobs match your search"
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setText('');
                  setStatus('');
                  setParams((p) => ({ ...p, query: '', status: '', page: 1 }));
                }}
              >
                Clear search and filters
              </Button>
            }
          >
            Try another title or status.
          </EmptyState>
        ) : (
          <EmptyState title="No jobs posted yet" action={<LinkButton href="/company/jobs/new">Create New Job</LinkButton>}>
            Post your first job: drivers near your addresses see it as soon as it is paid.
          </EmptyState>
        )
      ) : (
        <div className={clsx('flex flex-col gap-4 transition-opacity', list.isPlaceholderData && 'opacity-60')}>
          <JobRows jobs={jobs} ask={ask} />
          <Pagination page={params.page} pages={pages} total={total} totalIsLowerBound={totalIsLowerBound} pageSize={JOB_PAGE_SIZE} count={jobs.length} onPage={(page) => setParams((p) => ({ ...p, page }))} />
        </div>
      )}
      {dialogs}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading jobs">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex animate-pulse items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
          <div className="flex flex-1 flex-col gap-2">
            <div className="h-4 w-1/3 rounded bg-slate-200" />
            <div className="h-3 w-1/5 rounded bg-slate-100" />
          </div>
          <div className="h-5 w-16 rounded-full bg-slate-100" />
          <div className="hidden h-4 w-24 rounded bg-slate-100 sm:block" />
        </div>
      ))}
    </div>
  );
}

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
import { JobCards } from './job-cards';
import { JobTable } from './job-table';
import { Pagination } from './pagination';
import { SORT_OPTIONS, STATUS_OPTIONS, paramsToSearch, type JobListParams } from './params';

export const SEARCH_DEBOUNCE_MS = 300;

type Props = { initialParams: JobListParams; initialData?: JobListResult };

/** The posted jobs of the company: search, filter, sort, pages of 10, row actions. */
export function JobList({ initialParams, initialData }: Props) {
  const [params, setParams] = useState<JobListParams>(initialParams);
  const [text, setText] = useState(initialParams.query);
  const sameAsFirstPaint = JSON.stringify(params) === JSON.stringify(initialParams);
  const list = useJobList(params, sameAsFirstPaint ? initialData : undefined);
  const { dialogs, ask } = useJobActions();

  // Debounced search: the query follows the box 300 ms after typing stops, back on page 1.
  useEffect(() => {
    const t = setTimeout(() => setParams((p) => (p.query === text.trim() ? p : { ...p, query: text.trim(), page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]);

  useEffect(() => {
    const url = `${window.location.pathname}${paramsToSearch(params)}`;
    if (url !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, '', url);
  }, [params]);

  const jobs = list.data?.data ?? [];
  const total = list.data?.pagination?.total ?? 0;
  const filtered = !!(params.query || params.status);
  const pages = Math.max(1, Math.ceil(total / JOB_PAGE_SIZE));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <svg viewBox="0 0 20 20" fill="currentColor" className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden>
            <path fillRule="evenodd" d="M9 3.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11ZM2 9a7 7 0 1 1 12.45 4.39l3.08 3.08a.75.75 0 1 1-1.06 1.06l-3.08-3.08A7 7 0 0 1 2 9Z" clipRule="evenodd" />
          </svg>
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
            onChange={(e) => setParams((p) => ({ ...p, status: e.target.value as JobListParams['status'], page: 1 }))}
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
            onChange={(e) => setParams((p) => ({ ...p, sort: e.target.value as JobListParams['sort'], page: 1 }))}
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

      <div aria-live="polite" className="sr-only">
        {list.isFetching ? 'Loading jobs' : `${total} ${total === 1 ? 'job' : 'jobs'}`}
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
          <JobTable jobs={jobs} ask={ask} />
          <JobCards jobs={jobs} ask={ask} />
          <Pagination page={params.page} pages={pages} total={total} pageSize={JOB_PAGE_SIZE} count={jobs.length} onPage={(page) => setParams((p) => ({ ...p, page }))} />
        </div>
      )}
      {dialogs}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading jobs">
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

'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { searchApplicants, useApplicants, useCompanyTags } from '@/lib/applications/hooks';
import { APPLICANT_PAGE_SIZE, APPLICANT_SORT_FIELDS, type ApplicantSortField } from '@/lib/applications/search-fields';
import type { Applicant } from '@/lib/applications/serialize';
import { Button, buttonClass } from '@/components/ui/button';
import { Alert, EmptyState, Spinner } from '@/components/ui/states';
import { Pagination } from '@/components/jobs/list/pagination';
import { FilterBar, toSearchFilters, type GridFilter } from './filter-bar';
import { useOpened } from '@/components/ui/use-opened';
import { ApplicantsTableFrame, SCROLLER_CLASS, keepFocusClearOfPins, type ApplicantSorting, type ApplicantsJob } from './applicants-table-frame';

// The grid (and the table library) loads beside the first search: the rows come from the API after
// the page is on screen, so nothing waits for it; until then the same header stands in its place.
const ApplicantsTable = dynamic(() => import('./applicants-table').then((m) => m.ApplicantsTable), { ssr: false, loading: () => <ApplicantsTableFrame caption="Applicants" /> });
// The applicant's panel (and the dialog library) loads when a first applicant is opened (issue 16).
// `loading`: a Suspense boundary of its own, so the first open does not hide the page (see ui/dialog.tsx).
const ApplicantPanel = dynamic(() => import('./applicant-panel').then((m) => m.ApplicantPanel), { loading: () => null });


/** The default filter of the grid: name, contains, empty (issue 10). */
const DEFAULT_FILTERS: GridFilter[] = [{ key: 0, field: 'applicant', operator: 'ilike', value: '' }];

function useDebounced<T>(value: T, ms = 300) {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

const isSortField = (id: string): id is ApplicantSortField => (APPLICANT_SORT_FIELDS as readonly string[]).includes(id);

/**
 * The applicants of one job: a TanStack Table grid with server-side filters, sorts and pages of
 * 10, tag chips, stage change, a slide-over per applicant and CSV export of the filtered list.
 */
export function ApplicantsScreen({ job }: { job: ApplicantsJob }) {
  const [filters, setFilters] = useState(DEFAULT_FILTERS);
  const [sorting, setSorting] = useState<ApplicantSorting>([{ id: 'application_at', desc: true }]);
  const [open, setOpen] = useState<number | null>(null);
  const panelOpened = useOpened(open !== null);
  const [exporting, setExporting] = useState<string | null>(null);
  const searchFilters = useDebounced(useMemo(() => toSearchFilters(filters), [filters]));
  // A new filter or sort starts again at page 1: the page belongs to the search it was chosen in.
  const searchKey = JSON.stringify([searchFilters, sorting]);
  const [paging, setPaging] = useState({ key: searchKey, page: 1 });
  const page = paging.key === searchKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: searchKey, page: p });
  const sort = sorting.filter((s) => isSortField(s.id)).map((s) => ({ field: s.id as ApplicantSortField, direction: s.desc ? ('desc' as const) : ('asc' as const) }));
  const search = { filter: searchFilters, sort, offset: (page - 1) * APPLICANT_PAGE_SIZE, limit: APPLICANT_PAGE_SIZE };
  const { data, isLoading, isFetching, error } = useApplicants(job.id, search);
  const tags = useCompanyTags(job.companyId).data ?? [];
  const rows = data?.data ?? [];
  const total = data?.pagination?.total ?? 0;
  // Past 1,000 matches the total is "at least" (lib/db/count.ts): the pager says "1,000+" and offers one more page.
  const totalIsLowerBound = data?.pagination?.total_is_lower_bound ?? false;

  /** Every page of the filtered list (100 at a time), then a download. */
  async function exportCsv() {
    setExporting('Preparing…');
    try {
      const all: Applicant[] = [];
      for (let offset = 0; ; offset += 100) {
        const res = await searchApplicants(job.id, { filter: searchFilters, sort, offset, limit: 100 });
        all.push(...res.data);
        // A capped total is only "at least": the list ends with the first short page, not at the total.
        if (res.data.length < 100 || (!res.pagination?.total_is_lower_bound && all.length >= (res.pagination?.total ?? 0))) break;
      }
      // The CSV writer loads with the first export, not with the grid.
      const { applicantsCsv } = await import('@/lib/applications/csv');
      const url = URL.createObjectURL(new Blob([applicantsCsv(all)], { type: 'text/csv;charset=utf-8' }));
      const link = Object.assign(document.createElement('a'), { href: url, download: `applicants-job-${job.id}.csv` });
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
      setExporting(null);
    } catch (e) {
      setExporting(`Export failed: ${(e as Error).message}`);
    }
  }

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-5">
      <div>
        <Link href={`/company/jobs/${job.id}/detail`} className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800">
          <span aria-hidden>←</span> Job detail
        </Link>
        <div className="mt-3 flex flex-wrap items-end justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold text-slate-900">Applicants</h1>
            <p className="text-sm text-slate-500">{job.title}</p>
          </div>
          <div className="flex gap-2">
            <Link href={`/company/jobs/${job.id}/candidates`} className={buttonClass('secondary')}>
              Matched candidates
            </Link>
            <Button variant="secondary" onClick={exportCsv} disabled={!!exporting && exporting === 'Preparing…'}>
              Export CSV
            </Button>
          </div>
        </div>
      </div>

      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <FilterBar filters={filters} onChange={setFilters} />
      </div>
      <datalist id="company-tags">
        {tags.map((t) => (
          <option key={t.id} value={t.tag} />
        ))}
      </datalist>
      {exporting && exporting !== 'Preparing…' && <Alert type="error">{exporting}</Alert>}
      {error && <Alert type="error">{error.message}</Alert>}

      {/* A table in a scrolling box from `sm` up, focus kept clear of its pinned columns; on a phone, a list of cards without the box (applicants-table-frame.tsx). */}
      <div className={SCROLLER_CLASS} onFocus={keepFocusClearOfPins} aria-busy={isFetching}>
        <ApplicantsTable rows={rows} sorting={sorting} onSortingChange={setSorting} job={job} onOpen={setOpen} />
        {isLoading && (
          <div className="flex justify-center p-8">
            <Spinner label="Loading applicants" />
          </div>
        )}
        {!isLoading && !rows.length && !error && (
          <div className="sm:p-4">
            <EmptyState title={searchFilters.length ? 'No applicants match these filters' : 'No applicants yet'}>
              {searchFilters.length ? 'Change or remove a filter.' : 'Drivers who apply to this job appear here.'}
            </EmptyState>
          </div>
        )}
      </div>
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / APPLICANT_PAGE_SIZE) + (totalIsLowerBound ? 1 : 0))}
        total={total}
        totalIsLowerBound={totalIsLowerBound}
        pageSize={APPLICANT_PAGE_SIZE}
        count={rows.length}
        onPage={setPage}
      />
      {panelOpened && <ApplicantPanel jobId={job.id} companyId={job.companyId} applicantId={open} onClose={() => setOpen(null)} />}
    </div>
  );
}

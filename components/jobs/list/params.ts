import { JOB_PAGE_SIZE, type JobSortField } from '@/lib/jobs/codes';
import { searchParam, type SearchParamValue } from '@/lib/validation/search-params';

/** The job list's view: page, title search, status filter and sort (shared by the server page and the client list). */
export type JobListParams = {
  companyId: number | null;
  page: number;
  query: string;
  status: '' | 'Active' | 'Inactive' | 'Cancelled';
  sort: `${JobSortField}:${'asc' | 'desc'}`;
};

export const SORT_OPTIONS: { value: JobListParams['sort']; label: string }[] = [
  { value: 'posting_date:desc', label: 'Newest first' },
  { value: 'posting_date:asc', label: 'Oldest first' },
  { value: 'expiration_date:asc', label: 'Expiring soonest' },
  { value: 'title:asc', label: 'Title A–Z' },
  { value: 'title:desc', label: 'Title Z–A' },
];

export const STATUS_OPTIONS: { value: JobListParams['status']; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'Active', label: 'Active' },
  { value: 'Inactive', label: 'Inactive' },
  { value: 'Cancelled', label: 'Cancelled' },
];

/** The body of POST /jobs/search for a list view. */
export function searchBody({ companyId, page, query, status, sort }: JobListParams) {
  const [field, direction] = sort.split(':');
  return {
    query: query.trim() || undefined,
    filters: status ? { status } : {},
    sort: { field, direction },
    offset: (page - 1) * JOB_PAGE_SIZE,
    limit: JOB_PAGE_SIZE,
    ...(companyId ? { company_id: companyId } : {}),
  };
}

export type ListSearch = Partial<Record<'q' | 'status' | 'sort' | 'page', SearchParamValue>>;

/**
 * The address bar's view of the list, checked against the offered choices. A search the API would
 * refuse (NUL) is no search: the page's first read would fail, and the list show an error instead.
 */
export function paramsFromSearch(search: ListSearch, companyId: number | null): JobListParams {
  const page = Math.max(1, Math.min(100_000, Number.parseInt(searchParam(search.page), 10) || 1));
  const status = searchParam(search.status);
  const sort = searchParam(search.sort);
  return {
    companyId,
    page,
    query: searchParam(search.q).trim().slice(0, 200),
    status: STATUS_OPTIONS.find((o) => o.value === status)?.value ?? '',
    sort: SORT_OPTIONS.find((o) => o.value === sort)?.value ?? 'posting_date:desc',
  };
}

/** The list's view as a query string, so reload, back and a shared link keep it. */
export function paramsToSearch(p: JobListParams) {
  const s = new URLSearchParams();
  if (p.query) s.set('q', p.query);
  if (p.status) s.set('status', p.status);
  if (p.sort !== 'posting_date:desc') s.set('sort', p.sort);
  if (p.page > 1) s.set('page', String(p.page));
  const str = s.toString();
  return str ? `?${str}` : '';
}

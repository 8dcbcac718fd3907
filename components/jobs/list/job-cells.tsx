import Link from 'next/link';
import type { JobSummary } from '@/lib/jobs/hooks';
import { totalLabel } from '@/lib/paging/total';
import { formatPlace } from '../format';
import { StatusBadge, statusNote } from '../status-badge';

/**
 * Pieces of a job row. Its links are not prefetched: every page is rendered per request, so
 * prefetching the two links of each of ten rows cost twenty server renders per visit of the list,
 * most for pages nobody opens. A click fetches the page it needs.
 */

export function JobTitleCell({ job }: { job: JobSummary }) {
  const extra = job.address_count > 1 ? ` +${job.address_count - 1} more` : '';
  return (
    <div className="min-w-0">
      <Link href={`/company/jobs/${job.id}/detail`} prefetch={false} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline" data-testid="job-title">
        {job.title}
      </Link>
      <p className="mt-0.5 truncate text-xs text-slate-500">
        {formatPlace(job.city, job.state)}
        {extra}
      </p>
    </div>
  );
}

export function JobStatusCell({ job }: { job: JobSummary }) {
  const note = statusNote(job);
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={job.status} />
      {note && <span className="text-xs text-slate-500">{note}</span>}
    </div>
  );
}

export function AutoRenewCell({ on }: { on: boolean }) {
  return <span className={on ? 'font-medium text-emerald-700' : 'text-slate-500'}>{on ? 'On' : 'Off'}</span>;
}

export function BoostCell({ job }: { job: JobSummary }) {
  if (!job.boost_active || !job.boost_remaining_days) return <span className="text-slate-500">-</span>;
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20">
      Boosted · {job.boost_remaining_days} {job.boost_remaining_days === 1 ? 'day' : 'days'} left
    </span>
  );
}

export function ApplicantsCell({ job }: { job: JobSummary }) {
  // The list counts a job's applicants up to 1,000: past that it says "1,000+" (lib/jobs/search.ts).
  const total = totalLabel(job.total_applicants, job.total_applicants_is_lower_bound);
  return (
    <span>
      {/* At least 24 × 24 px (WCAG 2.2 target size): a one-digit count alone was 8 × 16 on a phone. */}
      <Link
        href={`/company/jobs/${job.id}/applicants`}
        prefetch={false}
        className="-my-1 inline-flex min-h-6 min-w-6 items-center justify-center rounded font-semibold text-brand-700 hover:underline"
        aria-label={`${total} applicants of ${job.title}`}
      >
        {total}
      </Link>
      <span className="text-slate-500"> · {job.today_applicants} today</span>
    </span>
  );
}

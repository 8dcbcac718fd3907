import Link from 'next/link';
import { clsx } from 'clsx';
import { HOME_TIME, JOB_TYPES, labelOf } from '@/lib/jobs/codes';
import type { PortalJob } from '@/lib/drivers/jobs';
import { formatMiles, formatPay, matchPercent } from './format';

/** One job in the Drivers Portal lists: title, company, place, distance, pay and match. */
export function PortalJobCard({ job }: { job: PortalJob }) {
  return (
    <li
      className={clsx(
        'rounded-2xl border bg-white p-4 shadow-sm transition hover:border-brand-300 sm:p-5',
        job.promoted ? 'border-brand-300 ring-1 ring-brand-200' : 'border-slate-200',
      )}
    >
      {(job.featured || job.promoted) && (
        // Said in words, so a driver knows why this job stands out (a paid placement, not a better match).
        <p className="mb-2 flex flex-wrap gap-2 text-xs font-semibold">
          {job.featured && <span className="rounded-full bg-amber-50 px-2.5 py-0.5 text-amber-800 ring-1 ring-amber-200">Featured</span>}
          {job.promoted && <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-brand-700 ring-1 ring-brand-200">Promoted</span>}
        </p>
      )}
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-brand-700">{job.companyName}</p>
          <h3 className="mt-0.5 text-base font-semibold text-slate-900">
            <Link href={`/members/jobs/${job.id}`} prefetch={false} className="hover:underline focus:underline">
              {job.title}
            </Link>
          </h3>
          <p className="mt-1 text-sm text-slate-600">
            {[job.city, job.state].filter(Boolean).join(', ') || 'Location not given'} · <span data-testid="job-distance">{formatMiles(job.distance, job.distanceShown)}</span>
          </p>
        </div>
        {job.match && (
          <p className="shrink-0 rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700" title="How well this job matches your profile">
            {matchPercent(job.match.matching)}% match
          </p>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
        <span className="rounded-full bg-emerald-50 px-3 py-1 text-emerald-700">{formatPay(job.expectedPayCents, job.salaryType)}</span>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">{labelOf(HOME_TIME, job.homeTime)}</span>
        <span className="rounded-full bg-slate-100 px-3 py-1 text-slate-700">{labelOf(JOB_TYPES, job.jobType)}</span>
      </div>
    </li>
  );
}

export function PortalJobList({ jobs, label }: { jobs: PortalJob[]; label: string }) {
  return (
    <ul className="grid gap-3" aria-label={label}>
      {jobs.map((job) => (
        <PortalJobCard key={job.id} job={job} />
      ))}
    </ul>
  );
}

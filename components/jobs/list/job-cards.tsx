import type { JobSummary } from '@/lib/jobs/hooks';
import { formatDate, formatDollars } from '../format';
import { JobRowMenu, type useJobActions } from '../job-actions';
import { ApplicantsCell, AutoRenewCell, BoostCell, JobStatusCell, JobTitleCell } from './job-cells';

type Ask = ReturnType<typeof useJobActions>['ask'];

/** Narrow screens: the table becomes one card per job with the same fields. */
export function JobCards({ jobs, ask }: { jobs: JobSummary[]; ask: Ask }) {
  return (
    <ul className="flex flex-col gap-3 xl:hidden" aria-label="Posted jobs">
      {jobs.map((job) => (
        <li key={job.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="job-card" data-job-id={job.id}>
          <div className="flex items-start gap-3">
            <div className="min-w-0 flex-1">
              <JobTitleCell job={job} />
            </div>
            <JobRowMenu job={job} ask={ask} />
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
            <JobStatusCell job={job} />
            {job.boost_active && <BoostCell job={job} />}
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
            <Item label="Posted">{formatDate(job.posting_date)}</Item>
            <Item label="Expires">{formatDate(job.expiration_date)}</Item>
            <Item label="Next billing">{formatDate(job.next_billing_date)}</Item>
            <Item label="Auto-renew" testId="auto-renew">
              <AutoRenewCell on={job.auto_renew} />
            </Item>
            <Item label="Applicants">
              <ApplicantsCell job={job} />
            </Item>
            <Item label="Cost" testId="job-cost">
              <span className="font-medium text-slate-900">{formatDollars(job.cost)}</span>
            </Item>
          </dl>
        </li>
      ))}
    </ul>
  );
}

function Item({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-800" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

import type { JobSummary } from '@/lib/jobs/hooks';
import { formatDate, formatDollars } from '../format';
import { JobRowMenu, type useJobActions } from '../job-actions';
import { ApplicantsCell, AutoRenewCell, BoostCell, JobStatusCell, JobTitleCell } from './job-cells';

type Ask = ReturnType<typeof useJobActions>['ask'];

const COLUMNS = [
  { label: 'Job', className: 'pl-5' },
  { label: 'Status', className: 'w-40' },
  { label: 'Dates', className: 'w-44' },
  { label: 'Renewal', className: 'w-44' },
  { label: 'Applicants', className: 'w-28' },
  { label: 'Cost', className: 'w-24 text-right' },
];

/** Wide screens: one row per job with every summary field (jobs spec §3), related ones paired. */
export function JobTable({ jobs, ask }: { jobs: JobSummary[]; ask: Ask }) {
  const td = 'px-3 py-3.5';
  return (
    <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm xl:block">
      <table className="w-full text-sm">
        <caption className="sr-only">Posted jobs</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.label} scope="col" className={`whitespace-nowrap px-3 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 ${c.className}`}>
                {c.label}
              </th>
            ))}
            <th scope="col" className="w-14">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {jobs.map((job) => (
            <tr key={job.id} className="align-top transition hover:bg-slate-50/70" data-testid="job-row" data-job-id={job.id}>
              <td className={`${td} pl-5`}>
                <JobTitleCell job={job} />
              </td>
              <td className={td}>
                <div className="flex flex-col items-start gap-1.5">
                  <JobStatusCell job={job} />
                  {job.boost_active && <BoostCell job={job} />}
                </div>
              </td>
              <td className={td}>
                <Pair label="Posted" value={formatDate(job.posting_date)} />
                <Pair label="Expires" value={formatDate(job.expiration_date)} />
              </td>
              <td className={td}>
                <Pair label="Auto-renew" value={<AutoRenewCell on={job.auto_renew} />} testId="auto-renew" />
                <Pair label="Next billing" value={formatDate(job.next_billing_date)} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <ApplicantsCell job={job} />
              </td>
              <td className={`${td} whitespace-nowrap text-right font-medium text-slate-900`} data-testid="job-cost">
                {formatDollars(job.cost)}
              </td>
              <td className="py-2.5 pr-3 text-right">
                <JobRowMenu job={job} ask={ask} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pair({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <p className="flex justify-between gap-2 whitespace-nowrap leading-6">
      <span className="text-slate-500">{label}</span>
      <span className="text-slate-800" data-testid={testId}>
        {value}
      </span>
    </p>
  );
}

import type { JobSummary } from '@/lib/jobs/hooks';
import { formatDate, formatDollars } from '../format';
import { JobRowMenu, type useJobActions } from '../job-actions';
import { ApplicantsCell, AutoRenewCell, BoostCell, JobStatusCell, JobTitleCell } from './job-cells';

type Ask = ReturnType<typeof useJobActions>['ask'];

/** The columns on wide screens; narrower, the same markup lays each job out as a card. */
const COLUMNS = 'xl:grid-cols-[minmax(0,1fr)_10rem_11rem_11rem_7rem_6rem_3.5rem]';
const HEADINGS = ['Job', 'Status', 'Dates', 'Renewal', 'Applicants', 'Cost'];

/**
 * Posted jobs, rendered once for every width (jobs spec §3): a card per job on phones and tablets,
 * a row of paired columns from 1280 px. It used to be a table and a card list both rendered, one
 * hidden by CSS, which doubled the list's server render and its markup.
 */
export function JobRows({ jobs, ask }: { jobs: JobSummary[]; ask: Ask }) {
  return (
    <div className="xl:overflow-hidden xl:rounded-2xl xl:border xl:border-slate-200 xl:bg-white xl:shadow-sm">
      <div aria-hidden="true" className={`hidden border-b border-slate-200 bg-slate-50/80 xl:grid ${COLUMNS}`}>
        {HEADINGS.map((h, i) => (
          <span key={h} className={`whitespace-nowrap px-3 py-3 text-xs font-semibold uppercase tracking-wide text-slate-500 ${i === 0 ? 'pl-5' : ''} ${h === 'Cost' ? 'text-right' : ''}`}>
            {h}
          </span>
        ))}
      </div>
      <ul className="flex flex-col gap-3 xl:gap-0 xl:divide-y xl:divide-slate-100" aria-label="Posted jobs">
        {jobs.map((job) => (
          <li
            key={job.id}
            className={`grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm transition xl:items-start xl:gap-x-0 xl:rounded-none xl:border-0 xl:p-0 xl:shadow-none xl:hover:bg-slate-50/70 ${COLUMNS}`}
            data-testid="job-row"
            data-job-id={job.id}
          >
            <div className="min-w-0 xl:py-3.5 xl:pl-5 xl:pr-3">
              <JobTitleCell job={job} />
            </div>
            <div className="col-start-2 row-start-1 xl:col-start-7 xl:py-2.5 xl:pr-3 xl:text-right">
              <JobRowMenu job={job} ask={ask} />
            </div>
            <div className="col-span-2 mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 xl:col-span-1 xl:mt-0 xl:flex-col xl:items-start xl:gap-1.5 xl:px-3 xl:py-3.5">
              <JobStatusCell job={job} />
              {job.boost_active && <BoostCell job={job} />}
            </div>
            <div className="col-span-2 mt-4 grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:contents">
              <Cell>
                <Fact label="Posted">{formatDate(job.posting_date)}</Fact>
                <Fact label="Expires">{formatDate(job.expiration_date)}</Fact>
              </Cell>
              <Cell>
                <Fact label="Auto-renew" testId="auto-renew">
                  <AutoRenewCell on={job.auto_renew} />
                </Fact>
                <Fact label="Next billing">{formatDate(job.next_billing_date)}</Fact>
              </Cell>
              <Cell>
                <Fact label="Applicants" labelOnPhonesOnly>
                  <ApplicantsCell job={job} />
                </Fact>
              </Cell>
              <Cell>
                <Fact label="Cost" testId="job-cost" labelOnPhonesOnly alignEnd>
                  <span className="font-medium text-slate-900">{formatDollars(job.cost)}</span>
                </Fact>
              </Cell>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A column on wide screens; narrower, its facts join the card's grid one by one. */
function Cell({ children }: { children: React.ReactNode }) {
  return <div className="contents xl:block xl:px-3 xl:py-3.5">{children}</div>;
}

/** A label and its value: stacked in a card, side by side in a row (or the value alone where the column heading says it). */
function Fact(props: { label: string; children: React.ReactNode; testId?: string; labelOnPhonesOnly?: boolean; alignEnd?: boolean }) {
  const { label, children, testId, labelOnPhonesOnly, alignEnd } = props;
  return (
    <div className={`min-w-0 xl:flex xl:gap-2 xl:whitespace-nowrap xl:leading-6 ${alignEnd ? 'xl:justify-end' : 'xl:justify-between'}`}>
      <span className={`block text-xs text-slate-500 xl:text-sm ${labelOnPhonesOnly ? 'xl:sr-only' : ''}`}>{label}</span>
      <span className="mt-0.5 block text-slate-800 xl:mt-0" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

import type { Metadata } from 'next';
import Link from 'next/link';
import { formatMiles } from '@/components/drivers/format';
import { Pager } from '@/components/drivers/pager';
import { WithdrawButton } from '@/components/drivers/withdraw-button';
import { EmptyState, PageHeader } from '@/components/ui/states';
import { pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { listDriverApplications } from '@/lib/drivers/applications';
import { driverPageSchema } from '@/lib/drivers/schemas';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

export const metadata: Metadata = { title: 'My applications' };

type Search = Promise<Record<string, string | string[] | undefined>>;
// The portal's zone, as the employer's screens show the same moments (an application at 11 pm Eastern is that day's).
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: PORTAL_TIME_ZONE });
const TONES = { Applied: 'bg-sky-50 text-sky-800', 'In review': 'bg-amber-50 text-amber-800', Closed: 'bg-slate-100 text-slate-600' } as const;

/** The driver's applications, newest first: job, company, date and the driver-visible status. */
export default async function MembersApplicationsPage({ searchParams }: { searchParams: Search }) {
  const user = await requireUser(pageGuardFor('/members/applications'));
  const offset = (await searchParams).offset;
  const page = driverPageSchema.safeParse({ offset: Array.isArray(offset) ? offset[0] : offset });
  const { items, pagination } = await listDriverApplications(await getDb(), user.id, page.success ? page.data : { offset: 0, limit: 10 });
  return (
    <>
      <PageHeader title="My applications" subtitle="Every job you applied to and where it stands. Withdraw one you no longer want the company to see." />
      {items.length ? (
        <ul className="grid gap-3" aria-label="Applications">
          {items.map((a) => (
            <li key={a.id} className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-5">
              <div className="min-w-0">
                {a.job_open ? (
                  <Link href={`/members/jobs/${a.job_id}`} className="font-semibold text-slate-900 hover:text-brand-700 hover:underline">
                    {a.job_title}
                  </Link>
                ) : (
                  <span className="font-semibold text-slate-900">{a.job_title}</span>
                )}
                <p className="text-sm text-slate-600">
                  {a.company_name} · Applied {dateFormat.format(new Date(a.applied_at))} · {formatMiles(a.distance)}
                  {!a.job_open && ' · This job is no longer open'}
                </p>
              </div>
              <div className="flex items-center justify-between gap-3 sm:justify-end">
                <span className={`rounded-full px-3 py-1 text-xs font-semibold ${TONES[a.status]}`}>{a.status}</span>
                <WithdrawButton applicationId={a.id} jobTitle={a.job_title ?? 'this job'} companyName={a.company_name ?? 'The company'} jobOpen={a.job_open} />
              </div>
            </li>
          ))}
        </ul>
      ) : pagination.total > 0 ? (
        // An old link or a hand-typed offset past the end: the applications exist, this page of them does not.
        <EmptyState title="This page is past your last application">
          <Link href="/members/applications" className="font-semibold text-brand-700 underline">
            Back to the first page
          </Link>
        </EmptyState>
      ) : (
        <EmptyState
          title="No applications yet"
          action={
            <Link href="/members/jobs" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              Find jobs
            </Link>
          }
        >
          Jobs you apply to show here with their status.
        </EmptyState>
      )}
      <Pager path="/members/applications" params={{}} {...pagination} />
    </>
  );
}

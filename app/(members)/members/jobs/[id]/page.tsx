import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { ApplyButton } from '@/components/drivers/apply-button';
import { AppliedStatus } from '@/components/drivers/applied-status';
import { CompanySiteApply } from '@/components/drivers/company-site-apply';
import { formatMiles, formatPay } from '@/components/drivers/format';
import { MatchFactors } from '@/components/drivers/match-factors';
import { ROLES, pageGuardFor } from '@/lib/access';
import { requireUser } from '@/lib/auth/server';
import { getDb } from '@/lib/db/client';
import { portalJob } from '@/lib/drivers/jobs';
import { ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, labelOf } from '@/lib/jobs/codes';
import { placeOf } from '@/lib/jobs/public';
import { recordPageView } from '@/lib/applications/page-view';
import { rowIdOf } from '@/lib/validation/row-id';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

/** The job for this request, read once for its title and its page (React cache). */
const loadJob = cache(async (rawId: string) => {
  const user = await requireUser(pageGuardFor('/members/jobs'));
  const id = rowIdOf(rawId);
  return { user, found: id !== null ? await portalJob(await getDb(), user.id, id) : null };
});

/** The job's title names the tab and the history entry ("Job" for every job told them apart from none). */
export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { found } = await loadJob((await params).id);
  return { title: found?.job.title ?? 'Job' };
}

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
// The portal's zone, as the employer's screens show the same moments (an application at 11 pm Eastern is that day's).
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: PORTAL_TIME_ZONE });

/** A job in the Drivers Portal: the job, how far it is from home, why it matches, and Apply. */
export default async function PortalJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { user, found } = await loadJob((await params).id);
  if (!found) notFound();
  const { job, addresses, company, distance, distanceShown, match, matchDetails, application, applyUrl } = found;
  // Counted for the job's statistics: one view per visitor per day.
  await recordPageView(job.id, 'portal');
  const isDriver = user.roles.includes(ROLES.DRIVER);
  const facts: [string, string][] = [
    ['Pay', formatPay(job.expectedPayCents, job.salaryType)],
    ['Home time', labelOf(HOME_TIME, job.homeTime)],
    ['Job type', labelOf(JOB_TYPES, job.jobType)],
    ['Experience required', labelOf(EXPERIENCE, job.requiredExperience)],
    ['Endorsements', job.endorsements.map((e) => labelOf(ENDORSEMENTS, e)).join(', ') || 'None'],
  ];

  return (
    <div className="flex flex-col gap-6">
      <Link href="/members/jobs" className="text-sm font-medium text-brand-600 hover:text-brand-700">
        ← Jobs
      </Link>
      <section className={card}>
        <p className="text-sm font-medium text-brand-700">{company.name}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{job.title}</h1>
        <p className="mt-2 text-sm text-slate-600">
          {addresses.map(placeOf).join(' · ')} · <strong data-testid="job-distance">{formatMiles(distance, distanceShown)}</strong> from home
        </p>
      </section>

      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <article className={`${card} self-start`}>
          <h2 className="text-lg font-semibold text-slate-900">About this job</h2>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
            {facts.map(([k, v]) => (
              <div key={k}>
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          <div
            className="mt-6 text-[15px] leading-7 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_li]:my-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_ul]:list-disc [&_ul]:pl-6"
            // Sanitized on the server when saved (lib/jobs/sanitize.ts).
            dangerouslySetInnerHTML={{ __html: job.jobDescriptionHtml }}
          />
        </article>

        <aside className="flex flex-col gap-6">
          <section className={card} aria-label="Apply">
            {application ? (
              // Takes the focus when it replaces the Apply form (components/drivers/applied-status.tsx).
              <AppliedStatus jobId={job.id}>
                <p className="font-semibold text-emerald-700">You applied on {dateFormat.format(new Date(application.appliedAt))}</p>
                <p className="mt-1 text-sm text-slate-600">
                  Status: <strong>{application.status}</strong>.{' '}
                  <Link href="/members/applications" className="font-medium text-brand-600 hover:underline">
                    Your applications
                  </Link>
                </p>
              </AppliedStatus>
            ) : isDriver && applyUrl ? (
              // The hyperlink add-on (paid and live): the company takes applications on its own site, here as on the public page.
              <div className="flex flex-col gap-2">
                <CompanySiteApply url={applyUrl} className="block w-full rounded-lg bg-brand-600 px-4 py-3 text-center text-sm font-semibold text-white shadow-sm hover:bg-brand-700" />
                <p className="text-xs text-slate-500">{company.name} takes applications on its own site; it opens in a new tab.</p>
              </div>
            ) : isDriver ? (
              <ApplyButton jobId={job.id} />
            ) : (
              <p className="text-sm text-slate-600">Only driver accounts can apply to jobs.</p>
            )}
          </section>
          <section className={card}>
            {match ? (
              <MatchFactors match={match} details={matchDetails ?? undefined} />
            ) : (
              <p className="text-sm text-slate-600">
                <Link href="/members/settings?tab=profile" className="font-semibold text-brand-600 hover:underline">
                  Complete your profile
                </Link>{' '}
                to see how well this job matches you.
              </p>
            )}
          </section>
        </aside>
      </div>
    </div>
  );
}

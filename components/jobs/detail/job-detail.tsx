'use client';

import Link from 'next/link';
import { BENEFITS, ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, SALARY_TYPES, labelOf } from '@/lib/jobs/codes';
import { useJob } from '@/lib/jobs/hooks';
import type { JobDetail } from '@/lib/jobs/serialize';
import { Button } from '@/components/ui/button';
import { LinkButton } from '../controls';
import { formatDate, formatDollars } from '../format';
import { JobRowMenu, useJobActions } from '../job-actions';
import { ADDON_INFO } from '../wizard/addon-info';
import { PendingPaymentBadge, StatusBadge, awaitsPayment, canRenew, hasPendingItems, isOpenJob, statusNote } from '../status-badge';
import { paymentUrl } from '../wizard/flow';
import { JobActivity } from './job-activity';

/**
 * Job detail (jobs spec §3): every field with its label from the code lists, the posting's state
 * and its cost, and the paying actions: Pay now (unpaid), Renew (expired or ending soon), and for
 * admins (`isAdmin`) Boost without payment.
 */
export function JobDetailView({ initial, isAdmin = false }: { initial: JobDetail; isAdmin?: boolean }) {
  const { data } = useJob(initial.id, initial);
  const job = data ?? initial;
  const { dialogs, ask } = useJobActions();
  const open = isOpenJob(job);
  const note = statusNote(job);
  const salary = labelOf(SALARY_TYPES, job.salary_type).toLowerCase();
  const subscribed = job.addons.filter((a) => a.subscribed);
  const boosted = job.boost_active && job.boost_remaining_days > 0;
  const canBoost = isAdmin && open && !awaitsPayment(job) && !boosted;
  const pending = open && hasPendingItems(job);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <Link href="/company/jobs" className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800">
          <span aria-hidden>←</span> Posted jobs
        </Link>
        <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900">{job.title}</h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
              <StatusBadge status={job.status} />
              {note && <span>{note}</span>}
              {boosted && (
                <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20">
                  Boosted · {job.boost_remaining_days} {job.boost_remaining_days === 1 ? 'day' : 'days'} left
                </span>
              )}
            </div>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {awaitsPayment(job) && <LinkButton href={paymentUrl(job.id)}>Pay now</LinkButton>}
            {pending && <LinkButton href={paymentUrl(job.id, { action: 'addons' })}>Pay pending changes</LinkButton>}
            {canRenew(job) && <Button onClick={() => ask('renew', job)}>Renew</Button>}
            {canBoost && (
              <Button variant="secondary" onClick={() => ask('boost', job)}>
                Boost (admin)
              </Button>
            )}
            {open && (
              <LinkButton href={`/company/jobs/${job.id}/job-content`} variant="secondary">
                Edit
              </LinkButton>
            )}
            <LinkButton href={`/company/jobs/${job.id}/job-content-duplicate`} variant="secondary">
              Duplicate
            </LinkButton>
            <JobRowMenu job={job} ask={ask} detail={false} />
          </div>
        </div>
      </div>

      {pending && (
        <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900" data-testid="pending-changes">
          New addresses or add-ons on this job are <strong>pending payment</strong>: they are not published until paid.{' '}
          <Link href={paymentUrl(job.id, { action: 'addons' })} className="font-semibold underline underline-offset-2">
            Pay now
          </Link>
        </div>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <JobActivity jobId={job.id} />
          <Card title="Overview">
            <dl className="grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
              <Fact label="Job type">{labelOf(JOB_TYPES, job.job_type)}</Fact>
              <Fact label="Home time">{labelOf(HOME_TIME, job.home_time)}</Fact>
              <Fact label="Required experience">{labelOf(EXPERIENCE, job.required_experience)}</Fact>
              <Fact label="Additional experience">{job.additional_experience || '-'}</Fact>
              <Fact label="Expected pay">
                {formatDollars(job.expected_pay)} <span className="text-slate-500">{salary}</span>
              </Fact>
              <Fact label="Drive and unload">{job.driver_unload ? 'Yes' : 'No'}</Fact>
              {/* A bonus left empty ("Leave empty for none") or 0 is not a bonus: not listed, as on the public job page. */}
              {hasBonus(job.signon_bonus) && <Fact label="Sign-on bonus">{formatDollars(job.signon_bonus)}</Fact>}
              {hasBonus(job.starting_bonus) && <Fact label="Starting bonus">{formatDollars(job.starting_bonus)}</Fact>}
            </dl>
            <div className="mt-5 grid grid-cols-1 gap-5 sm:grid-cols-2">
              <Chips label="Endorsements" values={job.endorsements.map((e) => labelOf(ENDORSEMENTS, e))} />
              <Chips label="Benefits" values={job.benefits.map((b) => labelOf(BENEFITS, b))} />
            </div>
          </Card>

          <Card title="Description">
            {job.job_description_html ? (
              <div
                className="text-sm leading-6 text-slate-800 [&_a]:text-brand-600 [&_a]:underline [&_ol]:mb-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mb-2 [&_ul]:mb-2 [&_ul]:list-disc [&_ul]:pl-6"
                // Rendered and sanitized on the server (lib/jobs/sanitize.ts) from the Lexical state.
                dangerouslySetInnerHTML={{ __html: job.job_description_html }}
              />
            ) : (
              <p className="text-sm text-slate-500">No description.</p>
            )}
            {job.video_url && (
              <p className="mt-4 text-sm">
                <span className="text-slate-500">Video: </span>
                <a href={job.video_url} target="_blank" rel="noopener noreferrer" className="break-all text-brand-600 underline-offset-2 hover:underline">
                  {job.video_url}
                </a>
              </p>
            )}
          </Card>
        </div>

        <div className="flex flex-col gap-6">
          <Card title="Posting">
            <dl className="flex flex-col gap-3 text-sm">
              <Row label="Status">
                <StatusBadge status={job.status} />
              </Row>
              <Row label="Posted">{formatDate(job.posting_date)}</Row>
              <Row label="Expires">{formatDate(job.expiration_date)}</Row>
              <Row label="Next billing">{formatDate(job.next_billing_date)}</Row>
              <Row label="Auto-renew">
                <span data-testid="auto-renew">{job.auto_renew ? 'On' : 'Off'}</span>
              </Row>
              {job.renewal_canceled_at && <Row label="Renewal cancelled">{formatDate(job.renewal_canceled_at)}</Row>}
              {job.renewal_cancellation_reason && !job.auto_renew && <Row label="Reason">{job.renewal_cancellation_reason}</Row>}
              <Row label="Applicants">
                {/* At least 24 × 24 px (WCAG 2.2 target size), as in the job list: a one-digit count alone is 8 × 20.
                    40 × 40 on a phone or a touch screen (it was 11 × 22); a negative margin keeps the row as tall as it was. */}
                <Link
                  href={`/company/jobs/${job.id}/applicants`}
                  className="-my-1 inline-flex min-h-6 min-w-6 items-center justify-center rounded font-medium text-brand-700 hover:underline max-sm:-my-2.5 max-sm:min-h-10 max-sm:min-w-10 pointer-coarse:-my-2.5 pointer-coarse:min-h-10 pointer-coarse:min-w-10"
                  aria-label={`${job.total_applicants} applicants`}
                  data-testid="applicants-link"
                >
                  {job.total_applicants}
                </Link>{' '}
                <span className="text-slate-500">· {job.today_applicants} today</span>
              </Row>
              <Row label="Candidates">
                <Link href={`/company/jobs/${job.id}/candidates`} className="font-medium text-brand-700 hover:underline">
                  Matched candidates
                </Link>
              </Row>
            </dl>
          </Card>

          <Card
            title="Addresses"
            action={
              open ? (
                <Link
                  href={`/company/jobs/${job.id}/address`}
                  className="-my-1 inline-flex min-h-6 items-center rounded px-1.5 text-sm font-medium text-brand-600 hover:text-brand-700"
                  aria-label="Edit addresses"
                >
                  Edit
                </Link>
              ) : undefined
            }
          >
            <ul className="flex flex-col divide-y divide-slate-100 text-sm">
              {job.addresses.map((a) => (
                <li key={a.id} className="flex items-start justify-between gap-3 py-2.5 first:pt-0 last:pb-0">
                  <span className="min-w-0 text-slate-800">
                    {a.street1 && <span className="block truncate">{a.street1}</span>}
                    <span className={a.street1 ? 'text-slate-500' : ''}>
                      {[a.city, [a.state, a.postal_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
                    </span>
                    {a.pending_payment && (
                      <span className="mt-1 block">
                        <PendingPaymentBadge />
                      </span>
                    )}
                  </span>
                  <span className="shrink-0 font-medium text-slate-900">{formatDollars(a.cost)}</span>
                </li>
              ))}
            </ul>
          </Card>

          <Card
            title="Add-ons"
            action={
              open ? (
                <Link href={`/company/jobs/${job.id}/addons`} className="text-sm font-medium text-brand-600 hover:text-brand-700">
                  Add add-ons
                </Link>
              ) : undefined
            }
          >
            {subscribed.length ? (
              <ul className="flex flex-col gap-2.5 text-sm">
                {subscribed.map((a) => (
                  <li key={a.id} className="flex items-start justify-between gap-3">
                    <span className="min-w-0">
                      <span className="text-slate-800">{ADDON_INFO[a.addon_type as keyof typeof ADDON_INFO]?.title ?? a.addon_type}</span>
                      {a.pending_payment && (
                        <span className="ml-2">
                          <PendingPaymentBadge />
                        </span>
                      )}
                      {a.addon_type === 'hyperlink' && a.external_url && (
                        <a href={a.external_url} target="_blank" rel="noopener noreferrer" className="block truncate text-xs text-brand-600 hover:underline">
                          {a.external_url}
                        </a>
                      )}
                    </span>
                    <span className="shrink-0 font-medium text-slate-900">{formatDollars(a.cost)}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-500">No add-ons.</p>
            )}
            <div className="mt-4 flex justify-between border-t border-slate-200 pt-3 text-sm">
              <span className="font-semibold text-slate-900">Total per period</span>
              <span className="font-bold text-slate-900" data-testid="job-total">
                {formatDollars(job.cost)}
              </span>
            </div>
          </Card>
        </div>
      </div>
      {dialogs}
    </div>
  );
}

/** Whether a bonus (dollars, null when left empty) is one to show. */
function hasBonus(dollars: number | string | null | undefined) {
  return dollars != null && dollars !== '' && Number(dollars) > 0;
}

function Card({ title, action, children }: { title: string; action?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-slate-900">{children}</dd>
    </div>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-3">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right text-slate-900">{children}</dd>
    </div>
  );
}

function Chips({ label, values }: { label: string; values: string[] }) {
  return (
    <div>
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      {values.length ? (
        <ul className="mt-2 flex flex-wrap gap-1.5">
          {values.map((v) => (
            <li key={v} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
              {v}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-500">None</p>
      )}
    </div>
  );
}

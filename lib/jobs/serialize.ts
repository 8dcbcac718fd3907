import type { JobAddonRow, JobAddressRow, JobRow } from '@/lib/db/schema';
import { centsToDollars } from './codes';
import { addonIsLive, addonIsPending, addressIsPending, paidForPeriod } from './paid-items';
import { deriveJobStatus } from './status';
import { cleanLexicalState } from './lexical-clean';

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

/** Whole days left of a running boost, rounded up; 0 when none runs. */
export function boostRemainingDays(boostActive: boolean, boostEndsAt: Date | string | null, now = new Date()) {
  if (!boostActive || !boostEndsAt) return 0;
  return Math.max(0, Math.ceil((new Date(boostEndsAt).getTime() - now.getTime()) / DAY_MS));
}

/**
 * The first moment after `now` at which boostRemainingDays changes (it steps down by one each time
 * a whole day is left), or +Infinity when it no longer will.
 */
export function nextBoostDayChange(boostActive: boolean, boostEndsAt: Date | string | null, now: Date) {
  if (!boostActive || !boostEndsAt) return Number.POSITIVE_INFINITY;
  const end = new Date(boostEndsAt).getTime();
  const left = end - now.getTime();
  if (left <= 0) return Number.POSITIVE_INFINITY;
  return end - (Math.ceil(left / DAY_MS) - 1) * DAY_MS;
}

export type JobTag = { id: number; tag_id: number; tag: string };

type PeriodOf = Pick<JobRow, 'paymentStatus' | 'expirationDate'>;

/** An address; `pending_payment`: added to a paid job and not paid yet (not on the public page). */
export function toAddress(a: JobAddressRow, job: PeriodOf) {
  return {
    id: a.id,
    street1: a.street1,
    city: a.city,
    state: a.state,
    postal_code: a.postalCode,
    country: a.country,
    coordinates: a.latitude != null && a.longitude != null ? { lat: a.latitude, lng: a.longitude } : null,
    cost: centsToDollars(a.costCents),
    pending_payment: addressIsPending(job, a),
  };
}

/**
 * An add-on. `external_url` is the owner's chosen link (the edit form's value); `job_hyperlink`
 * is the published one: null until the hyperlink add-on is paid for the current period.
 * `pending_payment`: subscribed on a paid job and not paid yet.
 */
export function toAddon(a: JobAddonRow, job: PeriodOf) {
  return {
    id: a.id,
    addon_type: a.addonType,
    subscribed: a.subscribed,
    external_url: a.externalUrl,
    job_hyperlink: addonIsLive(job, a) ? a.externalUrl : null,
    cost: centsToDollars(a.costCents),
    pending_payment: addonIsPending(job, a),
    /** Paid for the current period (subscribed or not): ticked again, it is not charged again. */
    paid_for_period: paidForPeriod(job, a),
  };
}
export type JobAddon = ReturnType<typeof toAddon>;

/** The lifecycle fields shared by the summary and the detail. */
export function lifecycle(job: Pick<JobRow, 'suspended' | 'approved' | 'active' | 'postingDate' | 'expirationDate' | 'nextBillingDate' | 'renewable' | 'autoRenew' | 'boostActive' | 'boostEndsAt' | 'renewalCanceledAt' | 'renewalCancellationReason' | 'paymentStatus' | 'closedAt' | 'cancelledAt' | 'expiredAt'>, now = new Date()) {
  return {
    status: deriveJobStatus(job),
    suspended: job.suspended,
    approved: job.approved,
    active: job.active,
    payment_status: job.paymentStatus,
    posting_date: iso(job.postingDate),
    expiration_date: iso(job.expirationDate),
    // A suspended job is not billed (lib/jobs/lifecycle.ts renewalDue): no date to promise while it is.
    next_billing_date: job.suspended ? null : iso(job.nextBillingDate),
    renewable: job.renewable,
    auto_renew: job.autoRenew,
    boost_active: job.boostActive,
    boost_ends_at: iso(job.boostEndsAt),
    boost_remaining_days: boostRemainingDays(job.boostActive, job.boostEndsAt, now),
    renewal_canceled_at: iso(job.renewalCanceledAt),
    renewal_cancellation_reason: job.renewalCancellationReason,
    closed_at: iso(job.closedAt),
    cancelled_at: iso(job.cancelledAt),
    expired_at: iso(job.expiredAt),
  };
}

export type ApplicantCounts = { total: number; today: number };

/** Job detail (jobs spec §3): every content field, the addresses (the first also as `address`), add-ons and tags. */
export function toJobDetail(
  job: JobRow,
  addresses: JobAddressRow[],
  addons: JobAddonRow[],
  tags: JobTag[],
  now = new Date(),
  applicants: ApplicantCounts = { total: 0, today: 0 },
  candidates: number | null = null,
  releasedPlaces: string[] = [],
) {
  const addressList = addresses.map((a) => toAddress(a, job));
  return {
    id: job.id,
    company_id: job.companyId,
    employer_id: job.employerId,
    title: job.title,
    job_type: job.jobType,
    additional_experience: job.additionalExperience,
    home_time: job.homeTime,
    required_experience: job.requiredExperience,
    // Cleaned on the way out too: a state stored before the store cleaned it opens in editors as well.
    job_description: job.jobDescription == null ? job.jobDescriptionHtml : cleanLexicalState(job.jobDescription),
    job_description_html: job.jobDescriptionHtml,
    driver_unload: job.driverUnload,
    expected_pay: centsToDollars(job.expectedPayCents),
    salary_type: job.salaryType,
    signon_bonus: centsToDollars(job.signonBonusCents),
    starting_bonus: centsToDollars(job.startingBonusCents),
    benefits: job.benefits,
    endorsements: job.endorsements,
    video_url: job.videoUrl,
    address: addressList[0] ?? null,
    addresses: addressList,
    cost: centsToDollars(job.costCents),
    cost_cents: job.costCents,
    addons: addons.map((a) => toAddon(a, job)),
    tags,
    jobs_post_token: job.jobsPostToken,
    ...lifecycle(job, now),
    total_applicants: applicants.total,
    today_applicants: applicants.today,
    // Null where not counted: a 0 said "no candidates" of jobs that had some.
    total_candidates: candidates,
    /**
     * Places taken off this live job within the period they were paid for (addressKey): put back
     * before the period ends, they are live again at no charge, so the address step does not count
     * them as due.
     */
    released_places: releasedPlaces,
    created_at: iso(job.createdAt),
    updated_at: iso(job.updatedAt),
  };
}
export type JobDetail = ReturnType<typeof toJobDetail>;

import { US_STATES, labelOf } from '@/lib/jobs/codes';
import { NO_ADDONS_CHOSEN, newAddressKey, type DraftAddons, type DraftAddress, type JobContentValues } from '@/lib/jobs/draft';
import type { JobDetail } from '@/lib/jobs/serialize';

/** Conversions between the API's job detail, the wizard's draft and the API's payloads. */

const amountText = (n: number | null | undefined) => (n == null || n === 0 ? '' : String(n));

/** The editor's value: Lexical JSON as a string, or the stored (sanitized) HTML when no JSON exists. */
export function descriptionValue(job: Pick<JobDetail, 'job_description' | 'job_description_html'>): string {
  const d = job.job_description;
  if (d && typeof d === 'object') return JSON.stringify(d);
  if (typeof d === 'string') return d;
  return job.job_description_html ?? '';
}

/** Content form values of a job; `title` for a duplicate's, the server's copyTitle (spec §4). */
export function jobToContent(job: JobDetail, title = job.title): JobContentValues {
  return {
    title,
    job_type: job.job_type,
    additional_experience: job.additional_experience ?? '',
    home_time: job.home_time,
    required_experience: job.required_experience,
    job_description: descriptionValue(job),
    driver_unload: job.driver_unload,
    expected_pay: amountText(job.expected_pay),
    salary_type: job.salary_type,
    signon_bonus: amountText(job.signon_bonus),
    starting_bonus: amountText(job.starting_bonus),
    benefits: [...(job.benefits ?? [])],
    endorsements: [...(job.endorsements ?? [])],
    video_url: job.video_url ?? '',
  };
}

/** A stored address as the address component's value ('Dallas, TX 75201, USA'). */
export function toDraftAddress(a: JobDetail['addresses'][number]): DraftAddress {
  const stateZip = [a.state, a.postal_code].filter(Boolean).join(' ');
  return {
    key: newAddressKey(),
    description: [a.street1, a.city, stateZip, 'USA'].filter(Boolean).join(', '),
    address: a.street1 ?? '',
    city: a.city ?? '',
    state: a.state ?? '',
    stateName: a.state ? labelOf(US_STATES, a.state) : '',
    zipCode: a.postal_code ?? '',
    country: 'US',
    coordinates: a.coordinates ?? null,
    cost: a.cost,
    pendingPayment: a.pending_payment,
  };
}

/** Add-on choices of a job; the hyperlink URL is cleared when that add-on is off (spec §4, duplicate). */
export function jobToAddons(job: Pick<JobDetail, 'addons'>, clearUnusedHyperlink = false): DraftAddons {
  const on = (t: string) => job.addons.some((a) => a.addon_type === t && a.subscribed);
  const hyperlink = job.addons.find((a) => a.addon_type === 'hyperlink');
  return {
    ...NO_ADDONS_CHOSEN,
    boost: on('boost'),
    promote: on('promote'),
    hyperlink: on('hyperlink'),
    externalUrl: clearUnusedHyperlink && !on('hyperlink') ? '' : (hyperlink?.external_url ?? ''),
  };
}

/** The address as the API takes it (the server re-validates and places it). */
export function addressPayload(a: DraftAddress) {
  return {
    description: a.description ?? null,
    address: a.address || null,
    city: a.city || null,
    state: a.state || a.stateName || null,
    zipCode: a.zipCode || null,
    country: a.country || null,
    coordinates: a.coordinates ?? null,
  };
}

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { publicOrigin } from '@/lib/config';
import type { Database } from '@/lib/db/client';
import { companies, jobAddons, jobAddresses, jobs, type JobAddressRow, type JobRow } from '@/lib/db/schema';
import { logoUrl } from '@/lib/companies/view';
import { SALARY_TYPES, US_STATES, formatUsdShort, labelOf } from './codes';
import { addonIsLive, addressIsLive } from './paid-items';
import { escapeHtml } from '@/lib/mail/templates';
import { lexicalPlainText } from './rich-text';

/**
 * Public job pages (/jobs/{id}) and the sitemap. A job is public while it is paid or invoiced,
 * approved, active, not suspended, not closed or cancelled, and not past its expiry. Nothing
 * here needs a signed-in user.
 */
export const publicCondition = (now: Date) =>
  and(
    eq(jobs.approved, true),
    eq(jobs.active, true),
    eq(jobs.suspended, false),
    inArray(jobs.paymentStatus, ['paid', 'invoiced']),
    isNull(jobs.closedAt),
    isNull(jobs.cancelledAt),
    // Not past its expiry: the same as `expiration_date is null or expiration_date > now`, said so
    // that the planner does not count it apart. Only a job the tick has not expired yet passes
    // active and fails this, but the planner weighed it by the expiration dates' histogram, as if
    // independent of active: where most jobs have ended it counted the live ones twenty times too
    // few (with approved × active, migration 0032) and read every live job to show a page.
    sql`coalesce(${jobs.expirationDate} > ${now}, true)`,
  );

export type PublicJob = {
  job: JobRow;
  addresses: JobAddressRow[];
  company: { id: number; name: string; logo: string | null };
  applyUrl: string | null;
};

/** The public view of a job, or null (unknown, unpaid, closed, cancelled, expired or suspended). */
export async function getPublicJob(db: Database, id: number | string, now = new Date()): Promise<PublicJob | null> {
  const jobId = Number(id);
  if (!Number.isSafeInteger(jobId) || jobId <= 0 || jobId > 2_147_483_647) return null;
  const [hit] = await db
    .select({ job: jobs, companyName: companies.companyName, companyLogo: companies.logo })
    .from(jobs)
    .innerJoin(companies, eq(companies.id, jobs.companyId))
    .where(and(eq(jobs.id, jobId), publicCondition(now)));
  if (!hit) return null;
  const [addresses, [hyperlink]] = await Promise.all([
    db.select().from(jobAddresses).where(eq(jobAddresses.jobId, jobId)).orderBy(asc(jobAddresses.position), asc(jobAddresses.id)),
    db
      .select()
      .from(jobAddons)
      .where(and(eq(jobAddons.jobId, jobId), eq(jobAddons.addonType, 'hyperlink'), eq(jobAddons.subscribed, true))),
  ]);
  // Only what is paid for is published: an address or a hyperlink added since waits for payment.
  return {
    job: hit.job,
    addresses: addresses.filter((a) => addressIsLive(hit.job, a)),
    company: { id: hit.job.companyId, name: hit.companyName, logo: logoUrl({ id: hit.job.companyId, logo: hit.companyLogo }) },
    applyUrl: hyperlink && addonIsLive(hit.job, hyperlink) ? hyperlink.externalUrl : null,
  };
}

/** Every public job for the sitemap, newest first (capped at the sitemap protocol's 50,000 URLs). */
export async function listPublicJobs(db: Database, now = new Date()) {
  return db
    .select({ id: jobs.id, updatedAt: jobs.updatedAt, postingDate: jobs.postingDate })
    .from(jobs)
    .where(publicCondition(now))
    .orderBy(desc(sql`coalesce(${jobs.postingDate}, ${jobs.createdAt})`))
    .limit(50_000);
}

export const publicJobUrl = (id: number, base = publicOrigin()) => new URL(`/jobs/${id}`, base).toString();
const absolute = (url: string | null, base: string) => (url ? new URL(url, base).toString() : undefined);

/**
 * schema.org employmentType from the job type: owner-operators lease on as contractors; every
 * other driving job on this board is a full-time position.
 */
export function employmentTypeOf(job: Pick<JobRow, 'jobType'>): 'FULL_TIME' | 'CONTRACTOR' {
  return job.jobType === 'owner_operator' ? 'CONTRACTOR' : 'FULL_TIME';
}

/** Salary units Google for Jobs understands; per-mile pay has none and is left out of baseSalary. */
const GOOGLE_UNITS = new Set(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']);

/** "Pay: $1,650.00 per week" parts, shared by the page and the description. */
export function payOf(job: Pick<JobRow, 'expectedPayCents' | 'salaryType'>) {
  const salary = SALARY_TYPES.find((s) => s.value === job.salaryType);
  const amount = formatUsdShort(job.expectedPayCents);
  return { amount, per: salary?.per ?? job.salaryType, unit: salary?.unit ?? null, label: labelOf(SALARY_TYPES, job.salaryType) };
}

export function placeOf(a: Pick<JobAddressRow, 'city' | 'state' | 'postalCode'>) {
  return [a.city, a.state].filter(Boolean).join(', ') + (a.postalCode ? ` ${a.postalCode}` : '');
}

/**
 * The schema.org JobPosting of a public job (what Google for Jobs reads), or null for a job with no
 * live address. Google requires a jobLocation for an on-site job and reports a posting without one
 * as invalid; a job saved before every paid job had to keep a paid address can still be public
 * without one, and then publishes no structured data rather than a broken one.
 */
export function jobPostingJsonLd(pub: PublicJob, base = publicOrigin()) {
  const { job, addresses, company } = pub;
  if (!addresses.length) return null;
  const pay = payOf(job);
  const value = job.expectedPayCents / 100;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title,
    description: job.jobDescriptionHtml || `<p>${escapeHtml(lexicalPlainText(job.jobDescription))}</p>`,
    identifier: { '@type': 'PropertyValue', name: company.name, value: String(job.id) },
    datePosted: (job.postingDate ?? job.createdAt).toISOString(),
    ...(job.expirationDate ? { validThrough: job.expirationDate.toISOString() } : {}),
    employmentType: employmentTypeOf(job),
    hiringOrganization: {
      '@type': 'Organization',
      name: company.name,
      ...(company.logo ? { logo: absolute(company.logo, base) } : {}),
    },
    jobLocation: addresses.map((a) => ({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(a.street1 ? { streetAddress: a.street1 } : {}),
        ...(a.city ? { addressLocality: a.city } : {}),
        ...(a.state ? { addressRegion: a.state } : {}),
        ...(a.postalCode ? { postalCode: a.postalCode } : {}),
        addressCountry: 'US',
      },
      ...(a.latitude != null && a.longitude != null ? { geo: { '@type': 'GeoCoordinates', latitude: a.latitude, longitude: a.longitude } } : {}),
    })),
    ...(pay.unit && GOOGLE_UNITS.has(pay.unit)
      ? { baseSalary: { '@type': 'MonetaryAmount', currency: 'USD', value: { '@type': 'QuantitativeValue', value, unitText: pay.unit } } }
      : {}),
    ...(job.requiredExperience === 'CS' ? {} : { experienceRequirements: { '@type': 'OccupationalExperienceRequirements', monthsOfExperience: MONTHS[job.requiredExperience] } }),
    directApply: false,
    url: publicJobUrl(job.id, base),
  };
}

/** The least months of each experience code (for experienceRequirements). */
const MONTHS: Record<string, number> = { CS: 0, M6: 1, M12: 6, Y1: 12, Y2: 24 };

/** JSON for a <script type="application/ld+json">: '<' escaped so the text can never close the tag. */
export function jsonLdScript(data: unknown) {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export const stateName = (code: string | null) => (code ? labelOf(US_STATES, code) : '');

// /jobs/{id}: the public page of a live job (no sign-in), with its schema.org JobPosting
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { config } from '@/lib/config';
import { cachedPublicJob } from '@/lib/cache/public-pages';
import { DEFAULT_COMPANY_LOGO } from '@/lib/companies/brand';
import { BENEFITS, ENDORSEMENTS, EXPERIENCE, HOME_TIME, JOB_TYPES, formatUsdShort, labelOf } from '@/lib/jobs/codes';
import { jobPostingJsonLd, jsonLdScript, payOf, placeOf, publicJobUrl, type PublicJob } from '@/lib/jobs/public';
import { lexicalPlainText } from '@/lib/jobs/rich-text';
import { UPLOADED_VIDEO_RE } from '@/lib/jobs/schemas';
import { CompanySiteApply } from '@/components/drivers/company-site-apply';
import { PORTAL_TIME_ZONE } from '@/lib/validation/portal-day';

/**
 * The same for everyone, so rendered once and served from Next's cache (issue 16): the page reads
 * no cookie or header (force-static also turns the root layout's connection() into a no-op here),
 * its data carries the tags `job:{id}` and `company:{companyId}` (lib/cache/public-pages.ts), and
 * the services that change a job or company expire them (lib/cache/tags.ts), so the next request
 * renders afresh. `revalidate` is the backstop, PUBLIC_CACHE_SECONDS (a literal: Next reads it at
 * build). No id is rendered at build (the build has no database); each is rendered on its first
 * request. Its CSP has no nonce (proxy.ts, lib/security/csp.ts); views are counted by the pixel.
 */
export const dynamic = 'force-static';
export const revalidate = 300;
export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ id: string }> };

const load = cache(cachedPublicJob);

function summary(pub: PublicJob) {
  const { job, addresses, company } = pub;
  const pay = payOf(job);
  const where = addresses[0] ? ` in ${placeOf(addresses[0])}` : '';
  const text = lexicalPlainText(job.jobDescription ?? job.jobDescriptionHtml).replace(/\s+/g, ' ');
  const lead = `${company.name} is hiring: ${job.title}${where}. ${pay.amount} per ${pay.per}. `;
  const full = lead + text;
  return full.length > 160 ? full.slice(0, 157).replace(/\s+\S*$/, '') + '...' : full;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const pub = await load((await params).id);
  if (!pub) return { title: 'Job not found', robots: { index: false } };
  const url = publicJobUrl(pub.job.id);
  const description = summary(pub);
  return {
    title: `${pub.job.title} - ${pub.company.name}`,
    description,
    alternates: { canonical: url },
    openGraph: { type: 'website', url, title: pub.job.title, description, siteName: config.productName },
    twitter: { card: 'summary', title: pub.job.title, description },
  };
}

// The portal's zone, as the employer's screens show the same moments (an application at 11 pm Eastern is that day's).
const dateFormat = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric', timeZone: PORTAL_TIME_ZONE });

export default async function PublicJobPage({ params }: Props) {
  const pub = await load((await params).id);
  if (!pub) notFound();
  const { job, addresses, company, applyUrl } = pub;
  const pay = payOf(job);
  const posting = jobPostingJsonLd(pub);
  const facts: [string, string][] = [
    ['Pay', `${pay.amount} per ${pay.per}`],
    ['Home time', labelOf(HOME_TIME, job.homeTime)],
    ['Job type', labelOf(JOB_TYPES, job.jobType)],
    ['Experience', labelOf(EXPERIENCE, job.requiredExperience)],
    ...(job.signonBonusCents > 0 ? [['Sign-on bonus', formatUsdShort(job.signonBonusCents)] as [string, string]] : []),
    ...(job.startingBonusCents > 0 ? [['Starting bonus', formatUsdShort(job.startingBonusCents)] as [string, string]] : []),
    ['Unloading', job.driverUnload ? 'Driver unload' : 'No-touch freight'],
  ];

  return (
    <div className="min-h-screen bg-slate-50">
      {posting && <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(posting) }} />}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3 sm:px-6">
          <Link href="/" className="text-lg font-bold tracking-tight text-brand-700">
            {config.productName} <span className="font-medium text-slate-500">Jobs</span>
          </Link>
          <Link href="/login" className="text-sm font-medium text-slate-600 hover:text-brand-700">
            Sign in
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
        <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
            <CompanyLogo name={company.name} logo={company.logo} />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium text-brand-700">{company.name}</p>
              <h1 className="mt-1 text-2xl font-bold leading-tight text-slate-900 sm:text-3xl">{job.title}</h1>
              <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                {addresses.length > 0 && <span>{addresses.map(placeOf).join(' · ')}</span>}
                <span>Posted {job.postingDate ? dateFormat.format(job.postingDate) : ''}</span>
              </p>
              <div className="mt-4 flex flex-wrap gap-2">
                <Badge tone="green">
                  {pay.amount} / {pay.per}
                </Badge>
                <Badge>{labelOf(HOME_TIME, job.homeTime)}</Badge>
                <Badge>{labelOf(JOB_TYPES, job.jobType)}</Badge>
                {job.signonBonusCents > 0 && <Badge tone="amber">{formatUsdShort(job.signonBonusCents)} sign-on bonus</Badge>}
              </div>
            </div>
            <div className="sm:w-48">
              <ApplyButton applyUrl={applyUrl} jobId={job.id} />
            </div>
          </div>
        </section>

        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_18rem]">
          <article className="self-start rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <h2 className="text-lg font-semibold text-slate-900">About this job</h2>
            <div
              className="mt-4 text-[15px] leading-7 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h1]:mt-6 [&_h1]:text-xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold [&_hr]:my-6 [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-3 [&_table]:my-4 [&_table]:w-full [&_table]:border-collapse [&_td]:border [&_td]:border-slate-200 [&_td]:p-2 [&_th]:border [&_th]:border-slate-200 [&_th]:bg-slate-50 [&_th]:p-2 [&_th]:text-left [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6"
              // Sanitized on the server when saved (lib/jobs/sanitize.ts).
              dangerouslySetInnerHTML={{ __html: job.jobDescriptionHtml }}
            />
            {job.additionalExperience && (
              <>
                <h3 className="mt-6 font-semibold text-slate-900">Additional experience</h3>
                <p className="mt-2 whitespace-pre-line text-slate-700">{job.additionalExperience}</p>
              </>
            )}
            {job.videoUrl && <JobVideo url={job.videoUrl} />}
          </article>

          <aside className="space-y-6">
            <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Job details</h2>
              <dl className="mt-3 divide-y divide-slate-100">
                {facts.map(([k, v]) => (
                  <div key={k} className="flex justify-between gap-3 py-2 text-sm">
                    <dt className="text-slate-500">{k}</dt>
                    <dd className="text-right font-medium text-slate-900">{v}</dd>
                  </div>
                ))}
              </dl>
            </section>
            {job.endorsements.length > 0 && (
              <TagList title="Endorsements" items={job.endorsements.map((e) => labelOf(ENDORSEMENTS, e))} />
            )}
            {job.benefits.length > 0 && <TagList title="Benefits" items={job.benefits.map((b) => labelOf(BENEFITS, b))} />}
            {addresses.length > 0 && (
              <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{addresses.length > 1 ? 'Locations' : 'Location'}</h2>
                <ul className="mt-3 space-y-2 text-sm text-slate-800">
                  {addresses.map((a) => (
                    <li key={a.id}>
                      {a.street1 && <span className="block text-slate-500">{a.street1}</span>}
                      {placeOf(a)}
                    </li>
                  ))}
                </ul>
              </section>
            )}
            {job.expirationDate && <p className="px-1 text-xs text-slate-500">Open until {dateFormat.format(job.expirationDate)}</p>}
          </aside>
        </div>
      </main>

      <footer className="border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-5xl px-4 py-6 text-xs text-slate-500 sm:px-6">
          © {new Date().getUTCFullYear()} {config.productName}. Trucking jobs for CDL drivers.
        </div>
      </footer>
      <ViewPixel jobId={job.id} />
    </div>
  );
}

/**
 * Counts the visit for the job's statistics (one view per visitor per day): the cached page reads
 * nobody's cookies, so the browser's request for this image does (app/api/job-views/[id]/route.ts).
 */
function ViewPixel({ jobId }: { jobId: number }) {
  // eslint-disable-next-line @next/next/no-img-element -- a 1×1 counter, not content
  return <img src={`/api/job-views/${jobId}`} alt="" width={1} height={1} aria-hidden="true" className="pointer-events-none absolute bottom-0 left-0 h-px w-px opacity-0" />;
}

/** An uploaded video plays in place; an outside link (YouTube, Vimeo...) opens in a new tab. */
function JobVideo({ url }: { url: string }) {
  if (UPLOADED_VIDEO_RE.test(url) || /\.(mp4|webm)(\?.*)?$/i.test(url)) {
    return (
      <video controls preload="metadata" className="mt-6 aspect-video w-full rounded-xl bg-black" src={url}>
        <a href={url}>Download the job video</a>
      </video>
    );
  }
  return (
    <p className="mt-6">
      <a href={url} rel="noopener noreferrer nofollow" target="_blank" className="font-medium text-brand-700 underline">
        Watch the job video
      </a>
    </p>
  );
}

function CompanyLogo({ name, logo }: { name: string; logo: string | null }) {
  return (
    <div className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-brand-50">
      {/* eslint-disable-next-line @next/next/no-img-element -- our own logo route or the static default, both already sized */}
      <img src={logo ?? DEFAULT_COMPANY_LOGO} alt={logo ? `${name} logo` : ''} width={64} height={64} className="h-full w-full object-contain" />
    </div>
  );
}

function Badge({ children, tone = 'slate' }: { children: React.ReactNode; tone?: 'slate' | 'green' | 'amber' }) {
  const tones = { slate: 'bg-slate-100 text-slate-700', green: 'bg-emerald-50 text-emerald-700', amber: 'bg-amber-50 text-amber-800' };
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

function TagList({ title, items }: { title: string; items: string[] }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {items.map((i) => (
          <li key={i} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-700">
            {i}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The hyperlink add-on sends drivers to the company's own page; otherwise they apply in the Drivers
 * Portal: Apply signs them in (a signed-in driver passes straight through) and comes back to the
 * job there; a new driver signs up and comes back the same way.
 */
function ApplyButton({ applyUrl, jobId }: { applyUrl: string | null; jobId: number }) {
  const cls = 'block w-full rounded-lg bg-brand-600 px-4 py-3 text-center text-sm font-semibold text-white shadow-sm hover:bg-brand-700';
  if (applyUrl) return <CompanySiteApply url={applyUrl} className={cls} />;
  const back = encodeURIComponent(`/members/jobs/${jobId}`);
  return (
    <div className="flex flex-col gap-2">
      <Link href={`/login?callbackUrl=${back}`} className={cls}>
        Apply
      </Link>
      <Link href={`/signup?role=driver&callbackUrl=${back}`} className="text-center text-xs font-medium text-brand-700 hover:underline">
        New driver? Create an account
      </Link>
    </div>
  );
}

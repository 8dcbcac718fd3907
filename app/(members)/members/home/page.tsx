import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/lib/db/client';
import { requireUser } from '@/lib/auth/server';
import { ROLES, ROLE_LABELS, pageGuardFor, type Role } from '@/lib/access';
import { memberProfile } from '@/lib/accounts/members';
import { PRODUCT_NAME } from '@/lib/accounts/members-config';
import { formatPhoneMask } from '@/lib/auth/phone';
import { RecommendButton } from '@/components/recommend/recommend-dialog-host';
import { VerifyEmailButton } from '@/components/accounts/verify-email-button';
import { PortalJobList } from '@/components/drivers/job-card';
import { bestMatchingJobs } from '@/lib/drivers/jobs';
import { getDriverProfile } from '@/lib/drivers/profile';
import { AdSlot } from '@/components/ads/ad-slot';
import { timeOfDayGreeting, welcomeHeading } from '@/lib/accounts/greeting';

export const metadata: Metadata = { title: 'Home' };

const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

export default async function MembersHomePage() {
  const user = await requireUser(pageGuardFor('/members/home'));
  const db = await getDb();
  const profile = await memberProfile(db, user.id);
  const isDriver = user.roles.includes(ROLES.DRIVER);
  const [best, driver] = isDriver ? await Promise.all([bestMatchingJobs(db, user.id), getDriverProfile(db, user.id)]) : [null, null];
  const since = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date(profile.memberSince));
  return (
    <div className="flex flex-col gap-6">
      {/* Answers the card's button; the portal layout may mount its own host as well. */}
      <header>
        <p className="text-sm font-medium text-brand-600">{timeOfDayGreeting(profile.timezone)}</p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900 sm:text-3xl">{welcomeHeading(profile.firstName, profile.memberSince)}</h1>
        <p className="mt-1 text-sm text-slate-500">Your {PRODUCT_NAME} account at a glance.</p>
      </header>

      {!profile.emailVerified || profile.emailToVerify ? (
        <div className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold">Please verify your email.</span> Confirm that <strong>{profile.emailToVerify ?? profile.email}</strong> is
            your address: we use it to recover your account and to send you account messages.
          </p>
          <VerifyEmailButton />
        </div>
      ) : null}

      {driver && driver.profile_completeness.percent < 100 ? (
        <div className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
          <p>
            <span className="font-semibold">Your profile is {driver.profile_completeness.percent}% complete.</span> Still missing:{' '}
            {driver.profile_completeness.missing.join(', ')}. A complete profile gets better matches.
          </p>
          <Link href="/members/settings?tab=profile" className="shrink-0 rounded-lg bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700">
            Complete profile
          </Link>
        </div>
      ) : null}

      <AdSlot placement="members_home" className="mx-auto w-full max-w-2xl" />

      {best ? (
        <section aria-labelledby="best-title" className="flex flex-col gap-3">
          <div className="flex items-end justify-between gap-3">
            <div>
              <h2 id="best-title" className="text-lg font-semibold text-slate-900">
                Jobs that match you best
              </h2>
              <p className="text-sm text-slate-500">
                Ranked by how well they fit your profile; among equals, featured jobs first, then the nearest.
                {best.beyondTravel ? ' Few jobs lie within your travel distance right now: the nearest beyond it follow those within it.' : ''}
              </p>
            </div>
            <Link href="/members/jobs" className="shrink-0 text-sm font-semibold text-brand-600 hover:text-brand-700">
              Search all jobs →
            </Link>
          </div>
          {best.items.length ? (
            <PortalJobList jobs={best.items} label="Best matching jobs" />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-500">No open jobs right now. Check back soon.</p>
          )}
        </section>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="profile-title" className={`${card} lg:col-span-2`}>
          <div className="flex items-center gap-4">
            <div className="grid size-14 shrink-0 place-items-center rounded-full bg-brand-100 text-lg font-bold text-brand-700" aria-hidden>
              {(profile.firstName[0] ?? '') + (profile.lastName[0] ?? '')}
            </div>
            <div className="min-w-0">
              <h2 id="profile-title" className="truncate text-lg font-semibold text-slate-900">
                {profile.firstName} {profile.lastName}
              </h2>
              <p className="text-sm text-slate-500">Member since {since}</p>
            </div>
          </div>
          <dl className="mt-6 grid gap-4 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-2 break-all font-medium text-slate-900">
                {profile.email}
                {profile.emailVerified ? (
                  <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">Verified</span>
                ) : (
                  <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">Not verified</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Phone</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{profile.phone ? formatPhoneMask(profile.phone) : 'Not provided'}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Time zone</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{profile.timezone}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Account type</dt>
              <dd className="mt-0.5 font-medium text-slate-900">{profile.roles.map((r) => ROLE_LABELS[r as Role] ?? r).join(', ') || 'Driver'}</dd>
            </div>
          </dl>
        </section>

        <section aria-labelledby="invite-title" className={`${card} flex flex-col bg-gradient-to-br from-brand-600 to-brand-700 text-white`}>
          <h2 id="invite-title" className="text-lg font-semibold">Know a driver who is looking?</h2>
          <p className="mt-2 flex-1 text-sm text-white/80">Recommend {PRODUCT_NAME} to a friend: we prepare an invitation with a sign-up link for you to send.</p>
          <RecommendButton className="mt-4 inline-flex items-center justify-center rounded-lg bg-white px-4 py-2.5 text-sm font-semibold text-brand-700 hover:bg-brand-50">
            Recommend {PRODUCT_NAME}
          </RecommendButton>
        </section>
      </div>

      <section aria-labelledby="account-title" className={card}>
        <h2 id="account-title" className="text-lg font-semibold text-slate-900">Your account</h2>
        <ul className="mt-4 divide-y divide-slate-100">
          {[
            { href: '/members/settings?tab=profile', title: 'Driver profile', text: 'Your CDL, experience, home ZIP and what you are looking for.' },
            { href: '/members/applications', title: 'My applications', text: 'Jobs you applied to and their status.' },
            { href: '/members/settings?tab=password', title: 'Change password', text: 'Choose a new password; other devices are signed out.' },
            { href: '/members/settings', title: 'Delete account', text: 'Erase your account and personal details.' },
          ].map((item) => (
            <li key={item.title}>
              <Link href={item.href} className="group flex items-center justify-between gap-4 py-3">
                <span>
                  <span className="block text-sm font-medium text-slate-900 group-hover:text-brand-700">{item.title}</span>
                  <span className="block text-sm text-slate-500">{item.text}</span>
                </span>
                <span aria-hidden className="text-slate-400 group-hover:text-brand-600">
                  →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

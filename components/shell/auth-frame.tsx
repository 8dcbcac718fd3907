'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { clsx } from 'clsx';
import { createContext, Suspense, useContext, useMemo, useState } from 'react';
import { BrandMark } from './brand-mark';

const BusyContext = createContext<{ busy: boolean; setBusy: (busy: boolean) => void }>({ busy: false, setBusy: () => {} });

/** Account screens call setBusy(true) while a form submits: the whole page becomes inert. */
export function useAuthBusy() {
  return useContext(BusyContext);
}

/** The admin variant: the path, the role query or the page the user was heading to says admin. */
export function isAdminVariant(pathname: string, search: URLSearchParams | null) {
  return pathname.includes('admin') || search?.get('role') === 'admin' || (search?.get('callbackUrl') ?? '').startsWith('/admin');
}

/** The last element of the form's column: the first paint waits for it. */
const FRAME_END = 'auth-frame-end';

/** The two-column frame of the account screens (spec §2 Auth layout): form on the left, backdrop on the right. */
export function AuthFrame({ productName, version, children }: { productName: string; version: string; children: React.ReactNode }) {
  const [busy, setBusy] = useState(false);
  const value = useMemo(() => ({ busy, setBusy }), [busy]);
  return (
    <BusyContext.Provider value={value}>
      <div inert={busy} aria-busy={busy || undefined} className="grid min-h-dvh bg-white lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)]">
        <div className="flex min-h-dvh flex-col px-6 py-8 sm:px-12 lg:px-16">
          {/* No first paint until the footer below is parsed (Chromium; others ignore it): the form
              is centred, so a paint of the half parsed so far (the parser stops while the page's
              async scripts run) moved it up when the rest came (CLS 0.06 on /signup, issue 16). */}
          <link rel="expect" href={`#${FRAME_END}`} blocking="render" />
          <div className="flex items-center gap-3">
            <BrandMark />
            <span className="text-lg font-bold tracking-tight text-slate-900">{productName}</span>
          </div>
          <main className="flex flex-1 items-center justify-center py-10">
            <div className="w-full max-w-sm">{children}</div>
          </main>
          <p id={FRAME_END} className="text-xs text-slate-500">
            {productName} portal <span data-testid="app-version">v{version}</span>
          </p>
        </div>
        <Suspense fallback={<div className="hidden bg-slate-900 lg:block" />}>
          <Backdrop />
        </Suspense>
      </div>
    </BusyContext.Provider>
  );
}

/** Who the account screen speaks to: a driver's sign-up (`?role=driver`) is not told to hire drivers. */
export function frameVariant(pathname: string, search: URLSearchParams | null): 'admin' | 'driver' | 'employer' {
  if (isAdminVariant(pathname, search)) return 'admin';
  return search?.get('role') === 'driver' || (search?.get('callbackUrl') ?? '').startsWith('/members') ? 'driver' : 'employer';
}

/** The highway backdrops (drawn by scripts/brand-assets.mjs; bump the `.vN` when one changes). */
const AUTH_BACKDROP = { employer: '/brand/auth-employer.v1.webp', admin: '/brand/auth-admin.v1.webp' };

const COPY = {
  admin: {
    badge: 'Admin Portal',
    title: 'Run the network: companies, users and channels in one place.',
    text: 'Manage companies and their jobs, support employers and keep news channels current.',
  },
  employer: {
    badge: 'For employers',
    title: 'Hire CDL drivers who are a great match for your routes.',
    text: 'Post a job in minutes, target it where your drivers live, and review matched candidates as they apply.',
  },
  driver: {
    badge: 'For drivers',
    title: 'Find CDL jobs that fit your routes and your home time.',
    text: 'Fill in your profile once, see why each job matches you, and apply in a few taps.',
  },
};

function Backdrop() {
  const variant = frameVariant(usePathname() ?? '', useSearchParams());
  const admin = variant === 'admin';
  const copy = COPY[variant];
  return (
    <aside
      aria-hidden
      data-variant={variant}
      className={clsx(
        'relative hidden overflow-hidden lg:flex lg:flex-col lg:justify-end lg:p-14',
        admin ? 'bg-gradient-to-br from-slate-950 via-slate-900 to-indigo-950' : 'bg-gradient-to-br from-brand-700 via-brand-600 to-sky-500',
      )}
    >
      {/* eslint-disable-next-line @next/next/no-img-element -- a decorative static file from public/brand, cached as immutable */}
      <img src={admin ? AUTH_BACKDROP.admin : AUTH_BACKDROP.employer} alt="" className="absolute inset-0 size-full object-cover" />
      <div className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-slate-950/70 via-slate-950/30 to-transparent" />
      <div className="relative max-w-md text-white">
        <p className={clsx('mb-3 inline-flex rounded-full px-3 py-1 text-xs font-semibold uppercase tracking-wider', admin ? 'bg-indigo-500/20 text-indigo-200' : 'bg-white/15 text-white')}>
          {copy.badge}
        </p>
        <h2 className="text-3xl font-bold leading-tight tracking-tight xl:text-4xl">{copy.title}</h2>
        <p className="mt-4 text-base text-white/75">{copy.text}</p>
      </div>
    </aside>
  );
}

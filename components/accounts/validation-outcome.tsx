import Link from 'next/link';
import { clsx } from 'clsx';

/** The success and unsuccess pages of email verification. */
export function ValidationOutcome({ ok, title, children, action }: { ok: boolean; title: string; children: React.ReactNode; action: { href: string; label: string } }) {
  return (
    <div className="text-center sm:text-left">
      <div className={clsx('mx-auto mb-6 grid size-12 place-items-center rounded-full sm:mx-0', ok ? 'bg-emerald-100 text-emerald-700' : 'bg-amber-100 text-amber-700')} aria-hidden>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="size-6">
          <path strokeLinecap="round" strokeLinejoin="round" d={ok ? 'm4.5 12.75 6 6 9-13.5' : 'M12 9v3.75m0 3.75h.008M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z'} />
        </svg>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-3 text-sm leading-relaxed text-slate-600">{children}</div>
      <Link href={action.href} className="mt-8 inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-700 sm:w-auto">
        {action.label}
      </Link>
    </div>
  );
}

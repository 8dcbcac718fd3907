'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Alert, Spinner } from '@/components/ui/states';
import { api, errorMessage } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';

type Employer = { first_name: string; last_name: string; email: string; phone: string | null; email_verified: boolean; email_to_verify: string | null };

/**
 * The signed-in user's profile (GET /employer). Editing name, phone and email needs the employer
 * PATCH call, which the API does not offer yet: the page says so instead of pretending.
 */
export function AccountSummary() {
  const q = useQuery({ queryKey: ['employer'], queryFn: async () => (await api<Employer>('/employer')).data });
  if (q.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label="Loading your account" />
      </div>
    );
  }
  if (q.isError) return <Alert type="error">{errorMessage(q.error)}</Alert>;
  const e = q.data;
  const rows: [string, React.ReactNode][] = [
    ['First name', e.first_name],
    ['Last name', e.last_name],
    ['Email', <span key="e">{e.email} {e.email_verified ? <span className="ml-1 rounded bg-emerald-50 px-1.5 py-0.5 text-xs font-medium text-emerald-700">Verified</span> : <span className="ml-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-700">Not verified</span>}</span>],
    ['Phone', e.phone ? formatPhoneMask(e.phone) : 'n/a'],
  ];
  return (
    <section aria-labelledby="acct-title" className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="acct-title" className="text-base font-semibold text-slate-900">
        Your account
      </h2>
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="grid grid-cols-3 gap-4 py-3">
            <dt className="text-slate-500">{k}</dt>
            <dd className="col-span-2 text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-500">
        Editing your name, email and phone here is not available yet. To change your password, open{' '}
        <Link href="/company/settings/password" className="font-medium text-brand-700 hover:underline">
          Password
        </Link>
        .
      </p>
    </section>
  );
}

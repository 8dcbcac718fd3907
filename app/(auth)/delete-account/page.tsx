import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/lib/auth/server';
import { landingFor } from '@/lib/access';
import { AuthHeading } from '@/components/accounts/auth-heading';
import { DeleteAccountPanel } from '@/components/accounts/delete-account-panel';
import { QueryProvider } from '@/components/query-provider';

export const metadata: Metadata = { title: 'Delete account' };

export default async function DeleteAccountPage() {
  const user = await requireUser('authenticated', { allowNoCompany: true });
  return (
    <div>
      <AuthHeading title="Delete account">
        Signed in as <strong className="font-semibold text-slate-700">{user.email}</strong>.
      </AuthHeading>
      <div className="mt-8">
        <QueryProvider>
          <DeleteAccountPanel />
        </QueryProvider>
      </div>
      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href={landingFor(user.roles, user.companyId)} className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Keep my account and go back
        </Link>
      </p>
    </div>
  );
}

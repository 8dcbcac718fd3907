import type { Metadata } from 'next';
import { requireUser } from '@/lib/auth/server';
import { landingFor } from '@/lib/access';
import { AuthHeading } from '@/components/accounts/auth-heading';
import { ChangePasswordScreen } from './change-password-screen';

export const metadata: Metadata = { title: 'Change password' };

export default async function ChangePasswordPage() {
  const user = await requireUser('authenticated', { allowNoCompany: true });
  return (
    <div>
      <AuthHeading title="Change password">
        Signed in as <strong className="font-semibold text-slate-700">{user.email}</strong>.
      </AuthHeading>
      <div className="mt-8">
        <ChangePasswordScreen home={landingFor(user.roles, user.companyId)} />
      </div>
    </div>
  );
}

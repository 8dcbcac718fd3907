import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/accounts/change-password-form';

export const metadata: Metadata = { title: 'Password' };

export default function PasswordSettingsPage() {
  return (
    <section aria-labelledby="pw-title" className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="pw-title" className="text-base font-semibold text-slate-900">
        Change password
      </h2>
      <div className="mt-4">
        <ChangePasswordForm />
      </div>
    </section>
  );
}

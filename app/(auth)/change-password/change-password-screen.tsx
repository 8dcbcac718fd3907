'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ChangePasswordForm } from '@/components/accounts/change-password-form';

export function ChangePasswordScreen({ home }: { home: string }) {
  const router = useRouter();
  return (
    <>
      <ChangePasswordForm fullWidth onDone={() => router.push(home)} />
      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href={home} className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Back to the portal
        </Link>
      </p>
    </>
  );
}

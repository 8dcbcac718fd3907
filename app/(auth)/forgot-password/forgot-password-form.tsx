'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthHeading } from '@/components/accounts/auth-heading';
import { applyApiErrors } from '@/components/accounts/form-errors';
import { loginHref, withRole } from '@/components/accounts/reset-flow';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { api } from '@/lib/api/client';
import type { ForgotPasswordInput } from '@/lib/accounts/password-schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<ForgotPasswordInput>(() => import('@/lib/accounts/password-schemas').then((m) => m.forgotPasswordSchema));

export function ForgotPasswordForm({ role, defaultEmail }: { role: string | null; defaultEmail: string }) {
  const router = useRouter();
  const { setBusy } = useAuthBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordInput>({ resolver, defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    setBusy(true);
    try {
      await api('/auth/token-password', { method: 'POST', body: { email, role: role ?? undefined } });
      router.push(withRole('/reset-code', role, { email }));
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['email']));
    } finally {
      // The frame outlives this screen (the next one is in the same layout): never leave it inert.
      setBusy(false);
    }
  });

  return (
    <div>
      <AuthHeading title="Forgotten password">
        Enter the email of your account. We will send you a 6-digit code to choose a new password.
      </AuthHeading>
      <form onSubmit={onSubmit} noValidate aria-label="Forgotten password" className="mt-8 flex flex-col gap-4">
        {failure && <Alert type="error">{failure}</Alert>}
        <Field label="Email" type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" autoFocus error={errors.email?.message} {...register('email')} />
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full py-3">
          Send code
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-slate-500">
        Remembered it?{' '}
        <Link href={loginHref(role)} className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

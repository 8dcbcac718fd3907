'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AuthHeading } from '@/components/accounts/auth-heading';
import { applyApiErrors } from '@/components/accounts/form-errors';
import { saveResetToken, withRole } from '@/components/accounts/reset-flow';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import type { VerifyResetCodeInput } from '@/lib/accounts/password-schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<VerifyResetCodeInput>(() => import('@/lib/accounts/password-schemas').then((m) => m.verifyResetCodeSchema));

export function ResetCodeForm({ role, email }: { role: string | null; email: string }) {
  const router = useRouter();
  const toast = useToast();
  const { setBusy } = useAuthBusy();
  const [failure, setFailure] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<VerifyResetCodeInput>({ resolver, defaultValues: { email, code: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    setBusy(true);
    try {
      const res = await api<{ token: string }>('/auth/verify-token-password', { method: 'POST', body: values });
      saveResetToken(res.data.token);
      router.push(withRole('/reset-password', role));
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['email', 'code']));
    } finally {
      // The frame outlives this screen (the next one is in the same layout): never leave it inert.
      setBusy(false);
    }
  });

  const resend = async () => {
    const address = getValues('email');
    if (!address) return setError('email', { message: 'No email provided' });
    setResending(true);
    try {
      await api('/auth/token-password', { method: 'POST', body: { email: address } });
      toast.show('success', 'We sent a new code. Codes sent before it no longer work.');
    } catch (error) {
      toast.show('error', errorMessage(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <div>
      <AuthHeading title="Check your email">
        {email ? (
          <>
            If <strong className="font-semibold text-slate-700">{email}</strong> belongs to an account, we have sent it a 6-digit code. Enter it below: it is
            valid for 15 minutes.
          </>
        ) : (
          'Enter your email and the 6-digit code we sent you. The code is valid for 15 minutes.'
        )}
      </AuthHeading>
      <form onSubmit={onSubmit} noValidate aria-label="Enter your code" className="mt-8 flex flex-col gap-4">
        {failure && <Alert type="error">{failure}</Alert>}
        {email ? (
          <input type="hidden" {...register('email')} />
        ) : (
          <Field label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
        )}
        <Field
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          autoFocus
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={errors.code?.message}
          {...register('code')}
        />
        <Button type="submit" loading={isSubmitting} className="mt-2 w-full py-3">
          Verify code
        </Button>
      </form>
      <div className="mt-8 flex flex-col items-center gap-2 text-sm text-slate-500">
        <p>
          Didn&apos;t get it? Check your spam folder, or{' '}
          <button type="button" onClick={resend} disabled={resending} className="font-semibold text-brand-600 hover:text-brand-700 hover:underline disabled:opacity-50">
            send a new code
          </button>
          .
        </p>
        <Link href={withRole('/forgot-password', role, email ? { email } : {})} className="font-medium text-slate-600 hover:underline">
          Use another email
        </Link>
      </div>
    </div>
  );
}

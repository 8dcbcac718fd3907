'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useSyncExternalStore } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { AuthHeading } from '@/components/accounts/auth-heading';
import { applyApiErrors } from '@/components/accounts/form-errors';
import { PasswordRules } from '@/components/accounts/password-rules';
import { clearResetToken, loginHref, readResetToken, withRole } from '@/components/accounts/reset-flow';
import { useAuthBusy } from '@/components/shell/auth-frame';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import type { ResetPasswordForm as Values } from '@/lib/accounts/password-schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<Values>(() => import('@/lib/accounts/password-schemas').then((m) => m.resetPasswordFormSchema));

export const PASSWORD_RESET = 'Your password has been reset. Sign in with your new password.';

const noop = () => () => {};

export function ResetPasswordForm({ role }: { role: string | null }) {
  const router = useRouter();
  const toast = useToast();
  const { setBusy } = useAuthBusy();
  // undefined on the server, the stored token (or null) in the browser.
  const token = useSyncExternalStore(noop, readResetToken, () => undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ password }) => {
    setFailure(null);
    setBusy(true);
    try {
      await api('/auth/reset-password', { method: 'POST', body: { token, password } });
      clearResetToken();
      toast.show('success', PASSWORD_RESET);
      router.replace(loginHref(role));
    } catch (error) {
      setFailure(applyApiErrors(error, setError, ['password']));
    } finally {
      // The frame outlives this screen (the next one is in the same layout): never leave it inert.
      setBusy(false);
    }
  });

  if (token === null) {
    return (
      <div>
        <AuthHeading title="Choose a new password" />
        <div className="mt-8 flex flex-col gap-4">
          <Alert type="warning">Your reset session has expired or was opened in another tab. Please request a new code.</Alert>
          <Link href={withRole('/forgot-password', role)} className="inline-flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-sm font-semibold text-white hover:bg-brand-700">
            Request a new code
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <AuthHeading title="Choose a new password">Your new password replaces the old one, and you will be signed out on every device.</AuthHeading>
      <form onSubmit={onSubmit} noValidate aria-label="Choose a new password" className="mt-8 flex flex-col gap-4">
        {failure && (
          <Alert type="error">
            {failure}{' '}
            <Link href={withRole('/forgot-password', role)} className="font-semibold underline underline-offset-2">
              Request a new code
            </Link>
          </Alert>
        )}
        <div className="flex flex-col gap-2">
          <Field label="New password" type="password" autoComplete="new-password" autoFocus error={errors.password?.message} {...register('password')} />
          <PasswordRules value={password ?? ''} />
        </div>
        <Field label="Confirm password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
        <Button type="submit" loading={isSubmitting} disabled={token === undefined} className="mt-2 w-full py-3">
          Reset password
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-slate-500">
        <Link href={loginHref(role)} className="font-semibold text-brand-600 hover:text-brand-700 hover:underline">
          Back to sign in
        </Link>
      </p>
    </div>
  );
}

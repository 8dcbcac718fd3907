'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import type { ChangePasswordForm as Values } from '@/lib/accounts/password-schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { applyApiErrors } from './form-errors';
import { PasswordRules } from './password-rules';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<Values>(() => import('@/lib/accounts/password-schemas').then((m) => m.changePasswordFormSchema));

export const PASSWORD_CHANGED = 'Your password has been changed.';

/**
 * Current, new and confirm password. The confirmation never leaves the browser (spec §7); every
 * other session of the user is signed out by the API.
 */
export function ChangePasswordForm({ onDone, fullWidth = false }: { onDone?: () => void; fullWidth?: boolean }) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver, defaultValues: { oldPassword: '', password: '', confirmPassword: '' } });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ oldPassword, password }) => {
    setFailure(null);
    try {
      await api('/auth/change-password', { method: 'POST', body: { oldPassword, password } });
      reset();
      toast.show('success', PASSWORD_CHANGED);
      onDone?.();
    } catch (error) {
      const message = applyApiErrors(error, setError, ['oldPassword', 'password']);
      if (message) {
        setFailure(message);
        toast.show('error', message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="flex flex-col gap-4">
      {failure && <Alert type="error">{failure}</Alert>}
      <Field label="Current password" type="password" autoComplete="current-password" error={errors.oldPassword?.message} {...register('oldPassword')} />
      <div className="flex flex-col gap-2">
        <Field label="New password" type="password" autoComplete="new-password" error={errors.password?.message} {...register('password')} />
        <PasswordRules value={password ?? ''} />
      </div>
      <Field label="Confirm new password" type="password" autoComplete="new-password" error={errors.confirmPassword?.message} {...register('confirmPassword')} />
      <p className="text-xs text-slate-500">For your security, you will stay signed in here and be signed out on every other device.</p>
      <Button type="submit" loading={isSubmitting} className={fullWidth ? 'mt-2 w-full py-3' : 'self-start'}>
        Change password
      </Button>
    </form>
  );
}

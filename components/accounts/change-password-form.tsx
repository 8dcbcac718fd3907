'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import type { ChangePasswordForm as Values } from '@/lib/accounts/password-schemas';
import { useLightForm } from '@/lib/forms/use-light-form';
import { placeApiErrors } from './form-errors';
import { PasswordRules } from './password-rules';

// The schema (and zod) load on the first submit, not with the page; three text fields need no
// form library either (react-hook-form is about 9 kB of the settings pages' first load, issue 16).
const loadSchema = () => import('@/lib/accounts/password-schemas').then((m) => m.changePasswordFormSchema);
const EMPTY: Values = { oldPassword: '', password: '', confirmPassword: '' };

export const PASSWORD_CHANGED = 'Your password has been changed.';

/**
 * Current, new and confirm password. The confirmation never leaves the browser (spec §7); every
 * other session of the user is signed out by the API.
 */
export function ChangePasswordForm({ onDone, fullWidth = false }: { onDone?: () => void; fullWidth?: boolean }) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const { field, handleSubmit, values, submitting, setError, reset } = useLightForm<Values>(EMPTY, loadSchema);

  const onSubmit = handleSubmit(async ({ oldPassword, password }) => {
    setFailure(null);
    try {
      await api('/auth/change-password', { method: 'POST', body: { oldPassword, password } });
      reset();
      toast.show('success', PASSWORD_CHANGED);
      onDone?.();
    } catch (error) {
      const message = placeApiErrors(error, setError, ['oldPassword', 'password'] as const);
      if (message) {
        setFailure(message);
        toast.show('error', message);
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change password" className="flex flex-col gap-4">
      {failure && <Alert type="error">{failure}</Alert>}
      <Field label="Current password" type="password" autoComplete="current-password" {...field('oldPassword')} />
      <div className="flex flex-col gap-2">
        <Field label="New password" type="password" autoComplete="new-password" {...field('password')} />
        <PasswordRules value={values.password} />
      </div>
      <Field label="Confirm new password" type="password" autoComplete="new-password" {...field('confirmPassword')} />
      <p className="text-xs text-slate-500">For your security, you will stay signed in here and be signed out on every other device.</p>
      <Button type="submit" loading={submitting} className={fullWidth ? 'mt-2 w-full py-3' : 'self-start'}>
        Change password
      </Button>
    </form>
  );
}

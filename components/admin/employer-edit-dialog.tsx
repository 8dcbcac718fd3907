'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';
import type { CompanyUser } from '@/lib/admin/hooks';
import { errorsByField } from './form-errors';

/**
 * An admin helping a company user: correct name, email, phone (PATCH /admin/employer/{id}) or set
 * a new password (PATCH /admin/employers/change-password). Both are audited with who, whom, when.
 */
export function EmployerEditDialog({ userId, user, onClose }: { userId: number; user: CompanyUser | null; onClose: () => void }) {
  const [values, setValues] = useState({ first_name: user?.first_name ?? '', last_name: user?.last_name ?? '', email: user?.email ?? '', phone: user?.phone ? formatPhoneMask(user.phone) : '' });
  const [password, setPassword] = useState('');
  // Setting a password signs the user out everywhere: the first press says so, the second does it.
  const [confirmingPassword, setConfirmingPassword] = useState(false);
  const emailChanged = !!user && values.email.trim().toLowerCase() !== user.email.toLowerCase();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const toast = useToast();
  const qc = useQueryClient();
  // An emptied phone is sent as empty, so the server's "No phone provided" shows on the field (it was
  // left out, and the dialog said "User saved" with the old phone kept); a user who never had one
  // can still be saved without one.
  const saveDetails = useMutation({ mutationFn: () => api(`/admin/employer/${userId}`, { method: 'PATCH', body: { ...values, phone: values.phone || (user?.phone ? '' : undefined) } }) });
  const savePassword = useMutation({ mutationFn: () => api('/admin/employers/change-password', { method: 'PATCH', body: { employer_id: userId, password } }) });

  async function run(action: () => Promise<unknown>, done: string) {
    setErrors({});
    try {
      await action();
      toast.show('success', done);
      void qc.invalidateQueries({ queryKey: ['admin', 'companies'] });
      onClose();
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit company user" description="Your change is recorded in the audit log with your name and the time." size="lg">
      {errors.form && <Alert type="error">{errors.form}</Alert>}
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => saveDetails.mutateAsync(), 'User saved');
        }}
        className="grid gap-4 sm:grid-cols-2"
      >
        <Field label="First name" value={values.first_name} onChange={(e) => setValues((v) => ({ ...v, first_name: e.target.value }))} error={errors.first_name} />
        <Field label="Last name" value={values.last_name} onChange={(e) => setValues((v) => ({ ...v, last_name: e.target.value }))} error={errors.last_name} />
        <Field
          label="Email"
          type="email"
          value={values.email}
          onChange={(e) => setValues((v) => ({ ...v, email: e.target.value }))}
          error={errors.email}
          hint={emailChanged ? `Takes effect on save: they sign in with the new address from then on, and ${user?.email} stops working.` : undefined}
        />
        <Field label="Phone" inputMode="tel" value={values.phone} onChange={(e) => setValues((v) => ({ ...v, phone: formatPhoneMask(e.target.value) }))} error={errors.phone} />
        <div className="sm:col-span-2 sm:text-right">
          <Button type="submit" loading={saveDetails.isPending}>
            Save details
          </Button>
        </div>
      </form>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!confirmingPassword) return setConfirmingPassword(true);
          void run(() => savePassword.mutateAsync(), 'Password changed; the user was signed out everywhere');
        }}
        className="mt-6 flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-end"
      >
        <Field
          className="flex-1"
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setConfirmingPassword(false);
          }}
          error={errors.password}
        />
        <Button type="submit" variant={confirmingPassword ? 'danger' : 'secondary'} loading={savePassword.isPending}>
          {confirmingPassword ? 'Set password and sign out' : 'Set password'}
        </Button>
      </form>
      {confirmingPassword && (
        <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          Setting a password signs {user?.first_name || 'this user'} out of every device at once. Press “Set password and sign out” to go ahead.
        </p>
      )}
    </Dialog>
  );
}

'use client';

import * as RadixDialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import { PasswordRules } from '@/components/accounts/password-rules';
import { PasswordField } from '@/components/signup/password-field';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { api } from '@/lib/api/client';
import { revealFirstProblem } from '@/lib/browser/first-problem';
import { formatPhoneMask } from '@/lib/auth/phone';
import type { EmployeeView } from '@/lib/companies/employees';
import { splitApiErrors } from '@/lib/api/field-errors';
import { CloseIcon } from '@/components/ui/close-icon';
import { useReturnFocus } from '@/components/ui/use-return-focus';

type Values = { first_name: string; last_name: string; email: string; password: string; phone: string; role: 'company_user' | 'company_admin' };
const EMPTY: Values = { first_name: '', last_name: '', email: '', password: '', phone: '', role: 'company_user' };

/**
 * The add-employee slider (jobs spec §2), also used to edit one: a panel from the right with the
 * sign-up fields. Editing shows names, phone and role only (the employee changes their own email
 * and password).
 */
export function EmployeeSlider({
  base,
  employee,
  open,
  onOpenChange,
  onSaved,
}: {
  base: string;
  employee: EmployeeView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: EmployeeView, added: boolean) => void;
}) {
  const editing = !!employee;
  const [initial] = useState<Values>(() =>
    employee ? { ...EMPTY, first_name: employee.first_name, last_name: employee.last_name, email: employee.email, phone: employee.phone ? formatPhoneMask(employee.phone) : '', role: employee.role } : EMPTY,
  );
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const form = useRef<HTMLFormElement>(null);
  // Counted per refused save: errors also change as fields are fixed, and the focus must not jump
  // to the next problem while the user types.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) revealFirstProblem(form.current);
  }, [refusals]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (name: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [name]: name === 'phone' ? formatPhoneMask(value) : value }));
    // An edited field's error goes: it spoke of the value that was there.
    setErrors((e) => (name in e ? Object.fromEntries(Object.entries(e).filter(([f]) => f !== name)) : e));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    // An edit sends only what was changed: sent back as it was shown, an employee without a phone
    // (a driver who signed up through a social sign-in, then founded the company) was refused "No
    // phone provided", so their role could not be changed at all (their phone is their own).
    const changed = Object.fromEntries((['first_name', 'last_name', 'phone', 'role'] as const).filter((k) => values[k] !== initial[k]).map((k) => [k, values[k]]));
    if (editing && Object.keys(changed).length === 0) return onOpenChange(false);
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      const saved = editing
        ? (await api<EmployeeView>(`${base}/${employee.id}`, { method: 'PATCH', body: changed })).data
        : (await api<EmployeeView>(base, { method: 'POST', body: { ...values, tn_newsletters: false } })).data;
      onSaved(saved, !editing);
    } catch (error) {
      const { byField, general } = splitApiErrors(error);
      setErrors(byField);
      setFailure(general);
      setRefusals((n) => n + 1);
    } finally {
      setSaving(false);
    }
  }

  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <RadixDialog.Content onCloseAutoFocus={returnFocus} className="fixed inset-y-0 right-0 z-50 flex w-full max-w-md flex-col overflow-y-auto bg-white p-6 shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{editing ? 'Edit employee' : 'Add employee'}</RadixDialog.Title>
            <RadixDialog.Close aria-label="Close" className="-m-1 rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600">
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          <RadixDialog.Description className="mt-1 text-sm text-slate-500">
            {editing ? `${employee.email} keeps their email and password.` : 'They sign in with this email and password; you can send them a reset code later.'}
          </RadixDialog.Description>
          <form ref={form} onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
            {failure && <Alert type="error">{failure}</Alert>}
            <Field label="First name" autoComplete="off" value={values.first_name} error={errors.first_name} onChange={(e) => set('first_name', e.target.value)} />
            <Field label="Last name" autoComplete="off" value={values.last_name} error={errors.last_name} onChange={(e) => set('last_name', e.target.value)} />
            {!editing && <Field label="Email" type="email" autoComplete="off" value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} />}
            {!editing && (
              <div className="flex flex-col gap-2">
                <PasswordField label="Password" autoComplete="new-password" value={values.password} error={errors.password} onChange={(e) => set('password', e.target.value)} aria-describedby="employee-password-rules" />
                <PasswordRules id="employee-password-rules" value={values.password} />
              </div>
            )}
            <Field label="Phone" type="tel" autoComplete="off" placeholder="(555)555-5555" value={values.phone} error={errors.phone} onChange={(e) => set('phone', e.target.value)} />
            <div className="flex flex-col gap-1">
              <label htmlFor="employee-role" className="text-sm font-medium text-slate-700">
                Role
              </label>
              <select
                id="employee-role"
                value={values.role}
                onChange={(e) => set('role', e.target.value)}
                className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100"
              >
                <option value="company_user">Company user: posts and manages jobs</option>
                <option value="company_admin">Company admin: also manages the company and its employees</option>
              </select>
              {errors.role && <p className="text-xs text-red-600" role="alert">{errors.role}</p>}
            </div>
            <div className="mt-2 flex gap-3">
              <Button type="submit" loading={saving}>
                {editing ? 'Save changes' : 'Add employee'}
              </Button>
              <RadixDialog.Close asChild>
                <Button variant="ghost" disabled={saving}>
                  Cancel
                </Button>
              </RadixDialog.Close>
            </div>
          </form>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

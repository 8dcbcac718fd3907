'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api } from '@/lib/api/client';
import { formatPhoneMask } from '@/lib/auth/phone';
import { splitApiErrors } from '@/lib/api/field-errors';

type Employer = { first_name: string; last_name: string; email: string; phone: string | null; email_verified: boolean; email_to_verify: string | null };
type Values = { first_name: string; last_name: string; phone: string; email: string };

const FIELDS: { name: keyof Values; label: string; type?: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'first_name', label: 'First name', autoComplete: 'given-name' },
  { name: 'last_name', label: 'Last name', autoComplete: 'family-name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', wide: true },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
];

const valuesOf = (e: Employer): Values => ({ first_name: e.first_name, last_name: e.last_name, email: e.email, phone: e.phone ? formatPhoneMask(e.phone) : '' });

/**
 * The signed-in user's own account (GET/PATCH /employer). Only changed fields are sent. A new
 * email waits for the link mailed to it: the current one keeps working, and the form says which
 * address is pending.
 */
export function AccountSettingsForm() {
  const qc = useQueryClient();
  const toast = useToast();
  const q = useQuery({ queryKey: ['employer'], queryFn: async () => (await api<Employer>('/employer')).data });
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  if (q.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label="Loading your account" />
      </div>
    );
  }
  if (q.isError) return <Alert type="error">{failure ?? 'Your account could not be loaded. Reload the page to try again.'}</Alert>;
  const initial = valuesOf(q.data);
  const current = values ?? initial;
  const changed = Object.fromEntries(Object.entries(current).filter(([k, v]) => v !== initial[k as keyof Values]));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!Object.keys(changed).length) return;
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      const updated = (await api<Employer>('/employer', { method: 'PATCH', body: changed })).data;
      qc.setQueryData(['employer'], updated);
      setValues(null);
      toast.show('success', updated.email_to_verify && changed.email ? `Updated successfully. We sent a link to ${updated.email_to_verify}: open it to switch your email.` : 'Updated successfully');
    } catch (error) {
      const { byField, general } = splitApiErrors(error);
      setErrors(byField);
      setFailure(general);
    } finally {
      setSaving(false);
    }
  }

  const pending = q.data.email_to_verify;
  return (
    <form onSubmit={save} noValidate aria-labelledby="acct-title" className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="acct-title" className="text-base font-semibold text-slate-900">
        Your account
      </h2>
      <p className="mt-1 text-sm text-slate-500">Your name, email and phone. The email is also how you sign in.</p>
      {failure && (
        <div className="mt-4">
          <Alert type="error">{failure}</Alert>
        </div>
      )}
      {pending && (
        <div className="mt-4">
          <Alert type="warning">
            <span data-testid="pending-email">
              Waiting for <strong>{pending}</strong> to be verified: open the link we sent there. Until then you keep signing in with {q.data.email}.
            </span>
          </Alert>
        </div>
      )}
      <div className="mt-5 grid max-w-2xl gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <Field
            key={f.name}
            id={`acct-${f.name}`}
            className={f.wide ? 'sm:col-span-2' : undefined}
            label={f.label}
            type={f.type ?? 'text'}
            autoComplete={f.autoComplete}
            value={current[f.name]}
            error={errors[f.name]}
            onChange={(e) => setValues({ ...current, [f.name]: f.name === 'phone' ? formatPhoneMask(e.target.value) : e.target.value })}
            hint={f.name === 'email' ? (q.data.email_verified ? 'Verified' : 'Not verified yet') : undefined}
          />
        ))}
      </div>
      <div className="mt-6 flex gap-3">
        <Button type="submit" loading={saving} disabled={!Object.keys(changed).length}>
          Save changes
        </Button>
        {values && Object.keys(changed).length > 0 && (
          <Button variant="ghost" onClick={() => setValues(null)} disabled={saving}>
            Discard
          </Button>
        )}
      </div>
    </form>
  );
}

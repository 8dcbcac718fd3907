'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { splitApiErrors } from '@/lib/api/field-errors';
import { COMPANY_SIZES } from '@/lib/companies/create-payload';
import { UPDATED } from '@/components/ui/messages';
import { formatPhoneMask } from '@/lib/auth/phone';

type Company = Record<string, string | number | null> & { id: number; billing_type: 'CELERO' | 'CONTRACT'; updated_at?: string };

type FieldDef = { name: string; label: string; kind?: 'text' | 'email' | 'tel' | 'size'; autoComplete?: string; wide?: boolean };

export const COMPANY_FIELDS: FieldDef[] = [
  { name: 'company_name', label: 'Company name', autoComplete: 'organization', wide: true },
  { name: 'size', label: 'Company size', kind: 'size' },
  { name: 'phone', label: 'Phone', kind: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Billing email', kind: 'email', autoComplete: 'email', wide: true },
];

const selectClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm shadow-sm outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

/** The phone as every form shows it, (214)555-0100 (the API takes it so and stores the digits). */
const shown = (name: string, value: string) => (name === 'phone' ? formatPhoneMask(value) : value);

/**
 * The company details section of the profile (GET/PATCH /companies/{id}); the address has its
 * own tab built on the shared address field (components/companies/company-address-settings.tsx).
 * Only changed fields are sent; the API's messages show under their fields.
 */
export function CompanySettingsForm({ companyId, fields, title, description }: { companyId: number; fields: FieldDef[]; title: string; description: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: ['companies', companyId], queryFn: async () => (await api<Company>(`/companies/${companyId}`)).data });
  const [values, setValues] = useState<Record<string, string> | null>(null);
  // What the edits started from: the version (If-Match) and the fields as they were shown then.
  const [base, setBase] = useState<{ version?: string; shown: Record<string, string> } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label="Loading your company" />
      </div>
    );
  }
  if (query.isError) return <Alert type="error">{errorMessage(query.error)}</Alert>;

  const company = query.data;
  const initial = Object.fromEntries(fields.map((f) => [f.name, shown(f.name, String(company[f.name] ?? ''))]));
  const current = values ?? initial;
  const changed = Object.fromEntries(Object.entries(current).filter(([k, v]) => v !== initial[k]));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!Object.keys(changed).length) return;
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      // The version the edits started from, so a save does not put back what changed meanwhile
      // (another tab, a colleague): 412. A refresh that changed none of this form's fields (the
      // logo beside it) moves it on, so the logo upload does not refuse the details.
      const untouched = !base || fields.every((f) => base.shown[f.name] === initial[f.name]);
      const version = untouched ? company.updated_at : base.version;
      const headers = version ? { 'if-match': `"${version}"` } : undefined;
      const updated = (await api<Company>(`/companies/${companyId}`, { method: 'PATCH', body: changed, headers })).data;
      qc.setQueryData(['companies', companyId], updated);
      setValues(null);
      setBase(null);
      toast.show('success', UPDATED);
    } catch (error) {
      const { byField, general } = splitApiErrors(error);
      setErrors(byField);
      setFailure(general);
    } finally {
      setSaving(false);
    }
  }

  const set = (name: string, value: string) => {
    if (!values) setBase({ version: company.updated_at, shown: initial });
    setValues({ ...current, [name]: shown(name, value) });
  };

  return (
    <form onSubmit={save} noValidate className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="section-title">
      <h2 id="section-title" className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
      {failure && (
        <div className="mt-4">
          <Alert type="error">{failure}</Alert>
        </div>
      )}
      <div className="mt-5 grid max-w-2xl gap-4 sm:grid-cols-2">
        {fields.map((f) =>
          f.kind === 'size' ? (
            <div key={f.name} className={`flex flex-col gap-1 ${f.wide ? 'sm:col-span-2' : ''}`}>
              <label htmlFor={`cs-${f.name}`} className="text-sm font-medium text-slate-700">
                {f.label}
              </label>
              <select id={`cs-${f.name}`} className={selectClass} value={current[f.name]} onChange={(e) => set(f.name, e.target.value)} aria-invalid={!!errors[f.name] || undefined}>
                <option value="">Select…</option>
                {COMPANY_SIZES.map((s) => (
                  <option key={s} value={s}>
                    {s} employees
                  </option>
                ))}
              </select>
              {errors[f.name] && <p className="text-xs text-red-600" role="alert">{errors[f.name]}</p>}
            </div>
          ) : (
            <Field
              key={f.name}
              id={`cs-${f.name}`}
              className={f.wide ? 'sm:col-span-2' : undefined}
              label={f.label}
              type={f.kind ?? 'text'}
              autoComplete={f.autoComplete}
              value={current[f.name]}
              error={errors[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
            />
          ),
        )}
      </div>
      {fields === COMPANY_FIELDS && (
        <p className="mt-4 text-sm text-slate-500">
          Billing type: <span className="font-medium text-slate-700">{company.billing_type === 'CONTRACT' ? 'Invoice' : 'Credit Card'}</span> (an admin changes it).
        </p>
      )}
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

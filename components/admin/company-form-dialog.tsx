'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { formatPhoneMask } from '@/lib/auth/phone';
import { useAdminCompany, useSaveCompany, type AdminCompanyBody } from '@/lib/admin/hooks';
import { errorsByField } from './form-errors';

const EMPTY: AdminCompanyBody = { company_name: '', email: '', billing_type: 'CELERO', type: 2, street1: '', phone: '' };
/** What a billing-type switch of an existing company changes, shown under the choice before it is saved. */
export const BILLING_SWITCH_HINT: Record<AdminCompanyBody['billing_type'], string> = {
  CONTRACT: "From its next order on, renewals included, this company's jobs are invoiced instead of charged to its card. Orders already paid stay as they are.",
  CELERO: 'From its next order on, renewals included, this company pays by card instead of by invoice; a renewal without a saved card fails and the company is mailed. Invoices already sent stay due.',
};
const selectClass = 'rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-sm';

/**
 * Create or edit a company (jobs spec §3 payload: name, billing email, billing type, plan type,
 * street, phone). The server's schema checks it; its messages show under the fields.
 */
export function CompanyFormDialog({ companyId, onClose }: { companyId: number | null; onClose: () => void }) {
  const existing = useAdminCompany(companyId);
  const title = companyId ? 'Edit company' : 'Create company';
  const c = existing.data;
  const initial: AdminCompanyBody | null = c
    ? { company_name: c.company_name, email: c.email ?? '', billing_type: c.billing_type, type: c.type === 1 ? 1 : 2, street1: c.street1 ?? '', phone: c.phone ? formatPhoneMask(c.phone) : '' }
    : companyId
      ? null
      : EMPTY;
  // One dialog from the loading state to the form: two in turn closed the first as the form came,
  // and its focus return took the focus back to the Edit button behind the form.
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} size="lg">
      {initial ? (
        <CompanyForm companyId={companyId} initial={initial} version={c?.updated_at} onClose={onClose} />
      ) : existing.isError ? (
        <Alert type="error">{errorsByField(existing.error).form}</Alert>
      ) : (
        <Spinner label="Loading the company" />
      )}
    </Dialog>
  );
}

function CompanyForm({ companyId, initial, version, onClose }: { companyId: number | null; initial: AdminCompanyBody; version?: string; onClose: () => void }) {
  // The form sends every field: the version it opened keeps it from putting back a change made since.
  const save = useSaveCompany(companyId, version);
  const toast = useToast();
  const [values, setValues] = useState<AdminCompanyBody>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = <K extends keyof AdminCompanyBody>(key: K, value: AdminCompanyBody[K]) => setValues((v) => ({ ...v, [key]: value }));
  // Said before saving: the switch changes how every later order of the company is paid.
  const switching = companyId !== null && values.billing_type !== initial.billing_type;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setErrors({});
    try {
      const body = { ...values, phone: values.phone || undefined };
      const saved = await save.mutateAsync(body);
      toast.show('success', companyId ? `${saved.company_name} saved` : `${saved.company_name} created`);
      onClose();
    } catch (error) {
      setErrors(errorsByField(error));
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2">
      {errors.form && (
        <div className="sm:col-span-2">
          <Alert type="error">{errors.form}</Alert>
        </div>
      )}
      <Field label="Company name" value={values.company_name} onChange={(e) => set('company_name', e.target.value)} error={errors.company_name} autoFocus required />
      <Field label="Billing email" type="email" value={values.email} onChange={(e) => set('email', e.target.value)} error={errors.email} required />
      <div className="flex flex-col gap-1">
        <label htmlFor="company-billing-type" className="text-sm font-medium text-slate-700">
          Billing type
        </label>
        <select
          id="company-billing-type"
          className={selectClass}
          value={values.billing_type}
          aria-describedby={switching ? 'company-billing-switch' : undefined}
          onChange={(e) => set('billing_type', e.target.value as AdminCompanyBody['billing_type'])}
        >
          <option value="CELERO">Credit Card</option>
          <option value="CONTRACT">Invoice</option>
        </select>
        {switching && (
          <p id="company-billing-switch" className="text-xs text-amber-800" data-testid="billing-switch-hint">
            {BILLING_SWITCH_HINT[values.billing_type]}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="company-type" className="text-sm font-medium text-slate-700">
          Type
        </label>
        <select id="company-type" className={selectClass} value={values.type} onChange={(e) => set('type', Number(e.target.value) as 1 | 2)}>
          <option value={1}>Enterprise</option>
          <option value={2}>Self-Service</option>
        </select>
      </div>
      <Field label="Street" value={values.street1} onChange={(e) => set('street1', e.target.value)} error={errors.street1} />
      <Field label="Phone" inputMode="tel" placeholder="(999)999-9999" value={values.phone} onChange={(e) => set('phone', formatPhoneMask(e.target.value))} error={errors.phone} />
      <div className="flex flex-col-reverse gap-2 sm:col-span-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={save.isPending}>
          {companyId ? 'Save' : 'Create company'}
        </Button>
      </div>
    </form>
  );
}

'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AddressField } from '@/components/address/address-field';
import { UPDATED } from '@/components/ui/messages';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Alert, Spinner } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, ApiError, errorMessage } from '@/lib/api/client';
import type { CompanyAddressForm } from '@/lib/companies/schemas';
import { useLightForm } from '@/lib/forms/use-light-form';
import { toAddressChoice, toAddressPayload, type CompanyAddress } from '@/lib/companies/address-choice';

// The schema (and zod) load on the first submit, not with the page; two fields need no form library
// (react-hook-form is about 9 kB of this page's first load, issue 16).
const loadSchema = () => import('@/lib/companies/schemas').then((m) => m.companyAddressFormSchema);

/** The company as this tab reads it: its address, and its version for If-Match. */
type Company = CompanyAddress & { id: number; updated_at?: string };

/**
 * The company's address tab: the same US address field as sign-up (Google Places with a map, or
 * the offline gazetteer), so a settings change goes through the same rules (US only, a real place,
 * coordinates for the map and the candidates' distances) as the first address did.
 */
export function CompanyAddressSettings({ companyId, title, description }: { companyId: number; title: string; description: string }) {
  const query = useQuery({ queryKey: ['companies', companyId], queryFn: async () => (await api<Company>(`/companies/${companyId}`)).data });
  if (query.isPending) {
    return (
      <div className="flex min-h-48 items-center justify-center">
        <Spinner size="large" label="Loading your company" />
      </div>
    );
  }
  if (query.isError) return <Alert type="error">{errorMessage(query.error)}</Alert>;
  // Keyed by the saved address so a save (or another tab's change, on refetch) resets the form.
  return <AddressForm key={`${query.data.street1}|${query.data.city}|${query.data.postal_code}|${query.data.street2}`} company={query.data} companyId={companyId} title={title} description={description} />;
}

function AddressForm({ company, companyId, title, description }: { company: Company; companyId: number; title: string; description: string }) {
  const qc = useQueryClient();
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const [initial] = useState<CompanyAddressForm>(() => ({ location: toAddressChoice(company), street2: company.street2 ?? '' }));
  const { field, control, handleSubmit, reset, setError, submitting, dirty } = useLightForm(initial, loadSchema);
  // The version this form opened (then its own last save): a save over one made elsewhere since is
  // refused (412, its message shown above the fields, what was typed kept), not written over it.
  const [version, setVersion] = useState(company.updated_at);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const headers = version ? { 'if-match': `"${version}"` } : undefined;
      const updated = (await api<Company>(`/companies/${companyId}`, { method: 'PATCH', body: toAddressPayload(values), headers })).data;
      setVersion(updated.updated_at);
      qc.setQueryData(['companies', companyId], updated);
      toast.show('success', UPDATED);
    } catch (error) {
      const list = error instanceof ApiError ? error.errors : [];
      const fieldError = list.find((x) => x.field);
      if (fieldError) setError(fieldError.field === 'street2' ? 'street2' : 'location', fieldError.message);
      else setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="section-title">
      <h2 id="section-title" className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
      {failure && (
        <div className="mt-4">
          <Alert type="error">{failure}</Alert>
        </div>
      )}
      <div className="mt-5 flex max-w-2xl flex-col gap-4">
        <AddressField label="Company address" hint="Start with the street address, the city or the ZIP code, then pick a suggestion." {...control('location')} showMap />
        <Field label="Suite, unit or floor (optional)" autoComplete="address-line2" placeholder="e.g. Suite 200" {...field('street2')} />
      </div>
      <div className="mt-6 flex gap-3">
        <Button type="submit" loading={submitting} disabled={!dirty}>
          Save changes
        </Button>
        {dirty && (
          <Button variant="ghost" onClick={() => reset()} disabled={submitting}>
            Discard
          </Button>
        )}
      </div>
    </form>
  );
}

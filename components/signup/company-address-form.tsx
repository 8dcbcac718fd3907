'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AddressField } from '@/components/address/address-field';
import { Button } from '@/components/ui/button';
import { useHydrated } from './use-hydrated';
import { Field } from '@/components/ui/field';
import { Alert } from '@/components/ui/states';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api/client';
import { toCreateCompanyPayload } from '@/lib/companies/create-payload';
import type { CompanyAddressForm, CompanyInfoForm } from '@/lib/companies/schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import type { CompanyView } from '@/lib/companies/view';
import { useFinishOnboarding } from './finish-onboarding';
import { Card, StepHeader } from './onboarding-frame';
import { keptLogo, readStep, writeStep } from './onboarding-storage';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<CompanyAddressForm>(() => import('@/lib/companies/schemas').then((m) => m.companyAddressFormSchema));

async function dataUrlToBlob(dataUrl: string) {
  return (await fetch(dataUrl)).blob();
}

/** Step 2: the company's US address; then the company is created (and its logo uploaded) and the user lands on the jobs. */
export function CompanyAddressStep({ userId }: { userId: number }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const toast = useToast();
  const finish = useFinishOnboarding();
  const [info, setInfo] = useState<CompanyInfoForm | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const {
    control,
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CompanyAddressForm>({
    resolver,
    defaultValues: { location: null, street2: '' },
  });

  // The first step must be done; what was chosen here before a reload comes back.
  useEffect(() => {
    const stored = readStep('companyInfo');
    if (stored?.userId !== userId || !stored.companyName || !stored.companySize) {
      router.replace('/company-info');
      return;
    }
    setInfo({ companyName: stored.companyName, companySize: stored.companySize });
    const address = readStep('companyAddress');
    if (address?.userId === userId) reset({ location: address.location, street2: address.street2 ?? '' });
  }, [router, reset, userId]);

  useEffect(() => {
    const sub = watch((v) => {
      const location = (v.location ?? null) as CompanyAddressForm['location'];
      writeStep('companyAddress', { userId, location, street2: v.street2 ?? '' });
      writeStep('companyLocation', location ? location.coordinates : null);
    });
    return () => sub.unsubscribe();
  }, [watch, userId]);

  const onSubmit = handleSubmit(async (values) => {
    if (!info) return;
    setFailure(null);
    try {
      const { data: company } = await api<CompanyView>('/companies', { method: 'POST', body: toCreateCompanyPayload(info, values) });
      const logo = keptLogo();
      if (logo) {
        try {
          const form = new FormData();
          form.append('logo', await dataUrlToBlob(logo), 'logo.webp');
          await api(`/companies/${company.id}/logo`, { method: 'PUT', body: form });
        } catch (error) {
          toast.show('warning', `Your company was created, but the logo was not saved (${errorMessage(error)}). You can add it in Settings.`);
        }
      }
      setLeaving(true);
      toast.show('success', `${company.company_name} is ready. Post your first job!`);
      await finish();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  });

  if (!info) return null;

  return (
    <>
      <StepHeader step={2} title="Where is your company based?" subtitle="We use your location to show your jobs to drivers nearby. US addresses only." />
      <Card>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label="Company address">
          <Controller
            control={control}
            name="location"
            render={({ field, fieldState }) => (
              <AddressField
                label="Company address"
                hint="Start with the street address, the city or the ZIP code, then pick a suggestion."
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldState.error?.message}
                autoFocus
                showMap
              />
            )}
          />
          <Field label="Suite, unit or floor (optional)" autoComplete="address-line2" placeholder="e.g. Suite 200" error={errors.street2?.message} {...register('street2')} />

          <div className="rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-600">
            <span className="font-medium text-slate-800">{info.companyName}</span> · {info.companySize} employees
          </div>

          {failure && <Alert type="error">{failure}</Alert>}

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <Link href="/company-info" className="rounded-lg px-4 py-2.5 text-center text-sm font-semibold text-slate-600 transition hover:bg-slate-100">
              Back
            </Link>
            <Button type="submit" disabled={!hydrated} loading={isSubmitting || leaving} className="py-3 sm:px-8">
              Create company
            </Button>
          </div>
        </form>
      </Card>
    </>
  );
}

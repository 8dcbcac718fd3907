'use client';

import { clsx } from 'clsx';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { useHydrated } from './use-hydrated';
import { Field } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { COMPANY_SIZES } from '@/lib/companies/create-payload';
import type { CompanyInfoForm } from '@/lib/companies/schemas';
import { lazyZodResolver } from '@/lib/forms/lazy-resolver';
import { LogoPicker, type PickedLogo } from './logo-picker';
import { clearOnboarding, keepLogo, keptLogo, readStep, writeStep } from './onboarding-storage';
import { Card, StepHeader } from './onboarding-frame';

// The schema (and zod) load on the first validation, not with the page.
const resolver = lazyZodResolver<CompanyInfoForm>(() => import('@/lib/companies/schemas').then((m) => m.companyInfoFormSchema));

/** Step 1 of company creation: name, size and an optional logo, kept in the browser until the company exists. */
export function CompanyInfoStep({ userId, firstName }: { userId: number; firstName: string }) {
  const hydrated = useHydrated();
  const router = useRouter();
  const toast = useToast();
  const [logo, setLogo] = useState<{ dataUrl: string; fileName?: string } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CompanyInfoForm>({ resolver, defaultValues: { companyName: '', companySize: undefined } });

  useEffect(() => {
    const info = readStep('companyInfo');
    // Another account's unfinished company (a shared computer) is not this user's to see: it goes.
    if (info && info.userId !== userId) clearOnboarding();
    if (info?.userId === userId) {
      reset({ companyName: info.companyName, companySize: info.companySize || undefined });
      const image = keptLogo();
      if (image) setLogo({ dataUrl: image, fileName: info.logoFileName });
    }
  }, [reset, userId]);

  const size = watch('companySize');

  const onSubmit = handleSubmit(async (values) => {
    writeStep('companyInfo', { userId, ...values, logoFileName: logo?.fileName });
    router.push('/company-address');
  });

  const onLogo = (picked: PickedLogo | null) => {
    setLogo(picked);
    if (!keepLogo(picked?.dataUrl ?? null) && picked) toast.show('warning', 'Your browser could not keep the logo: it will be used, but a reload will drop it.');
    writeStep('imageResize', picked ? { width: picked.width, height: picked.height, size: picked.size } : null);
  };

  return (
    <>
      <StepHeader step={1} title={firstName ? `Welcome, ${firstName}! Tell us about your company` : 'Tell us about your company'} subtitle="Drivers see your company name and logo on every job you post." />
      <Card>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Company information">
          <Field label="Company name" autoComplete="organization" placeholder="e.g. Lone Star Haulers" autoFocus error={errors.companyName?.message} {...register('companyName')} />

          <fieldset className="flex flex-col gap-2" aria-describedby={errors.companySize ? 'company-size-error' : undefined}>
            <legend className="mb-2 text-sm font-medium text-slate-700">How many people work at your company?</legend>
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {COMPANY_SIZES.map((bucket) => (
                <label
                  key={bucket}
                  className={clsx(
                    'flex cursor-pointer flex-col items-center justify-center rounded-lg border px-2 py-2.5 text-center transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                    size === bucket ? 'border-brand-600 bg-brand-50 text-brand-700 shadow-sm' : 'border-slate-300 bg-white text-slate-700 hover:border-brand-400',
                  )}
                >
                  <input type="radio" value={bucket} className="sr-only" {...register('companySize')} />
                  <span className="text-sm font-semibold">{bucket}</span>
                  <span className="text-[0.7rem] text-slate-600">employees</span>
                </label>
              ))}
            </div>
            {errors.companySize && (
              <p id="company-size-error" role="alert" className="text-xs text-red-600">
                {errors.companySize.message}
              </p>
            )}
          </fieldset>

          <LogoPicker value={logo?.dataUrl ?? null} fileName={logo?.fileName} onChange={onLogo} />

          <Button type="submit" disabled={!hydrated} loading={isSubmitting} className="w-full py-3">
            Continue
          </Button>
        </form>
      </Card>
    </>
  );
}

'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Spinner } from '@/components/ui/states';
import { useCompanyChoice, type CompanyChoice } from '@/lib/companies/hooks';
import type { DraftAddress, JobContentValues } from '@/lib/jobs/draft';
import type { JobDetail } from '@/lib/jobs/serialize';
import type { FlowMode, StepKey } from './flow';

/*
 * What the wizard's three screens share. Each screen is a module of its own (content-screen.tsx,
 * address-screen.tsx, addons-screen.tsx) and loads its step as a chunk of its own, so a wizard page
 * ships the step it shows, not all three (issue 16).
 */

/** Once a step shows, the next ones load in the background, so moving on never waits for code. */
export function usePreloadedSteps() {
  useEffect(() => {
    void import('./address-screen');
    void import('./addons-screen');
  }, []);
}

export type ScreenProps = { mode: FlowMode; job?: JobDetail };

export const detailHref = (job?: JobDetail) => `/company/jobs/${job?.id}/detail`;

/** What happens to the money after this step. */
export function addonsNote(mode: FlowMode, job?: JobDetail) {
  if (mode === 'edit' && job && job.payment_status !== 'pending') return 'Add-ons you add to a live job are paid on the next step.';
  return `You pay on the next step; nothing is charged yet.`;
}

/** How far a draft really is: which of its steps pass the API's own rules. */
export type DraftProgress = { content: boolean; addresses: boolean };

/**
 * The draft keeps what is typed as it changes, so a draft's content can be half written: having
 * some is not having finished the step. Checked with the step's own schema (validation.ts, loaded
 * on demand, as the steps load it); null until checked. The edit flow works on a saved job, whose
 * steps are all open.
 */
export function useDraftProgress(mode: FlowMode, content: JobContentValues | null, addresses: DraftAddress[]): DraftProgress | null {
  const [checked, setChecked] = useState<{ of: [unknown, unknown]; progress: DraftProgress } | null>(null);
  useEffect(() => {
    if (mode === 'edit') return;
    let live = true;
    void import('./validation').then(({ jobContentFormSchema, addressError }) => {
      if (!live) return;
      const progress = {
        content: !!content && jobContentFormSchema.safeParse(content).success,
        addresses: addresses.length > 0 && addresses.every((a) => !addressError(a)),
      };
      setChecked({ of: [content, addresses], progress });
    });
    return () => {
      live = false;
    };
  }, [mode, content, addresses]);
  if (mode === 'edit') return ALL_DONE;
  // A result for an earlier draft is not an answer for this one.
  return checked && checked.of[0] === content && checked.of[1] === addresses ? checked.progress : null;
}

const ALL_DONE: DraftProgress = { content: true, addresses: true };

/** Steps a draft has reached (its finished steps can be reopened from the indicator). */
export function reachableSteps(progress: DraftProgress | null): StepKey[] {
  const steps: StepKey[] = ['content'];
  if (progress?.content) steps.push('address');
  if (progress?.content && progress.addresses) steps.push('addons');
  return steps;
}

/** A later step opened without the earlier ones done goes back to where the draft stops. */
export function useStepGuard(ready: boolean, missing: string | null) {
  const router = useRouter();
  useEffect(() => {
    if (ready && missing) router.replace(missing);
  }, [ready, missing, router]);
}

/**
 * Only staff see the company picker: loaded when it shows, so it is no first-load JS of the wizard
 * (an employer's /company/jobs/new was over its budget by a few bytes with it, issue 16).
 */
const CompanyPicker = dynamic(() => import('@/components/companies/company-picker').then((m) => m.CompanyPicker), {
  ssr: false,
  loading: () => <Spinner label="Loading companies" />,
});

/**
 * Staff (admins, internal users) post for a company: they choose it before writing the job. A
 * copied job's company comes with the copy (named once loaded).
 */
export function CompanyFirst({ company, onChange }: { company: CompanyChoice | null; onChange: (c: CompanyChoice) => void }) {
  const named = useCompanyChoice(company && !company.company_name ? company.id : null);
  return (
    <div className="mb-6 max-w-xl">
      <CompanyPicker value={named.data ?? company} onChange={onChange} label="Company" hint="The job is posted for this company and paid for by it." autoFocus={!company} />
    </div>
  );
}


'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { useCompanyChoice, type CompanyChoice } from '@/lib/companies/hooks';
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

/** Steps a draft has reached (its finished steps can be reopened from the indicator). */
export function reachableSteps(content: unknown, addressCount: number): StepKey[] {
  const steps: StepKey[] = ['content'];
  if (content) steps.push('address');
  if (content && addressCount) steps.push('addons');
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


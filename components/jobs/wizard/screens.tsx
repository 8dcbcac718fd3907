'use client';

import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { CompanyPicker } from '@/components/companies/company-picker';
import { EmptyState } from '@/components/ui/states';
import { useCompanyChoice, type CompanyChoice } from '@/lib/companies/hooks';
import type { JobDetail } from '@/lib/jobs/serialize';
import type { FlowMode, StepKey } from './flow';
import { useWizard } from './use-wizard';
import { WizardFrame, WizardLoading } from './wizard-frame';

// Each step is its own chunk: a wizard page ships the step it shows, not all three (issue 16).
const ContentStep = dynamic(() => import('./content-step').then((m) => m.ContentStep), { loading: () => <WizardLoading /> });
const AddressStep = dynamic(() => import('./address-step').then((m) => m.AddressStep), { loading: () => <WizardLoading /> });
const AddonsStep = dynamic(() => import('./addons-step').then((m) => m.AddonsStep), { loading: () => <WizardLoading /> });

/** Once a step shows, the next ones load in the background, so moving on never waits for code. */
function usePreloadedSteps() {
  useEffect(() => {
    void import('./address-step');
    void import('./addons-step');
  }, []);
}

type ScreenProps = { mode: FlowMode; job?: JobDetail };

const detailHref = (job?: JobDetail) => `/company/jobs/${job?.id}/detail`;

/** What happens to the money after this step. */
function addonsNote(mode: FlowMode, job?: JobDetail) {
  if (mode === 'edit' && job && job.payment_status !== 'pending') return 'Add-ons you add to a live job are paid on the next step.';
  return `You pay on the next step; nothing is charged yet.`;
}

/** Steps a draft has reached (its finished steps can be reopened from the indicator). */
function reachableSteps(content: unknown, addressCount: number): StepKey[] {
  const steps: StepKey[] = ['content'];
  if (content) steps.push('address');
  if (content && addressCount) steps.push('addons');
  return steps;
}

/** A later step opened without the earlier ones done goes back to where the draft stops. */
function useStepGuard(ready: boolean, missing: string | null) {
  const router = useRouter();
  useEffect(() => {
    if (ready && missing) router.replace(missing);
  }, [ready, missing, router]);
}

/**
 * Staff (admins, internal users) post for a company: they choose it before writing the job. A
 * copied job's company comes with the copy (named once loaded).
 */
function CompanyFirst({ company, onChange }: { company: CompanyChoice | null; onChange: (c: CompanyChoice) => void }) {
  const named = useCompanyChoice(company && !company.company_name ? company.id : null);
  return (
    <div className="mb-6 max-w-xl">
      <CompanyPicker value={named.data ?? company} onChange={onChange} label="Company" hint="The job is posted for this company and paid for by it." autoFocus={!company} />
    </div>
  );
}

/** `chooseCompany`: the caller belongs to no company and picks the one to post for (staff). */
export function ContentScreen({ mode, job, chooseCompany = false }: ScreenProps & { chooseCompany?: boolean }) {
  const w = useWizard(mode, job);
  usePreloadedSteps();
  const asksCompany = chooseCompany && mode !== 'edit';
  const [epoch, setEpoch] = useState(0);
  // Whether this visit found a draft: decided once, when the draft is first readable (not while typing).
  const [restored, setRestored] = useState<boolean | null>(null);
  if (restored === null && w.ready && mode === 'new') setRestored(!!w.draft?.content);
  return (
    <WizardFrame mode={mode} step="content" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(w.content, w.addresses.length)}>
      {restored && (
        <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900" role="status">
          <span>
            {w.draft?.jobId ? 'You are continuing a posting that waits for payment.' : 'Your draft was kept on this device.'} Pick up where you left off, or start
            over.
          </span>
          <button
            type="button"
            className="font-semibold text-sky-800 underline underline-offset-2 hover:text-sky-950"
            onClick={() => {
              w.startOver();
              setRestored(false);
              setEpoch((n) => n + 1);
            }}
          >
            Start over
          </button>
        </div>
      )}
      {w.ready && asksCompany && <CompanyFirst company={w.company} onChange={w.chooseCompany} />}
      {w.ready && asksCompany && !w.company ? (
        <EmptyState title="Choose the company first">Search for the company this job is for by its name or city; then write the job.</EmptyState>
      ) : w.ready ? (
        <ContentStep
          key={epoch}
          mode={mode}
          initial={w.content}
          saving={w.saving}
          cancelHref={job ? detailHref(job) : '/company/jobs'}
          onSubmit={w.saveContent}
          onDraftChange={mode === 'edit' ? undefined : w.rememberContent}
          onVideoUpload={mode === 'edit' ? undefined : w.rememberUploadResult}
        />
      ) : (
        <WizardLoading />
      )}
    </WizardFrame>
  );
}

export function AddressScreen({ mode, job }: ScreenProps) {
  const w = useWizard(mode, job);
  usePreloadedSteps();
  useStepGuard(w.ready, mode !== 'edit' && !w.content ? w.paths.content : null);
  return (
    <WizardFrame mode={mode} step="address" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(w.content, w.addresses.length)}>
      {w.ready && (mode === 'edit' || w.content) ? (
        <AddressStep mode={mode} initial={w.addresses} saving={w.saving} backHref={mode === 'edit' ? detailHref(job) : w.paths.content} onSubmit={w.saveAddresses} onDraftChange={w.rememberAddresses} />
      ) : (
        <WizardLoading />
      )}
    </WizardFrame>
  );
}

export function AddonsScreen({ mode, job }: ScreenProps) {
  const w = useWizard(mode, job);
  const missing = mode === 'edit' ? null : !w.content ? w.paths.content : !w.addresses.length ? w.paths.address : null;
  useStepGuard(w.ready, missing);
  return (
    <WizardFrame mode={mode} step="addons" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(w.content, w.addresses.length)}>
      {w.ready && w.addons && !missing ? (
        <AddonsStep
          mode={mode}
          initial={w.addons}
          initialAutoRenew={w.autoRenew}
          addressCount={w.addresses.length}
          saving={w.saving}
          backHref={mode === 'edit' ? detailHref(job) : w.paths.address}
          summaryNote={addonsNote(mode, job)}
          onChange={w.rememberAddons}
          onSubmit={w.saveAddons}
        />
      ) : (
        <WizardLoading />
      )}
    </WizardFrame>
  );
}

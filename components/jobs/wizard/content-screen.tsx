'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { EmptyState } from '@/components/ui/states';
import { CompanyFirst, detailHref, reachableSteps, usePreloadedSteps, type ScreenProps } from './screen-parts';
import { useWizard } from './use-wizard';
import { WizardFrame, WizardLoading } from './wizard-frame';

// The step is its own chunk: a wizard page ships the step it shows, not all three (issue 16).
const ContentStep = dynamic(() => import('./content-step').then((m) => m.ContentStep), { loading: () => <WizardLoading /> });

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
    <WizardFrame mode={mode} step="content" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(w.progress)}>
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

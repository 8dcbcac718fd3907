'use client';

import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { livePaid } from './live-paid';
import { detailHref, reachableSteps, usePreloadedSteps, useStepGuard, type ScreenProps } from './screen-parts';
import { useWizard } from './use-wizard';
import { WizardFrame, WizardLoading } from './wizard-frame';

// The step is its own chunk: a wizard page ships the step it shows, not all three (issue 16).
const AddressStep = dynamic(() => import('./address-step').then((m) => m.AddressStep), { loading: () => <WizardLoading /> });

export function AddressScreen({ mode, job }: ScreenProps) {
  const w = useWizard(mode, job);
  // One object per job: the step keys its free places in an effect on it, which a new object on
  // every render of this screen (each keystroke saved to the draft) would run again.
  const live = useMemo(() => livePaid(mode, job), [mode, job]);
  usePreloadedSteps();
  useStepGuard(w.ready && !!w.progress, w.progress && !w.progress.content ? w.paths.content : null);
  return (
    <WizardFrame mode={mode} step="address" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(w.progress)}>
      {w.ready && w.progress?.content ? (
        <AddressStep mode={mode} live={live} initial={w.addresses} saving={w.saving} backHref={mode === 'edit' ? detailHref(job) : w.paths.content} onSubmit={w.saveAddresses} onDraftChange={w.rememberAddresses} />
      ) : (
        <WizardLoading />
      )}
    </WizardFrame>
  );
}

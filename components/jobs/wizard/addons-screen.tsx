'use client';

import dynamic from 'next/dynamic';
import { livePaid } from './live-paid';
import { addonsNote, detailHref, reachableSteps, useStepGuard, type ScreenProps } from './screen-parts';
import { useWizard } from './use-wizard';
import { WizardFrame, WizardLoading } from './wizard-frame';

// The step is its own chunk: a wizard page ships the step it shows, not all three (issue 16).
const AddonsStep = dynamic(() => import('./addons-step').then((m) => m.AddonsStep), { loading: () => <WizardLoading /> });

export function AddonsScreen({ mode, job }: ScreenProps) {
  const w = useWizard(mode, job);
  const p = w.progress;
  const missing = !p ? null : !p.content ? w.paths.content : !p.addresses ? w.paths.address : null;
  useStepGuard(w.ready && !!p, missing);
  return (
    <WizardFrame mode={mode} step="addons" jobId={job?.id} jobTitle={job?.title} reachable={reachableSteps(p)}>
      {w.ready && w.addons && p && !missing ? (
        <AddonsStep
          mode={mode}
          initial={w.addons}
          initialAutoRenew={w.autoRenew}
          addressCount={w.addresses.length}
          saving={w.saving}
          backHref={mode === 'edit' ? detailHref(job) : w.paths.address}
          summaryNote={addonsNote(mode, job)}
          live={livePaid(mode, job)}
          onChange={w.rememberAddons}
          onSubmit={w.saveAddons}
        />
      ) : (
        <WizardLoading />
      )}
    </WizardFrame>
  );
}

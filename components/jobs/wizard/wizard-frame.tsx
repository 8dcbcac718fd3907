import { Spinner } from '@/components/ui/states';
import { FLOW_TITLES, type FlowMode, type StepKey } from './flow';
import { StepIndicator } from './step-indicator';

/** The page frame of every wizard screen: title, the job being edited or copied, the step indicator. */
export function WizardFrame({
  mode,
  step,
  jobId,
  jobTitle,
  reachable,
  steps = true,
  children,
}: {
  mode: FlowMode;
  step: StepKey;
  jobId?: number | null;
  jobTitle?: string;
  reachable?: StepKey[];
  /** false without a job to show steps of (the earlier steps would read as done). */
  steps?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-4xl pb-24">
      <header className="mb-5">
        <h1 className="text-2xl font-bold text-slate-900">{FLOW_TITLES[mode]}</h1>
        {jobTitle && (
          <p className="mt-1 text-sm text-slate-500">
            {mode === 'duplicate' ? 'Copying ' : ''}
            <span className="font-medium text-slate-700">{jobTitle}</span>
          </p>
        )}
      </header>
      {steps && <StepIndicator mode={mode} current={step} jobId={jobId} reachable={reachable} />}
      {children}
    </div>
  );
}

/** The action bar, stuck to the bottom of the screen so Continue is always in reach. */
export function WizardFooter({ children, summary }: { children: React.ReactNode; summary?: React.ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-lg">
      <div className="flex flex-wrap items-center justify-end gap-3">
        {summary && <div className="mr-auto min-w-0">{summary}</div>}
        <div className="flex w-full gap-3 sm:w-auto [&>*]:flex-1 sm:[&>*]:flex-none">{children}</div>
      </div>
    </div>
  );
}

export function WizardLoading() {
  return (
    <div className="flex min-h-64 items-center justify-center rounded-2xl border border-slate-200 bg-white">
      <Spinner label="Loading the job" />
    </div>
  );
}

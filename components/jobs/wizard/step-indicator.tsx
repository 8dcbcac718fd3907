import { clsx } from 'clsx';
import Link from 'next/link';
import { STEP_LABELS, flowPaths, flowSteps, type FlowMode, type StepKey } from './flow';

/**
 * The wizard's progress: numbered steps with the current one marked (aria-current="step").
 * Finished steps link back; in the edit flow every screen is a tab the user may open directly.
 */
export function StepIndicator({ mode, current, jobId, reachable }: { mode: FlowMode; current: StepKey; jobId?: number | null; reachable?: StepKey[] }) {
  const steps = flowSteps(mode);
  const paths = flowPaths(mode, jobId);
  const currentIndex = steps.indexOf(current);
  return (
    <nav aria-label={mode === 'edit' ? 'Job sections' : 'Progress'} className="mb-6">
      {/* Phones: the edit sections as tabs; the wizard as one line and a bar (numbered steps do not fit). */}
      {mode === 'edit' ? (
        <div className="flex rounded-lg bg-slate-100 p-1 text-xs font-medium sm:hidden">
          {steps.map((step) => (
            <Link
              key={step}
              href={paths[step]}
              aria-current={step === current ? 'page' : undefined}
              className={clsx('flex-1 rounded-md px-2 py-2 text-center', step === current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600')}
            >
              {STEP_LABELS[step]}
            </Link>
          ))}
        </div>
      ) : (
      <div className="sm:hidden">
        <p className="text-sm text-slate-600">
          Step {currentIndex + 1} of {steps.length}: <span className="font-semibold text-slate-900">{STEP_LABELS[current]}</span>
        </p>
        <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-slate-200">
          <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${((currentIndex + 1) / steps.length) * 100}%` }} />
        </div>
      </div>
      )}
      <ol className="hidden items-center gap-3 p-0.5 pb-1 sm:flex">
        {steps.map((step, i) => {
          const done = mode !== 'edit' && i < currentIndex;
          const active = step === current;
          // Edit and duplicate screens live under a job id: without one there is nowhere to link.
          const canOpen = !active && step !== 'payment' && (mode === 'new' || jobId != null) && (mode === 'edit' || done || reachable?.includes(step));
          const body = (
            <>
              <span
                className={clsx(
                  'flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 transition',
                  active ? 'bg-brand-600 text-white ring-brand-600' : done ? 'bg-brand-50 text-brand-700 ring-brand-200' : 'bg-white text-slate-500 ring-slate-300',
                )}
                aria-hidden
              >
                {done ? (
                  <svg viewBox="0 0 20 20" fill="currentColor" className="size-4">
                    <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-7.5 7.5a1 1 0 0 1-1.4 0L3.3 9.7a1 1 0 1 1 1.4-1.4l3.8 3.8 6.8-6.8a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
                  </svg>
                ) : (
                  i + 1
                )}
              </span>
              <span className={clsx('whitespace-nowrap text-sm', active ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                {STEP_LABELS[step]}
              </span>
              {done && <span className="sr-only"> (completed)</span>}
            </>
          );
          return (
            <li key={step} className="flex items-center gap-3">
              {canOpen ? (
                <Link href={paths[step]} className="flex items-center gap-2 rounded-full pr-1 hover:opacity-80">
                  {body}
                </Link>
              ) : (
                <span className="flex items-center gap-2 pr-1" aria-current={active ? 'step' : undefined}>
                  {body}
                </span>
              )}
              {i < steps.length - 1 && <span aria-hidden className={clsx('h-px w-6 shrink-0 lg:w-10', i < currentIndex ? 'bg-brand-300' : 'bg-slate-300')} />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

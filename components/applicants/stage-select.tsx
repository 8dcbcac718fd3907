'use client';

import { clsx } from 'clsx';
import { APPLICATION_STAGES, type ApplicationStage } from '@/lib/drivers/codes';
import { useChangeStage } from '@/lib/applications/hooks';

/**
 * The keyboard focus of the applicants' fields: the buttons' 2 px ring (app/globals.css
 * :focus-visible). A 1 px border that changed colour was all a keyboard user saw of it.
 */
export const FIELD_FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** An applicant's stage. 40 px tall on a phone (a finger's target), 32 px from `sm` up. */
export function StageSelect({ jobId, applicantId, name, stage, className }: { jobId: number; applicantId: number; name: string; stage: ApplicationStage; className?: string }) {
  const change = useChangeStage(jobId);
  return (
    <select
      aria-label={`Stage of ${name}`}
      value={change.isPending ? change.variables?.stage : stage}
      disabled={change.isPending}
      onChange={(e) => change.mutate({ applicantId, stage: e.target.value as ApplicationStage })}
      className={clsx('h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:border-brand-500 sm:h-8', FIELD_FOCUS, className)}
    >
      {APPLICATION_STAGES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

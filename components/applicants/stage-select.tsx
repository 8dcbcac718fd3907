'use client';

import { APPLICATION_STAGES, type ApplicationStage } from '@/lib/drivers/codes';
import { useChangeStage } from '@/lib/applications/hooks';

export function StageSelect({ jobId, applicantId, name, stage }: { jobId: number; applicantId: number; name: string; stage: ApplicationStage }) {
  const change = useChangeStage(jobId);
  return (
    <select
      aria-label={`Stage of ${name}`}
      value={change.isPending ? change.variables?.stage : stage}
      disabled={change.isPending}
      onChange={(e) => change.mutate({ applicantId, stage: e.target.value as ApplicationStage })}
      className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus:border-brand-500 focus:outline-none"
    >
      {APPLICATION_STAGES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.label}
        </option>
      ))}
    </select>
  );
}

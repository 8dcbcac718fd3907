'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { Spinner } from '@/components/ui/states';
import { formatDollars } from '../format';
import type { DailyActivity } from './activity-chart';

const ActivityChart = dynamic(() => import('./activity-chart'), { ssr: false, loading: () => <Spinner label="Loading chart" /> });

type Statistics = {
  views: number;
  total_applicants: number;
  today_applicants: number;
  total_candidates: number;
  cost_per_applicant: number | null;
  daily: DailyActivity[];
};

/** The job's activity on its detail screen: views, applicants, candidates, cost per applicant and the 30-day chart. */
export function JobActivity({ jobId }: { jobId: number }) {
  const { data, isLoading, error } = useQuery({
    queryKey: ['jobs', jobId, 'statistics'],
    queryFn: async ({ signal }) => (await api<Statistics>(`/jobs/${jobId}/statistics`, { signal })).data,
  });
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" aria-labelledby="activity-heading">
      <h2 id="activity-heading" className="mb-4 text-base font-semibold text-slate-900">
        Activity
      </h2>
      {isLoading && <Spinner label="Loading statistics" />}
      {error && <p className="text-sm text-red-700">{error.message}</p>}
      {data && (
        <>
          <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
            <Stat label="Views" value={data.views} testId="stat-views" />
            <Stat
              label="Applicants"
              value={
                <Link href={`/company/jobs/${jobId}/applicants`} className="text-brand-700 hover:underline">
                  {data.total_applicants}
                </Link>
              }
              testId="stat-applicants"
            />
            <Stat
              label="Candidates"
              value={
                <Link href={`/company/jobs/${jobId}/candidates`} className="text-brand-700 hover:underline">
                  {data.total_candidates}
                </Link>
              }
              testId="stat-candidates"
            />
            <Stat label="Cost per applicant" value={data.cost_per_applicant == null ? '-' : formatDollars(data.cost_per_applicant)} testId="stat-cost" />
          </dl>
          <div className="mt-5">
            <ActivityChart daily={data.daily} />
          </div>
        </>
      )}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

'use client';

import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Candidate } from '@/lib/applications/candidates';

/** Match value times 100, rounded down (jobs spec §2). */
export const matchPercent = (matching: number) => Math.floor(matching * 100 + 1e-9);

/** The candidates screen exactly as jobs spec §2 describes it; each card unfolds its match factors. */
export function CandidatesScreen({ jobId }: { jobId: number }) {
  const { data, isLoading, error } = useQuery({
    queryKey: ['candidates', jobId],
    queryFn: ({ signal }) => api<Candidate[]>(`/jobs/${jobId}/candidates?distance_limit=true&offset=0&limit=10`, { signal }),
  });
  const candidates = data?.data ?? [];
  const total = data?.pagination?.total ?? 0;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-5">
      <Link href={`/company/jobs/${jobId}/detail`} className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800">
        <span aria-hidden>←</span> Jobs
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Match %</h1>
      {isLoading ? (
        <p className="text-slate-500">...loading</p>
      ) : error ? (
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      ) : !candidates.length ? (
        <p className="text-slate-600">No results found</p>
      ) : (
        <>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {candidates.map((c) => (
              <CandidateCard key={c.id} c={c} />
            ))}
          </ul>
          <p className="text-slate-700" data-testid="candidates-total">
            We have found {total} candidates that are a great match for your job opportunity. Don&apos;t miss the chance to connect them directly.
          </p>
        </>
      )}
      <div className="flex gap-3">
        {/* /cancel (spec §2) sends the employer back to this job (app/cancel/route.ts); not a page, so not prefetched. */}
        <Link href={`/cancel?job=${jobId}`} prefetch={false} className="inline-flex h-10 items-center rounded-lg border border-slate-300 px-4 text-sm font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </Link>
        {/* Purchase goes to /purchase and is always disabled (spec §2): contact details are not sold yet. */}
        <button type="button" disabled aria-disabled className="inline-flex h-10 cursor-not-allowed items-center rounded-lg bg-brand-600 px-4 text-sm font-medium text-white opacity-50" data-href="/purchase">
          Purchase
        </button>
      </div>
    </div>
  );
}

function CandidateCard({ c }: { c: Candidate }) {
  // Years when the profile gives them, else its experience code ('2+ years'): a profile that gave only
  // the code read 'No experience' beside a met Experience factor, which counts the code.
  const years = c.years_of_experience ? `${c.years_of_experience} ${c.years_of_experience === 1 ? 'year' : 'years'}` : (c.string_experience ?? 'No experience');
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="candidate-card">
      <p className="text-3xl font-bold text-brand-700">{matchPercent(c.job_matching)}%</p>
      <div aria-hidden className="flex flex-col gap-1.5 blur-sm select-none">
        <span className="h-3 w-2/3 rounded bg-slate-300" />
        <span className="h-3 w-1/2 rounded bg-slate-300" />
        <span className="h-3 w-3/4 rounded bg-slate-300" />
      </div>
      <p className="font-medium text-slate-900">
        {c.cdl_status ? 'CDL License' : 'No CDL'}
        {c.cdl_status && <span className="font-normal text-slate-600"> · Class {c.cdl_status}</span>}
      </p>
      <div className="text-sm">
        <p className="font-medium text-slate-900">Experience</p>
        <p className="text-slate-600">
          {years}
          {c.work_experiences ? ` · ${c.work_experiences}` : ''}
        </p>
      </div>
      <p className="text-sm text-slate-600">{c.city ?? ''}</p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Why this match</summary>
        <ul className="mt-2 flex flex-col gap-1" data-testid="match-factors">
          {c.factors.map((f) => (
            <li key={f.key} className="flex justify-between gap-2">
              <span>
                <span className={f.met ? 'text-emerald-700' : 'text-slate-600'}>
                  <span aria-hidden>{f.met ? '✓ ' : '✗ '}</span>
                  {f.label}
                  <span className="sr-only">{f.met ? ' (met)' : ' (not met)'}</span>
                </span>
                <span className="block text-xs text-slate-600">{c.details[f.key]}</span>
              </span>
              <span className="shrink-0 text-slate-500">{f.weight} pts</span>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}

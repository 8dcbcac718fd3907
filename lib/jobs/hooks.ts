'use client';

/**
 * React Query hooks of the jobs screens: one per resource. Keys: ['jobs', {companyId, page, ...}]
 * for list pages, ['jobs', id] for one job, ['jobs', id, 'addons'] for its add-ons. Every mutation
 * invalidates ['jobs'] (lists and jobs alike) once it settles.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type ApiResult } from '@/lib/api/client';
import type { JobListParams } from '@/components/jobs/list/params';
import { searchBody } from '@/components/jobs/list/params';
import type { AddonType } from './codes';
import type { CreateJobInput, UpdateJobInput } from './schemas';
import type { JobSummary } from './search';
import type { JobAddon, JobDetail } from './serialize';

export type { JobSummary, JobListParams };

export type JobListResult = ApiResult<JobSummary[]>;
export type CreatedJob = { jobs_post_token: string; jobs: { id: number; cost: number | null; cost_cents?: number; addons: JobAddon[] }[] };

export const jobKeys = {
  all: ['jobs'] as const,
  list: (params: JobListParams) => ['jobs', params] as const,
  detail: (id: number) => ['jobs', id] as const,
  addons: (id: number) => ['jobs', id, 'addons'] as const,
};

/** One page of the company's jobs. `initialData` is the server's first paint of page 1. */
export function useJobList(params: JobListParams, initialData?: JobListResult) {
  return useQuery({
    queryKey: jobKeys.list(params),
    queryFn: ({ signal }) => api<JobSummary[]>('/jobs/search', { method: 'POST', body: searchBody(params), signal }),
    placeholderData: keepPreviousData,
    initialData,
  });
}

export function useJob(id: number | null, initialData?: JobDetail) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: async ({ signal }) => (await api<JobDetail>(`/jobs/${id}`, { signal })).data,
    enabled: id != null,
    initialData,
  });
}

export function useJobAddons(id: number | null) {
  return useQuery({
    queryKey: jobKeys.addons(id ?? 0),
    queryFn: async ({ signal }) => (await api<JobAddon[]>(`/jobs/${id}/addons`, { signal })).data,
    enabled: id != null,
  });
}

const invalidateJobs = (qc: QueryClient) => qc.invalidateQueries({ queryKey: jobKeys.all });

export function useCreateJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateJobInput) => (await api<CreatedJob>('/jobs', { method: 'POST', body })).data,
    onSettled: () => invalidateJobs(qc),
  });
}

export function useUpdateJob() {
  const qc = useQueryClient();
  return useMutation({
    // `version`: the updated_at of the job the form opened, so a save over a newer one is refused (412).
    mutationFn: async ({ id, body, version }: { id: number; body: UpdateJobInput; version?: string | null }) =>
      (await api<JobDetail>(`/jobs/${id}`, { method: 'PATCH', body, headers: version ? { 'if-match': `"${version}"` } : undefined })).data,
    onSuccess: (job) => qc.setQueryData(jobKeys.detail(job.id), job),
    onSettled: () => invalidateJobs(qc),
  });
}

export type AddressPayload = Record<string, unknown>;

export function useUpdateJobAddresses() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, addresses }: { id: number; addresses: AddressPayload[] }) =>
      (await api<JobDetail>(`/jobs/${id}/addresses`, { method: 'PATCH', body: { addresses } })).data,
    onSuccess: (job) => qc.setQueryData(jobKeys.detail(job.id), job),
    onSettled: () => invalidateJobs(qc),
  });
}

export type AddonChoice = { addon_type: AddonType; subscribed: boolean; external_url: string | null };

export function useUpdateJobAddons() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, addons }: { id: number; addons: AddonChoice[] }) =>
      (await api<JobAddon[]>(`/jobs/${id}/addons`, { method: 'PATCH', body: { addons } })).data,
    onSettled: () => invalidateJobs(qc),
  });
}

/** Applies a change to every cached list page holding the job, and to the cached job itself. */
function patchCachedJob(qc: QueryClient, id: number, patch: Partial<JobSummary>) {
  qc.setQueriesData<JobListResult>({ queryKey: jobKeys.all, predicate: (q) => typeof q.queryKey[1] === 'object' }, (old) =>
    old?.data ? { ...old, data: old.data.map((j) => (j.id === id ? { ...j, ...patch } : j)) } : old,
  );
  qc.setQueryData<JobDetail>(jobKeys.detail(id), (old) => (old ? ({ ...old, ...patch } as JobDetail) : old));
}

/** Close, cancel: the server answers the job; the lists refresh. */
function useJobAction(action: 'close' | 'cancel') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api<JobDetail>(`/jobs/${id}/${action}`, { method: 'POST' })).data,
    onSuccess: (job) => patchCachedJob(qc, job.id, job as unknown as Partial<JobSummary>),
    onSettled: () => invalidateJobs(qc),
  });
}

export const useCloseJob = () => useJobAction('close');
export const useCancelJob = () => useJobAction('cancel');

/** Cancel renewal: the list shows auto-renew off at once (spec §4), and rolls back on failure. */
export function useCancelRenewal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) =>
      (await api<JobDetail>(`/jobs/${id}/cancel-renewal`, { method: 'PATCH', body: { renewalCancelationReason: reason } })).data,
    onMutate: async ({ id, reason }) => {
      await qc.cancelQueries({ queryKey: jobKeys.all });
      const snapshot = qc.getQueriesData({ queryKey: jobKeys.all });
      patchCachedJob(qc, id, { auto_renew: false, next_billing_date: null, renewal_cancellation_reason: reason, renewal_canceled_at: new Date().toISOString() });
      return { snapshot };
    },
    onError: (_e, _v, ctx) => ctx?.snapshot.forEach(([key, data]) => qc.setQueryData(key, data)),
    onSettled: () => invalidateJobs(qc),
  });
}

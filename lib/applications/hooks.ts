'use client';

/**
 * React Query hooks of the applicants screen. Keys: ['applicants', jobId, search] for a page,
 * ['applicants', jobId, 'detail', applicantId] for the slide-over. Every change invalidates the
 * job's applicants (list and detail alike).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { SearchApplicantsInput } from './schemas';
import type { Applicant, ApplicantTag } from './serialize';
import type { ApplicationStage } from '@/lib/drivers/codes';
import type { MatchExplanation, MatchFactorKey } from '@/lib/drivers/match';

export type ApplicantNote = { id: number; body: string; author: string; createdAt: string };
export type ApplicantDetail = Applicant & {
  stageHistory: { stage: ApplicationStage; label: string; at: string; by: string | null }[];
  notes: ApplicantNote[];
  notesTotal: number;
  /** Why the applicant matches the job (null: no driver profile); `details` says why each factor is met or not. */
  match: (MatchExplanation & { details: Record<MatchFactorKey, string> }) | null;
};

export const applicantKeys = {
  job: (jobId: number) => ['applicants', jobId] as const,
  page: (jobId: number, search: SearchApplicantsInput) => ['applicants', jobId, search] as const,
  detail: (jobId: number, applicantId: number) => ['applicants', jobId, 'detail', applicantId] as const,
};

export function searchApplicants(jobId: number, search: SearchApplicantsInput, signal?: AbortSignal) {
  return api<Applicant[]>(`/jobs/${jobId}/applicants/search`, { method: 'POST', body: search, signal });
}

export function useApplicants(jobId: number, search: SearchApplicantsInput) {
  return useQuery({
    queryKey: applicantKeys.page(jobId, search),
    queryFn: ({ signal }) => searchApplicants(jobId, search, signal),
    placeholderData: keepPreviousData,
  });
}

export function useApplicantDetail(jobId: number, applicantId: number | null) {
  return useQuery({
    queryKey: applicantKeys.detail(jobId, applicantId ?? 0),
    queryFn: async ({ signal }) => (await api<ApplicantDetail>(`/jobs/${jobId}/applicants/${applicantId}`, { signal })).data,
    enabled: applicantId != null,
  });
}

export function useCompanyTags() {
  return useQuery({
    queryKey: ['company-tags'],
    queryFn: async ({ signal }) => (await api<ApplicantTag[]>('/companies/tags', { signal })).data,
    staleTime: 60_000,
  });
}

function useJobMutation<V>(jobId: number, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: applicantKeys.job(jobId) }), qc.invalidateQueries({ queryKey: ['company-tags'] })]),
  });
}

/** Tags an applicant by tag text: the tag joins the company's list when new. */
export function useAddTag(jobId: number) {
  return useJobMutation(jobId, async ({ applicantId, tag }: { applicantId: number; tag: string }) => {
    const created = await api<ApplicantTag>('/companies/tag', { method: 'POST', body: { tag } });
    return api('/jobs/applicants/tag', { method: 'POST', body: { jobId, applicantId, tagId: created.data.id } });
  });
}

export function useRemoveTag(jobId: number) {
  return useJobMutation(jobId, ({ applicantId, tagId }: { applicantId: number; tagId: number }) =>
    api(`/jobs/${jobId}/applicants/delete-tags`, { method: 'POST', body: { applicantId, tagId } }),
  );
}

export function useChangeStage(jobId: number) {
  return useJobMutation(jobId, ({ applicantId, stage }: { applicantId: number; stage: ApplicationStage }) =>
    api(`/jobs/${jobId}/applicants/${applicantId}/stage`, { method: 'PATCH', body: { stage } }),
  );
}

export function useAddNote(jobId: number) {
  return useJobMutation(jobId, ({ applicantId, body }: { applicantId: number; body: string }) =>
    api(`/jobs/${jobId}/applicants/${applicantId}/notes`, { method: 'POST', body: { body } }),
  );
}

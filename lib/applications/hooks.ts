'use client';

/**
 * React Query hooks of the applicants screen. Keys: ['applicants', jobId, search] for a page,
 * ['applicants', jobId, 'detail', applicantId] for the slide-over (and its older notes under it),
 * ['company-tags', companyId] for the tags of the job's company. Every change invalidates the
 * job's applicants (list, detail and notes alike).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
  /** true when notesTotal is a capped count: at least that many. */
  notesTotalIsLowerBound?: boolean;
  /** Why the applicant matches the job (null: no driver profile); `details` says why each factor is met or not. */
  match: (MatchExplanation & { details: Record<MatchFactorKey, string> }) | null;
};

export const applicantKeys = {
  job: (jobId: number) => ['applicants', jobId] as const,
  page: (jobId: number, search: SearchApplicantsInput) => ['applicants', jobId, search] as const,
  detail: (jobId: number, applicantId: number) => ['applicants', jobId, 'detail', applicantId] as const,
  olderNotes: (jobId: number, applicantId: number, from: number) => ['applicants', jobId, 'detail', applicantId, 'notes', from] as const,
};

/** Notes per "Show older notes" page (the notes listing allows up to 100). */
export const OLDER_NOTES_PAGE = 50;

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

/**
 * The tags of the job's company (the suggestions of the tag field). The screen tags applicants in
 * the JOB's company, which the server page hands it with the job (it fetched the job's detail to
 * learn it, a request the page had already answered). Staff (admins, internal users) have no
 * company of their own, or another one; a company user's own company is the job's anyway (the API
 * ignores a company_id they send).
 */
export function useCompanyTags(companyId: number) {
  return useQuery({
    queryKey: ['company-tags', companyId],
    queryFn: async ({ signal }) => (await api<ApplicantTag[]>(`/companies/tags?company_id=${companyId}`, { signal })).data,
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

/** Tags an applicant by tag text: the tag joins the job's company's list when new. */
export function useAddTag(jobId: number, companyId: number) {
  return useJobMutation(jobId, async ({ applicantId, tag }: { applicantId: number; tag: string }) => {
    const created = await api<ApplicantTag>('/companies/tag', { method: 'POST', body: { tag, company_id: companyId } });
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

export type OlderNotesPage = { notes: ApplicantNote[]; total: number; totalIsLowerBound: boolean; offset: number };

/**
 * The notes older than the detail's first ones (the detail answers the newest 50 and notesTotal),
 * from GET /jobs/{id}/applicants/{applicantId}/notes, a page at a time on demand (fetchNextPage):
 * nothing loads until asked (`enabled`). `from` is how many notes the detail shows.
 */
export function useOlderNotes(jobId: number, applicantId: number, from: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: applicantKeys.olderNotes(jobId, applicantId, from),
    queryFn: async ({ pageParam, signal }): Promise<OlderNotesPage> => {
      const res = await api<ApplicantNote[]>(`/jobs/${jobId}/applicants/${applicantId}/notes?offset=${pageParam}&limit=${OLDER_NOTES_PAGE}`, { signal });
      return { notes: res.data, total: res.pagination?.total ?? 0, totalIsLowerBound: res.pagination?.total_is_lower_bound ?? false, offset: pageParam };
    },
    initialPageParam: from,
    // A short page is the last one; a capped total (more than 1,000) is only "at least": go on until then.
    getNextPageParam: (last) => {
      const next = last.offset + last.notes.length;
      return last.notes.length < OLDER_NOTES_PAGE || (!last.totalIsLowerBound && next >= last.total) ? undefined : next;
    },
    enabled,
  });
}

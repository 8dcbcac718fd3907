'use client';

import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef } from 'react';
import { ApiError, api, errorMessage } from '@/lib/api/client';
import { useToast } from '@/components/ui/toast';
import { draftAddonList, emptyDraft, readJobDraft, setMultimediaUploadFailed, useJobDraft, writeJobDraft, type DraftAddons, type DraftAddress, type DraftKind, type DraftSlot, type JobContentValues } from '@/lib/jobs/draft';
import { useCreateJob, useUpdateJob, useUpdateJobAddons, useUpdateJobAddresses } from '@/lib/jobs/hooks';
import type { CompanyChoice } from '@/lib/companies/hooks';
import type { JobDetail } from '@/lib/jobs/serialize';
import { addressPayload, jobToAddons, jobToContent, toDraftAddress } from './convert';
import { draftKindFor, flowPaths, paymentUrl, type FlowMode } from './flow';
import { dueNow, livePaid } from './live-paid';
import { useDraftProgress } from './screen-parts';
import { UPDATED } from '@/components/ui/messages';

const NO_ADDRESSES: DraftAddress[] = [];

export { UPDATED };

/**
 * The draft's saved posting, if it still waits for payment: a paid, closed or deleted one must not
 * be overwritten, so the draft then creates a new posting.
 */
async function stillUnpaid(jobId: number | null): Promise<boolean> {
  if (!jobId) return false;
  try {
    const { data } = await api<JobDetail>(`/jobs/${jobId}`);
    return data.payment_status === 'pending' && !data.closed_at && !data.cancelled_at;
  } catch (e) {
    if (e instanceof ApiError && (e.status === 404 || e.status === 403)) return false;
    throw e;
  }
}

/**
 * Seeds the duplicate draft from the job being copied, once per source job. The copy's title is the
 * server's copyTitle, loaded when a copy is made: imported, it put the wizard's routes over their
 * first-load JS budget (/company/jobs/new +45.2 kB against 45).
 */
async function seedDuplicate(slot: DraftSlot, job: JobDetail) {
  const { copyTitle } = await import('@/lib/jobs/title');
  writeJobDraft(slot, {
    ...emptyDraft(),
    sourceJobId: job.id,
    // Staff posting a copy post it for the same company (the picker can change it).
    company: { id: job.company_id, company_name: '', city: null, state: null },
    content: jobToContent(job, copyTitle(job.title)),
    addresses: job.addresses.map(toDraftAddress),
    addons: jobToAddons(job, true),
    autoRenew: job.auto_renew,
  });
}

/**
 * State and saving for one wizard screen. New and duplicate flows read and write their client
 * draft (nothing reaches the server until "Continue to payment"); the edit flow works on the job.
 */
export function useWizard(mode: FlowMode, job?: JobDetail) {
  const router = useRouter();
  const toast = useToast();
  const kind: DraftKind = draftKindFor(mode) ?? 'new';
  const { draft, slot, update, clear } = useJobDraft(kind, mode !== 'edit');
  const paths = flowPaths(mode, job?.id);
  const createJob = useCreateJob();
  const updateJob = useUpdateJob();
  const updateAddresses = useUpdateJobAddresses();
  const updateAddons = useUpdateJobAddons();
  const creating = useRef(false);

  const needsSeed = mode === 'duplicate' && !!job && !!draft && draft.sourceJobId !== job.id;
  useEffect(() => {
    if (needsSeed && job) void seedDuplicate(slot, job);
  }, [needsSeed, job, slot]);

  const ready = mode === 'edit' ? !!job : !!draft && !needsSeed;

  const content: JobContentValues | null = mode === 'edit' ? (job ? jobToContent(job) : null) : (draft?.content ?? null);
  const addresses: DraftAddress[] = mode === 'edit' ? (job?.addresses.map(toDraftAddress) ?? []) : (draft?.addresses ?? NO_ADDRESSES);
  const addons: DraftAddons | null = mode === 'edit' ? (job ? jobToAddons(job) : null) : (draft?.addons ?? null);
  const autoRenew = mode === 'edit' ? !!job?.auto_renew : !!draft?.autoRenew;
  const progress = useDraftProgress(mode, content, addresses);
  const company = mode === 'edit' ? null : (draft?.company ?? null);
  const chooseCompany = useCallback((next: CompanyChoice) => update({ company: next }), [update]);

  const afterEdit = () => {
    toast.show('success', UPDATED);
    router.push(`/company/jobs/${job!.id}/detail`);
  };
  const fail = (e: unknown) => toast.show('error', errorMessage(e));

  async function saveContent(values: JobContentValues) {
    if (mode !== 'edit') {
      update({ content: values });
      router.push(paths.address);
      return;
    }
    try {
      await updateJob.mutateAsync({ id: job!.id, body: values, version: job!.updated_at });
      afterEdit();
    } catch (e) {
      fail(e);
    }
  }

  async function saveAddresses(list: DraftAddress[]) {
    if (mode !== 'edit') {
      update({ addresses: list });
      router.push(paths.addons);
      return;
    }
    try {
      const saved = await updateAddresses.mutateAsync({ id: job!.id, addresses: list.map(addressPayload) });
      // A new address on a paid job waits for payment: straight to paying it, like new add-ons.
      if (saved.addresses.some((a) => a.pending_payment)) {
        toast.show('success', UPDATED);
        router.push(paymentUrl(job!.id, { action: 'addons' }));
        return;
      }
      afterEdit();
    } catch (e) {
      fail(e);
    }
  }

  /** Keeps what the user enters in the draft as it changes, so back and reload keep it. */
  const rememberContent = useCallback((values: JobContentValues) => mode !== 'edit' && update({ content: values }), [mode, update]);
  const rememberAddresses = useCallback((list: DraftAddress[]) => mode !== 'edit' && update({ addresses: list }), [mode, update]);
  const rememberUploadResult = useCallback((failed: boolean) => mode !== 'edit' && setMultimediaUploadFailed(slot, failed), [mode, slot]);
  const rememberAddons = useCallback((next: DraftAddons, renew: boolean) => mode !== 'edit' && update({ addons: next, autoRenew: renew }), [mode, update]);

  /**
   * Add-ons step. Edit: PATCH the add-ons (and auto-renew). New and duplicate: the first time,
   * POST /jobs with everything and keep its id and post token in the draft; afterwards PATCH that
   * job, so going back and forth never creates a second posting. Then the payment step.
   */
  async function saveAddons(next: DraftAddons, renew: boolean) {
    const list = draftAddonList(next);
    if (mode === 'edit') {
      try {
        await updateAddons.mutateAsync({ id: job!.id, addons: list });
        if (renew !== job!.auto_renew) await updateJob.mutateAsync({ id: job!.id, body: { auto_renew: renew } });
        // A live posting's changes not paid for this period are paid on the payment step (action
        // 'addons'): exactly when the step's Due now is more than nothing (an add-on ticked again
        // within its paid period is not, and an address still unpaid is).
        const live = livePaid(mode, job);
        if (live && dueNow(live, list) > 0) {
          toast.show('success', UPDATED);
          router.push(paymentUrl(job!.id, { action: 'addons' }));
          return;
        }
        afterEdit();
      } catch (e) {
        fail(e);
      }
      return;
    }
    if (creating.current) return;
    creating.current = true;
    try {
      update({ addons: next, autoRenew: renew });
      const d = readJobDraft(slot);
      if (!d.content) {
        router.push(paths.content);
        return;
      }
      const addressList = d.addresses.map(addressPayload);
      let jobId = (await stillUnpaid(d.jobId)) ? d.jobId : null;
      if (!jobId) {
        const forCompany = d.company ? { company_id: d.company.id } : {};
        const created = await createJob.mutateAsync({ ...d.content, ...forCompany, addresses: addressList, addons: list, auto_renew: renew });
        const saved = created.jobs[0];
        jobId = saved.id;
        update({ jobId, jobsPostToken: created.jobs_post_token, cost: saved.cost });
      } else {
        await updateJob.mutateAsync({ id: jobId, body: { ...d.content, auto_renew: renew } });
        await updateAddresses.mutateAsync({ id: jobId, addresses: addressList });
        await updateAddons.mutateAsync({ id: jobId, addons: list });
      }
      router.push(paymentUrl(jobId, { draft: kind }));
    } catch (e) {
      fail(e);
    } finally {
      creating.current = false;
    }
  }

  const saving = createJob.isPending || updateJob.isPending || updateAddresses.isPending || updateAddons.isPending;

  return { ready, kind, draft, paths, company, chooseCompany, content, addresses, progress, addons, autoRenew, saving, saveContent, saveAddresses, saveAddons, startOver: clear, rememberContent, rememberAddresses, rememberAddons, rememberUploadResult };
}

import type { DraftKind, JobDraft } from '@/lib/jobs/draft';

/**
 * The three flows over the same step screens (jobs spec §2): a new job, editing a job, and
 * duplicating one. New and duplicate keep a client draft and end at the payment step; edit saves
 * each screen straight to the job.
 */
export type FlowMode = 'new' | 'edit' | 'duplicate';
export type StepKey = 'content' | 'address' | 'addons' | 'payment';

export const STEP_LABELS: Record<StepKey, string> = {
  content: 'Job content',
  address: 'Targeting address',
  addons: 'Add-ons',
  payment: 'Payment',
};

export const PAYMENT_PATH = '/company/jobs/new/payment-method';

export function flowPaths(mode: FlowMode, jobId?: number | null): Record<StepKey, string> {
  if (mode === 'new') {
    return { content: '/company/jobs/new', address: '/company/jobs/new/targeting-address', addons: '/company/jobs/new/addons', payment: PAYMENT_PATH };
  }
  const base = `/company/jobs/${jobId}`;
  if (mode === 'edit') return { content: `${base}/job-content`, address: `${base}/address`, addons: `${base}/addons`, payment: `${base}/detail` };
  return { content: `${base}/job-content-duplicate`, address: `${base}/address-duplicate`, addons: `${base}/addons-duplicate`, payment: PAYMENT_PATH };
}

/**
 * The payment screen of a saved posting. `job_id` names the job; `draft` (when the wizard sends the
 * user) says which client draft holds its post token and is to be cleared once paid; `action`
 * 'addons' asks for the add-ons newly added to a live job.
 */
export function paymentUrl(jobId: number, opts: { draft?: DraftKind; action?: 'addons' } = {}) {
  const q = new URLSearchParams({ job_id: String(jobId) });
  if (opts.draft) q.set('draft', opts.draft);
  if (opts.action) q.set('action', opts.action);
  return `${PAYMENT_PATH}?${q}`;
}

/**
 * Where the payment step's Back goes: the add-ons step of the job being paid (`jobId`, from the
 * URL). The wizard's own add-ons screen only when this session's draft holds that very job; the new
 * flow's screen reads the draft, so without it ("Pay now" from the list, the page reopened in a new
 * browser session, a draft of another posting) it would open blank and a second job would be
 * created. Then the saved job's own add-ons screen, which loads the job by id ("Add add-ons").
 */
export function paymentBackPath(jobId: number, kind: DraftKind, draft: Pick<JobDraft, 'jobId' | 'sourceJobId'> | null): string {
  if (draft?.jobId === jobId) {
    if (kind === 'new') return flowPaths('new').addons;
    if (draft.sourceJobId) return flowPaths('duplicate', draft.sourceJobId).addons;
  }
  return flowPaths('edit', jobId).addons;
}

export const draftKindFor = (mode: FlowMode): DraftKind | null => (mode === 'edit' ? null : mode);

export const flowSteps = (mode: FlowMode): StepKey[] => (mode === 'edit' ? ['content', 'address', 'addons'] : ['content', 'address', 'addons', 'payment']);

export const FLOW_TITLES: Record<FlowMode, string> = {
  new: 'Create a new job',
  edit: 'Edit job',
  duplicate: 'Duplicate job',
};

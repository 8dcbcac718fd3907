/**
 * The wizard's working draft (jobs spec §3 "Job (working draft)"): content, addresses and add-ons
 * held on the client until saved, persisted to localStorage so a reload or the back button keeps
 * them. The new-job flow and the duplicate flow have their own keys. Client-only module.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { AddonType } from './codes';
import { postingCostCents } from './pricing';
import type { CreateJobInput } from './schemas';

/** The content step's values: the creation payload without addresses, add-ons and staff fields. */
export type JobContentValues = Omit<CreateJobInput, 'addresses' | 'addons' | 'auto_renew' | 'company_id'>;

/** One targeting address as the address component gives it, plus its cost once the server priced it. */
export type DraftAddress = {
  /** Client-side key for list rendering. */
  key: string;
  description?: string | null;
  address?: string | null;
  city?: string | null;
  stateName?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  coordinates?: { lat: number; lng: number } | null;
  cost?: number | null;
  /** Saved on a paid job but not paid yet (edit flow only): not public until paid. */
  pendingPayment?: boolean;
};

export type DraftAddons = Record<AddonType, boolean> & { externalUrl: string };

export type JobDraft = {
  version: 1;
  /** Duplicate flow: the job being copied. */
  sourceJobId: number | null;
  /** Set once the job was saved (POST /jobs): later saves PATCH it instead of creating another. */
  jobId: number | null;
  jobsPostToken: string | null;
  /** Total of the saved posting in dollars, as the server priced it. */
  cost: number | null;
  content: JobContentValues | null;
  addresses: DraftAddress[];
  addons: DraftAddons;
  autoRenew: boolean;
  /**
   * Spec §3: a video upload failed after its retry. Set by the content step, cleared by a
   * successful upload, a pasted link or removing the video; while set the payment step refuses to
   * pay ('multimedia upload failed') and sends the flag with the charge.
   */
  multimediaUploadFailed: boolean;
  updatedAt: string;
};

export type DraftKind = 'new' | 'duplicate';

export const DRAFT_STORAGE_KEYS: Record<DraftKind, string> = {
  new: 'tna.jobs.draft.new',
  duplicate: 'tna.jobs.draft.duplicate',
};

export const NO_ADDONS_CHOSEN: DraftAddons = { boost: false, promote: false, hyperlink: false, externalUrl: '' };

export function emptyDraft(): JobDraft {
  return {
    version: 1,
    sourceJobId: null,
    jobId: null,
    jobsPostToken: null,
    cost: null,
    content: null,
    addresses: [],
    addons: { ...NO_ADDONS_CHOSEN },
    autoRenew: false,
    multimediaUploadFailed: false,
    updatedAt: new Date(0).toISOString(),
  };
}

const cache = new Map<DraftKind, JobDraft>();
const listeners = new Map<DraftKind, Set<() => void>>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function load(kind: DraftKind): JobDraft {
  const raw = storage()?.getItem(DRAFT_STORAGE_KEYS[kind]);
  if (!raw) return emptyDraft();
  try {
    const parsed = JSON.parse(raw) as Partial<JobDraft>;
    if (parsed?.version !== 1) return emptyDraft();
    return { ...emptyDraft(), ...parsed, addons: { ...NO_ADDONS_CHOSEN, ...parsed.addons } };
  } catch {
    return emptyDraft();
  }
}

/** The current draft of a flow (read from localStorage once, then from memory). */
export function readJobDraft(kind: DraftKind): JobDraft {
  let draft = cache.get(kind);
  if (!draft) {
    draft = load(kind);
    cache.set(kind, draft);
  }
  return draft;
}

function emit(kind: DraftKind) {
  for (const l of listeners.get(kind) ?? []) l();
}

/** Merges a change into the draft and persists it. */
export function writeJobDraft(kind: DraftKind, change: Partial<JobDraft> | ((draft: JobDraft) => Partial<JobDraft>)) {
  const current = readJobDraft(kind);
  const patch = typeof change === 'function' ? change(current) : change;
  const next: JobDraft = { ...current, ...patch, version: 1, updatedAt: new Date().toISOString() };
  cache.set(kind, next);
  try {
    storage()?.setItem(DRAFT_STORAGE_KEYS[kind], JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the draft still lives for this page's lifetime.
  }
  emit(kind);
}

/** Forgets a flow's draft (after payment, or when the user starts over). */
export function clearJobDraft(kind: DraftKind) {
  cache.set(kind, emptyDraft());
  storage()?.removeItem(DRAFT_STORAGE_KEYS[kind]);
  emit(kind);
}

function subscribe(kind: DraftKind, listener: () => void) {
  let set = listeners.get(kind);
  if (!set) listeners.set(kind, (set = new Set()));
  set.add(listener);
  const onStorage = (e: StorageEvent) => {
    // Another tab changed the draft: drop the cached copy and re-read.
    if (e.key === DRAFT_STORAGE_KEYS[kind]) {
      cache.delete(kind);
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    set.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const SERVER_SNAPSHOT = null;

/**
 * The draft of a flow, kept in sync across components and tabs. `draft` is null during server
 * rendering and the first client render (localStorage is not readable there): wait for it.
 */
export function useJobDraft(kind: DraftKind) {
  const draft = useSyncExternalStore<JobDraft | null>(
    useCallback((l) => subscribe(kind, l), [kind]),
    () => readJobDraft(kind),
    () => SERVER_SNAPSHOT,
  );
  const update = useCallback((change: Parameters<typeof writeJobDraft>[1]) => writeJobDraft(kind, change), [kind]);
  const clear = useCallback(() => clearJobDraft(kind), [kind]);
  return { draft, update, clear };
}

/** Records how the last video upload of a flow ended (true: it failed after its retry). */
export function setMultimediaUploadFailed(kind: DraftKind, failed: boolean) {
  if (readJobDraft(kind).multimediaUploadFailed !== failed) writeJobDraft(kind, { multimediaUploadFailed: failed });
}

let keySeq = 0;
/** A list key for a new address row. */
export const newAddressKey = () => `a${Date.now().toString(36)}${(keySeq++).toString(36)}`;

/** The add-on choices of a draft as the API's list (`[{addon_type, subscribed, external_url}]`). */
export function draftAddonList(addons: DraftAddons) {
  return (['boost', 'promote', 'hyperlink'] as const).map((t) => ({
    addon_type: t,
    subscribed: addons[t],
    external_url: t === 'hyperlink' && addons.hyperlink ? addons.externalUrl.trim() || null : null,
  }));
}

/** Running total in cents: every address at its price plus every chosen add-on (lib/jobs/pricing.ts). */
export function draftTotalCents(addressCount: number, addons: DraftAddons) {
  return postingCostCents(addressCount, draftAddonList(addons));
}

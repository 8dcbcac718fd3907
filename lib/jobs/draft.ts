/**
 * The wizard's working draft (jobs spec §3 "Job (working draft)"): content, addresses and add-ons
 * held on the client until saved, persisted to localStorage so a reload or the back button keeps
 * them. The new-job flow and the duplicate flow have their own keys, per account. Client-only module.
 */
import { useCallback, useSyncExternalStore } from 'react';
import { accountKey, useAccountOwner } from '@/lib/browser/account-storage';
import type { CompanyChoice } from '@/lib/companies/search';
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
  /**
   * Staff (admins, internal users) post for a company they choose first; company users always post
   * for their own, and the server ignores this for them.
   */
  company: CompanyChoice | null;
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

/**
 * One account's draft of one flow: `new.u12`. A bare kind (nobody signed in, or a test) lives in
 * memory only. Drafts never outlive the account's session on this browser and are never shown to
 * another account (lib/browser/account-storage.ts).
 */
export type DraftSlot = DraftKind | `${DraftKind}.u${number}`;

export function draftSlot(kind: DraftKind, owner: number | null): DraftSlot {
  return owner == null ? kind : `${kind}.u${owner}`;
}

/** The localStorage key of a slot, or null for a memory-only one. */
export function draftStorageKey(slot: DraftSlot): string | null {
  const [kind, owner] = slot.split('.u');
  return owner ? accountKey(`jobs.draft.${kind}`, Number(owner)) : null;
}

export const NO_ADDONS_CHOSEN: DraftAddons = { boost: false, promote: false, hyperlink: false, externalUrl: '' };

export function emptyDraft(): JobDraft {
  return {
    version: 1,
    sourceJobId: null,
    company: null,
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

const cache = new Map<DraftSlot, JobDraft>();
const listeners = new Map<DraftSlot, Set<() => void>>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function load(slot: DraftSlot): JobDraft {
  const key = draftStorageKey(slot);
  const raw = key ? storage()?.getItem(key) : null;
  if (!raw) return emptyDraft();
  try {
    const parsed = JSON.parse(raw) as Partial<JobDraft>;
    if (parsed?.version !== 1) return emptyDraft();
    return { ...emptyDraft(), ...parsed, addons: { ...NO_ADDONS_CHOSEN, ...parsed.addons } };
  } catch {
    return emptyDraft();
  }
}

/** The current draft of a slot (read from localStorage once, then from memory). */
export function readJobDraft(slot: DraftSlot): JobDraft {
  let draft = cache.get(slot);
  if (!draft) {
    draft = load(slot);
    cache.set(slot, draft);
  }
  return draft;
}

function emit(slot: DraftSlot) {
  for (const l of listeners.get(slot) ?? []) l();
}

/** Merges a change into the draft and persists it. */
export function writeJobDraft(slot: DraftSlot, change: Partial<JobDraft> | ((draft: JobDraft) => Partial<JobDraft>)) {
  const current = readJobDraft(slot);
  const patch = typeof change === 'function' ? change(current) : change;
  const next: JobDraft = { ...current, ...patch, version: 1, updatedAt: new Date().toISOString() };
  cache.set(slot, next);
  const key = draftStorageKey(slot);
  try {
    if (key) storage()?.setItem(key, JSON.stringify(next));
  } catch {
    // Storage full or blocked (private mode): the draft still lives for this page's lifetime.
  }
  emit(slot);
}

/** Forgets a slot's draft (after payment, or when the user starts over). */
export function clearJobDraft(slot: DraftSlot) {
  cache.set(slot, emptyDraft());
  const key = draftStorageKey(slot);
  if (key) storage()?.removeItem(key);
  emit(slot);
}

/** Logout: the drafts kept in memory go with the ones in storage (lib/browser/account-storage.ts). */
export function forgetDraftsInMemory() {
  const slots = [...cache.keys()];
  cache.clear();
  for (const slot of slots) emit(slot);
}

function subscribe(slot: DraftSlot, listener: () => void) {
  let set = listeners.get(slot);
  if (!set) listeners.set(slot, (set = new Set()));
  set.add(listener);
  const key = draftStorageKey(slot);
  const onStorage = (e: StorageEvent) => {
    // Another tab changed the draft (or logged out, e.key null): drop the cached copy and re-read.
    if (e.key === null || (key && e.key === key)) {
      cache.delete(slot);
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
 * The signed-in account's draft of a flow, kept in sync across components and tabs. `draft` is null
 * during server rendering and the first client render (localStorage is not readable there): wait for it.
 */
/**
 * `active` false (the edit flow, which works on the job itself): no draft is read, on the server or
 * in the browser. Reading it made the screen render again right after hydration (the browser's
 * snapshot differs from the server's), and that update reached the step before its chunk had
 * hydrated, so React threw the server's form away (what was typed in the first moments with it).
 */
export function useJobDraft(kind: DraftKind, active = true) {
  const slot = draftSlot(kind, useAccountOwner());
  const draft = useSyncExternalStore<JobDraft | null>(
    useCallback((l) => (active ? subscribe(slot, l) : () => {}), [slot, active]),
    () => (active ? readJobDraft(slot) : SERVER_SNAPSHOT),
    () => SERVER_SNAPSHOT,
  );
  const update = useCallback((change: Parameters<typeof writeJobDraft>[1]) => writeJobDraft(slot, change), [slot]);
  const clear = useCallback(() => clearJobDraft(slot), [slot]);
  return { draft, slot, update, clear };
}

/** Records how the last video upload of a flow ended (true: it failed after its retry). */
export function setMultimediaUploadFailed(slot: DraftSlot, failed: boolean) {
  if (readJobDraft(slot).multimediaUploadFailed !== failed) writeJobDraft(slot, { multimediaUploadFailed: failed });
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

'use client';

import type { AddressSuggestion } from '@/lib/geo/types';
import type { CompanySize } from '@/lib/companies/schemas';

/**
 * The sign-up steps kept in the browser (accounts spec §3 "Stored keys") so a reload keeps them.
 * Passwords are never stored. The first step (before any account exists) lives in this tab's
 * sessionStorage for at most SIGNUP_KEPT_MS and goes when the account is created or another email
 * starts over, so the next person at a shared computer never sees it. The company steps belong to
 * the signed-in user who filled them; all of it goes at logout and once the company exists.
 */
export const STORAGE_KEYS = {
  signup: 'signup',
  companyInfo: 'companyInfo',
  companyAddress: 'companyAddress',
  companyLocation: 'companyLocation',
  imageData: 'imageData',
  imageResize: 'imageResize',
} as const;

export type StoredSignup = {
  email: string;
  confirmEmail?: string;
  firstName: string;
  lastName: string;
  phone: string;
  acceptEmails: boolean;
  role: 'employer' | 'member';
  revealed?: boolean;
  /** The email whose details these are: another email's check starts the details over. */
  checkedEmail?: string;
  /** When this step was last written (ms): an abandoned sign-up is not shown to the next visitor. */
  savedAt?: number;
};

/** How long an unfinished first step is offered back (a reload, a short break), not longer. */
export const SIGNUP_KEPT_MS = 30 * 60 * 1000;
/** Company steps belong to the user who filled them; another account on the same browser ignores them. */
export type StoredCompanyInfo = { userId: number; companyName: string; companySize: CompanySize | '' ; logoFileName?: string };
export type StoredCompanyAddress = { userId: number; location: AddressSuggestion | null; street2: string };
export type StoredImageResize = { width: number; height: number; size: number };

type Shapes = {
  signup: StoredSignup;
  companyInfo: StoredCompanyInfo;
  companyAddress: StoredCompanyAddress;
  companyLocation: { lat: number; lng: number };
  imageData: string;
  imageResize: StoredImageResize;
};

/** The first step dies with the tab; the company steps (an account exists) survive a browser restart. */
const storeFor = (key: keyof Shapes): Storage => (key === 'signup' ? window.sessionStorage : window.localStorage);

// The logo also stays in memory for the next step, in case the browser refused to store it.
let logoInMemory: string | null = null;

export function readStep<K extends keyof Shapes>(key: K): Shapes[K] | null {
  try {
    const raw = storeFor(key).getItem(STORAGE_KEYS[key]);
    if (raw == null) return null;
    return (key === 'imageData' ? raw : JSON.parse(raw)) as Shapes[K];
  } catch {
    return null;
  }
}

/** Answers false when the browser refused (private mode, quota). */
export function writeStep<K extends keyof Shapes>(key: K, value: Shapes[K] | null): boolean {
  try {
    if (value == null) storeFor(key).removeItem(STORAGE_KEYS[key]);
    else storeFor(key).setItem(STORAGE_KEYS[key], typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function clearOnboarding() {
  for (const key of Object.keys(STORAGE_KEYS) as (keyof Shapes)[]) writeStep(key, null);
  // Earlier versions kept the first step in localStorage, where every later visitor could read it.
  try {
    window.localStorage.removeItem(STORAGE_KEYS.signup);
  } catch {
    // Storage blocked: nothing was kept there either.
  }
  logoInMemory = null;
}

/** The unfinished first step of this tab, if it is recent; an old one (or a legacy copy) is removed. */
export function readRecentSignup(now = Date.now()): StoredSignup | null {
  try {
    window.localStorage.removeItem(STORAGE_KEYS.signup);
  } catch {
    // Storage blocked: nothing to remove.
  }
  const stored = readStep('signup');
  if (stored && (!stored.savedAt || now - stored.savedAt > SIGNUP_KEPT_MS)) {
    writeStep('signup', null);
    return null;
  }
  return stored;
}


/** Keeps the logo for the address step; answers false when local storage refused it. */
export function keepLogo(dataUrl: string | null): boolean {
  logoInMemory = dataUrl;
  return writeStep('imageData', dataUrl);
}

export function keptLogo(): string | null {
  return readStep('imageData') ?? logoInMemory;
}

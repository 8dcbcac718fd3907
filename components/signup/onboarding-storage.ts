'use client';

import type { AddressSuggestion } from '@/lib/geo/types';
import type { CompanySize } from '@/lib/companies/schemas';

/**
 * The sign-up steps kept in the browser (accounts spec §3 "Stored keys") so a reload keeps them;
 * cleared once the company exists. Passwords are never stored.
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
  userId?: number;
  created?: boolean;
  logged?: boolean;
};
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

export function readStep<K extends keyof Shapes>(key: K): Shapes[K] | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS[key]);
    if (raw == null) return null;
    return (key === 'imageData' ? raw : JSON.parse(raw)) as Shapes[K];
  } catch {
    return null;
  }
}

/** Answers false when the browser refused (private mode, quota). */
export function writeStep<K extends keyof Shapes>(key: K, value: Shapes[K] | null): boolean {
  try {
    if (value == null) window.localStorage.removeItem(STORAGE_KEYS[key]);
    else window.localStorage.setItem(STORAGE_KEYS[key], typeof value === 'string' ? value : JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function clearOnboarding() {
  for (const key of Object.keys(STORAGE_KEYS) as (keyof Shapes)[]) writeStep(key, null);
}

// The logo also stays in memory for the next step, in case the browser refused to store it.
let logoInMemory: string | null = null;

/** Keeps the logo for the address step; answers false when local storage refused it. */
export function keepLogo(dataUrl: string | null): boolean {
  logoInMemory = dataUrl;
  return writeStep('imageData', dataUrl);
}

export function keptLogo(): string | null {
  return readStep('imageData') ?? logoInMemory;
}

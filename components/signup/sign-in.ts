'use client';

import { signIn } from 'next-auth/react';
import { readTermsChoice } from '@/components/shell/terms';

const DEVICE_KEY = 'tna.deviceId';

/** The browser's 8-character device id (spec §3), shared with the login form through the same key. */
function deviceId() {
  try {
    const kept = window.localStorage.getItem(DEVICE_KEY);
    if (kept && /^[a-z0-9]{8}$/.test(kept)) return kept;
    const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const id = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => alphabet[b % alphabet.length]).join('');
    window.localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return undefined;
  }
}

/**
 * next-auth credentials sign-in without leaving the page. `createRole` is the driver-to-company
 * login (spec §3): the account gains the Employer role. Answers null on success, else the message
 * the login service gave (next-auth's generic code when it gave none).
 */
export async function signInInPlace(email: string, password: string, opts: { createRole?: boolean } = {}): Promise<string | null> {
  const res = await signIn('credentials', {
    redirect: false,
    email,
    password,
    role: 'employer',
    device_id: deviceId(),
    terms_accepted: String(readTermsChoice() === 'true'),
    ...(opts.createRole ? { create_role: 'true' } : {}),
  });
  if (!res) return 'There was a problem with communication';
  return res.error ?? null;
}

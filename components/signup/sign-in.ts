'use client';

import { signIn } from 'next-auth/react';
import { readTermsChoice } from '@/components/shell/terms';
import { deviceId } from '@/lib/auth/device-id';


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

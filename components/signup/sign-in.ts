'use client';

import { readTermsChoice } from '@/components/shell/terms';
import { signInWithCredentials } from '@/lib/auth/client-session';
import { deviceId } from '@/lib/auth/device-id';
import { isOffline, NETWORK_ERROR } from '@/lib/api/client';

/**
 * next-auth credentials sign-in without leaving the page. `createRole` is the driver-to-company
 * login (spec §3): the account gains the Employer role. Answers null on success, else the message
 * the login service gave (next-auth's generic code when it gave none).
 */
export async function signInInPlace(email: string, password: string, opts: { createRole?: boolean } = {}): Promise<string | null> {
  if (isOffline()) return NETWORK_ERROR;
  return signInWithCredentials({
    email,
    password,
    role: 'employer',
    device_id: deviceId(),
    terms_accepted: String(readTermsChoice() === 'true'),
    ...(opts.createRole ? { create_role: 'true' } : {}),
  }).catch(() => NETWORK_ERROR);
}

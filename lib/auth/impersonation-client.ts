'use client';

import { ApiError, NETWORK_ERROR, messageFor } from '@/lib/api/client';
import type { ImpersonationInfo } from './impersonation-session';

type Answer = { impersonation: ImpersonationInfo | null; redirect: string };

/**
 * The browser's side of impersonation (app/api/auth/impersonation): the server swaps the tokens
 * inside the httpOnly session cookie; the page only learns who it is now and where to go.
 */
async function post(body: Record<string, unknown>): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch('/api/auth/impersonation', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(NETWORK_ERROR, 0);
  }
  const json = (await res.json().catch(() => null)) as { data?: Answer } | null;
  if (!res.ok || !json?.data) throw new ApiError(messageFor(res.status, json), res.status);
  return json.data;
}

export const startImpersonation = (userId: number) => post({ action: 'start', user_id: userId });
export const renewImpersonation = () => post({ action: 'renew' });
export const leaveImpersonation = () => post({ action: 'leave' });

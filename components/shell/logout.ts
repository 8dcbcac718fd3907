'use client';

import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { signOutLocally } from '@/lib/auth/client-session';
import { clearAccountStorage } from '@/lib/browser/account-storage';
import { announceSignedOut } from '@/lib/browser/session-channel';
import { forgetDraftsInMemory } from '@/lib/jobs/draft';
import { clearOnboarding } from '@/components/signup/onboarding-storage';
import { hardNavigate } from './navigate';

/**
 * Signs the user out everywhere this browser knows about: the API session family is revoked first
 * (POST /auth/logout), then next-auth clears its cookie, cached queries are dropped, what the
 * browser kept for the account (job drafts, sign-up steps) is removed and the user lands on /login.
 * A failed revoke call never keeps anyone signed in.
 */
export async function logout(queryClient?: QueryClient) {
  await api('/auth/logout', { method: 'POST' }).catch(() => undefined);
  queryClient?.clear();
  clearAccountStorage();
  clearOnboarding();
  forgetDraftsInMemory();
  // No redirect from next-auth: its URL comes from NEXTAUTH_URL, which may name another host or port.
  await signOutLocally();
  // The account's other tabs leave their pages too.
  announceSignedOut();
  hardNavigate('/login');
}
